import { paths } from "../../../../shared/paths.ts";
import { formatVisitSlot } from "../../../../shared/schemas/visit.ts";
import type { Content, TemplateData } from "./types.ts";

export const visitProposed = (d: TemplateData["visit_proposed"]): Content => ({
  subject: `${d.changed ? "A new time for" : "A technician visit for"} your ticket #${d.ticketId}`,
  heading: d.changed ? "A new time for our technician's visit" : "Our technician would like to visit",
  paragraphs: [
    `Hello ${d.name}, for your ticket #${d.ticketId} "${d.subject}" our technician can come on ${formatVisitSlot(d.startsAt, d.endsAt)}.`,
    "Please confirm the time, or ask for another one if it does not suit you. The invitation is attached for your calendar.",
  ],
  details: [["When", formatVisitSlot(d.startsAt, d.endsAt)]],
  action: { label: "Confirm this time", path: `${paths.visitAnswer}?token=${d.token}&action=confirm` },
  secondary: { label: "Ask for another time", path: `${paths.visitAnswer}?token=${d.token}&action=change` },
  calendar: d.calendar,
});
