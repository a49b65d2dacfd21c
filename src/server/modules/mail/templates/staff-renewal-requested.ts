import { formatPaise } from "../../../../shared/format.ts";
import { paths } from "../../../../shared/paths.ts";
import type { Content, TemplateData } from "./types.ts";

export const staffRenewalRequested = (d: TemplateData["staff_renewal_requested"]): Content => ({
  subject: `Renewal requested: ${d.policyNumber}`,
  heading: "A customer asked to renew",
  paragraphs: [
    `${d.customer} asked to renew policy ${d.policyNumber} on the ${d.planName} plan (${formatPaise(d.amount)}).`,
    d.status === "inspection_required"
      ? "The policy has lapsed: book an inspection visit and record its result before taking payment."
      : "Take the payment and activate the renewal with its reference.",
  ],
  action: { label: "Open the renewals", path: paths.adminRenewals },
});
