import { transferDetails } from "./common.ts";
import type { Content, TemplateData } from "./types.ts";

export const transferCancelled = (d: TemplateData["transfer_cancelled"]): Content => ({
  subject: `The transfer of policy ${d.policyNumber} was cancelled`,
  heading: "The transfer was cancelled",
  paragraphs: [
    `Hello ${d.name}, the seller cancelled the transfer of the warranty of the home in ${d.city}, so the link we sent you no longer works.`,
    "If you think this is a mistake, please talk to the seller, or call us.",
  ],
  details: transferDetails(d),
});
