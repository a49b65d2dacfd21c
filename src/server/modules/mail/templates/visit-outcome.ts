import { paths } from "../../../../shared/paths.ts";
import type { Content, TemplateData } from "./types.ts";

export const visitOutcome = (d: TemplateData["visit_outcome"]): Content => ({
  subject: `Visit outcome for your ticket #${d.ticketId}: ${d.outcome}`,
  heading: `After our visit: ${d.outcome}`,
  paragraphs: [
    `Hello ${d.name}, ${d.by} recorded what came of the visit for your ticket #${d.ticketId} "${d.subject}":`,
  ],
  quote: d.notes,
  action: { label: "See the photos and reply", path: paths.ticket(d.ticketId) },
});
