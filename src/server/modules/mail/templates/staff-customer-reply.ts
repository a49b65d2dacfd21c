import { paths } from "../../../../shared/paths.ts";
import type { Content, TemplateData } from "./types.ts";

export const staffCustomerReply = (d: TemplateData["staff_customer_reply"]): Content => ({
  subject: `Customer reply on ticket #${d.ticketId}: ${d.subject}`,
  heading: "The customer replied",
  paragraphs: [`${d.customer} replied on ticket #${d.ticketId} "${d.subject}":`],
  quote: d.body,
  action: { label: "Open the ticket", path: paths.adminTicket(d.ticketId) },
});
