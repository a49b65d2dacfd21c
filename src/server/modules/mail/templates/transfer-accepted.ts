import { paths } from "../../../../shared/paths.ts";
import { transferDetails } from "./common.ts";
import type { Content, TemplateData } from "./types.ts";

export const transferAccepted = (d: TemplateData["transfer_accepted"]): Content => ({
  subject: `Transfer of policy ${d.policyNumber} accepted`,
  heading: "The transfer was accepted",
  paragraphs: [
    d.role === "buyer"
      ? `Hello ${d.name}, thank you for accepting the warranty of the home in ${d.city}.`
      : `Hello ${d.name}, the buyer accepted the transfer of your policy ${d.policyNumber}.`,
    "Our team checks every transfer of this plan and will write to you both once it is approved, usually within one working day.",
  ],
  details: transferDetails(d),
  action:
    d.role === "buyer"
      ? { label: "Open your dashboard", path: paths.dashboard }
      : { label: "View your policy", path: paths.purchase(d.purchaseId) },
});
