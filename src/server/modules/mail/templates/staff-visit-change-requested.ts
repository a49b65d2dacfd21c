import { paths } from "../../../../shared/paths.ts";
import { formatVisitSlot } from "../../../../shared/schemas/visit.ts";
import type { Content, TemplateData } from "./types.ts";

export const staffVisitChangeRequested = (d: TemplateData["staff_visit_change_requested"]): Content => ({
  subject: `Another visit time asked for on ticket #${d.ticketId}: ${d.subject}`,
  heading: "The customer asked for another time",
  paragraphs: [
    `${d.customer} cannot take the visit offered for ticket #${d.ticketId} "${d.subject}", ${formatVisitSlot(d.startsAt, d.endsAt)}, and wrote:`,
  ],
  quote: d.note,
  action: { label: "Propose a new time", path: paths.adminTicket(d.ticketId) },
});
