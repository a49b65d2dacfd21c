import { formatDate } from "../../../../shared/format.ts";
import { paths } from "../../../../shared/paths.ts";
import { transferDetails } from "./common.ts";
import type { Content, TemplateData } from "./types.ts";

export const transferInvite = (d: TemplateData["transfer_invite"]): Content => ({
  subject: `${d.sellerFirstName} is transferring a home warranty to you`,
  heading: "A home warranty is being transferred to you",
  paragraphs: [
    `Hello ${d.name}, ${d.sellerFirstName} is handing over the ${d.planName} warranty of the home in ${d.city} to you as its new owner. The cover runs to ${formatDate(d.endDate)}.`,
    `To accept, open the link below and sign in, or create an account, with this e-mail address. The link works once and for ${d.days} days.${
      d.needsApproval ? " Our team then checks the transfer before the policy is yours." : ""
    }`,
    "If you are not buying this home, you can ignore this e-mail.",
  ],
  details: transferDetails(d),
  action: {
    label: "Accept the warranty",
    path: `${paths.transfer}#token=${d.token}${d.email ? `&email=${encodeURIComponent(d.email)}` : ""}`,
  },
});
