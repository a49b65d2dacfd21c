import { paths } from "../../../../shared/paths.ts";
import type { Content, TemplateData } from "./types.ts";

export const ticketReply = (d: TemplateData["ticket_reply"]): Content => ({
  subject: `New reply on your ticket #${d.ticketId}: ${d.subject}`,
  heading: "We replied to your ticket",
  paragraphs: [`Hello ${d.name}, ${d.from} replied to your ticket #${d.ticketId} "${d.subject}":`],
  quote: d.body,
  action: { label: "Read and reply", path: paths.ticket(d.ticketId) },
});
