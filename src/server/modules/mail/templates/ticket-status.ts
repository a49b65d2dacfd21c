import { paths } from "../../../../shared/paths.ts";
import { STATUS_WORDS } from "./common.ts";
import type { Content, TemplateData } from "./types.ts";

export const ticketStatus = (d: TemplateData["ticket_status"]): Content => ({
  subject: `Your ticket #${d.ticketId} ${STATUS_WORDS[d.change]}`,
  heading: `Your ticket ${STATUS_WORDS[d.change]}`,
  paragraphs: [
    `Hello ${d.name}, your ticket #${d.ticketId} "${d.subject}" ${STATUS_WORDS[d.change]}${
      d.change === "assigned" && d.assignee ? ` by ${d.assignee}` : ""
    }.`,
    d.change === "resolved"
      ? "If anything is still not right, reply on the ticket page and we will look again."
      : d.change === "closed"
        ? "If you need more help, you can raise a new ticket from your dashboard."
        : "We will keep you posted here and on the ticket page.",
  ],
  action: { label: "View your ticket", path: paths.ticket(d.ticketId) },
});
