import { paths } from "../../../../shared/paths.ts";
import type { Content, TemplateData } from "./types.ts";

export const staffNewTicket = (d: TemplateData["staff_new_ticket"]): Content => ({
  subject: `New ticket #${d.ticketId}: ${d.subject}`,
  heading: "A new support ticket",
  paragraphs: [`${d.customer} raised ticket #${d.ticketId} on policy ${d.policyNumber}.`],
  details: [
    ["Subject", d.subject],
    ["Priority", d.priority],
  ],
  action: { label: "Open the ticket", path: paths.adminTicket(d.ticketId) },
});
