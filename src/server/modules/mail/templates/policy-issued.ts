import { formatDate } from "../../../../shared/format.ts";
import { paths } from "../../../../shared/paths.ts";
import { policyDetails } from "./common.ts";
import type { Content, TemplateData } from "./types.ts";

export const policyIssued = (d: TemplateData["policy_issued"]): Content => ({
  subject: `Your policy ${d.policyNumber} has been issued`,
  heading: "Your policy has been issued",
  paragraphs: [
    `Hello ${d.name}, your ${d.planName} policy has been issued. Its cover starts on ${formatDate(d.startDate)}.`,
  ],
  details: policyDetails(d),
  action: { label: "View your policy", path: paths.purchase(d.purchaseId) },
});
