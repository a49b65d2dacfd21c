import { paths } from "../../../../shared/paths.ts";
import type { Content, TemplateData } from "./types.ts";

export const ticketReceived = (d: TemplateData["ticket_received"]): Content => ({
  subject: `We received your ticket #${d.ticketId}: ${d.subject}`,
  heading: "We received your ticket",
  paragraphs: [
    `Hello ${d.name}, thank you for writing to us. Your ticket #${d.ticketId} "${d.subject}" is with our support team, and we will reply on the ticket page.`,
  ],
  action: { label: "View your ticket", path: paths.ticket(d.ticketId) },
});
