import { paths } from "../../../../shared/paths.ts";
import type { Content, TemplateData } from "./types.ts";

export const staffSlaWarning = (d: TemplateData["staff_sla_warning"]): Content => ({
  subject: `${d.overdue ? "Overdue" : "Due soon"}: ticket #${d.ticketId} ${d.target} by ${d.due}`,
  heading: d.overdue ? `The ${d.target} is overdue` : `The ${d.target} is due soon`,
  paragraphs: [
    d.overdue
      ? `Ticket #${d.ticketId} "${d.subject}" passed its ${d.target} target at ${d.due}.`
      : `Ticket #${d.ticketId} "${d.subject}" has used three quarters of its ${d.target} target, due ${d.due} (business hours).`,
  ],
  action: { label: "Open the ticket", path: paths.adminTicket(d.ticketId) },
});
