import { formatDate } from "../../../../shared/format.ts";
import { paths } from "../../../../shared/paths.ts";
import { policyDetails } from "./common.ts";
import type { Content, TemplateData } from "./types.ts";

export const policyReminder = (d: TemplateData["policy_reminder"]): Content => ({
  subject: `Your policy ${d.policyNumber} ends in ${d.days} days`,
  heading: `Your cover ends in ${d.days} days`,
  paragraphs: [
    `Hello ${d.name}, your ${d.planName} policy ends on ${formatDate(d.endDate)}. Renew it now, on the same plan or a higher one, so that your interiors stay covered.`,
  ],
  details: policyDetails(d),
  action: { label: "Renew your policy", path: paths.renewPurchase(d.purchaseId) },
});
