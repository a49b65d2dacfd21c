import { transferDetails } from "./common.ts";
import type { Content, TemplateData } from "./types.ts";

export const transferDeclined = (d: TemplateData["transfer_declined"]): Content => ({
  subject: `The transfer of policy ${d.policyNumber} was not approved`,
  heading: "The transfer was not approved",
  paragraphs: [
    d.role === "buyer"
      ? `Hello ${d.name}, our team could not approve the transfer of the warranty of the home in ${d.city} to you.`
      : `Hello ${d.name}, our team could not approve the transfer of your policy ${d.policyNumber}: it stays in your name.`,
    "Please call or write to us and we will tell you why and what can be done.",
  ],
  details: transferDetails(d),
});
