import { paths } from "../../../../shared/paths.ts";
import type { Content, TemplateData } from "./types.ts";

export const staffTicketAssigned = (d: TemplateData["staff_ticket_assigned"]): Content => ({
  subject: `Ticket #${d.ticketId} assigned to you: ${d.subject}`,
  heading: "A ticket is yours",
  paragraphs: [
    `${d.by} assigned ticket #${d.ticketId} "${d.subject}" (${d.priority} priority) from ${d.customer} to you.`,
    "Open it to read the claim and arrange a visit from your free slots.",
  ],
  action: { label: "Open the ticket", path: paths.adminTicket(d.ticketId) },
});
