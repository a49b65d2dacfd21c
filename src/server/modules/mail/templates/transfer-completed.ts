import { formatDate } from "../../../../shared/format.ts";
import { paths } from "../../../../shared/paths.ts";
import { transferDetails } from "./common.ts";
import type { Content, TemplateData } from "./types.ts";

export const transferCompleted = (d: TemplateData["transfer_completed"]): Content => ({
  subject: `Policy ${d.policyNumber} has moved to the new owner`,
  heading: d.role === "buyer" ? "The warranty is now yours" : "Your policy has been transferred",
  paragraphs: [
    d.role === "buyer"
      ? `Hello ${d.name}, the ${d.planName} policy of the home in ${d.city} is now in your name, with the same cover to ${formatDate(d.endDate)}. Its certificate has been reissued to you, and you can raise a support ticket on it from your dashboard.`
      : `Hello ${d.name}, your policy ${d.policyNumber} is now in the new owner's name. Your past support tickets stay in your dashboard to read.`,
  ],
  details: transferDetails(d),
  action:
    d.role === "buyer"
      ? { label: "View your policy", path: paths.purchase(d.purchaseId) }
      : { label: "Open your dashboard", path: paths.dashboard },
});
