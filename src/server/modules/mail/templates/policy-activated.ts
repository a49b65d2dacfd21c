import { paths } from "../../../../shared/paths.ts";
import { policyDetails } from "./common.ts";
import type { Content, TemplateData } from "./types.ts";

export const policyActivated = (d: TemplateData["policy_activated"]): Content => ({
  subject: `Your policy ${d.policyNumber} is now active`,
  heading: "Your cover is active",
  paragraphs: [
    `Hello ${d.name}, your ${d.planName} policy is now active. You can raise a support ticket on it at any time from your dashboard.`,
  ],
  details: policyDetails(d),
  action: { label: "View your policy", path: paths.purchase(d.purchaseId) },
});
