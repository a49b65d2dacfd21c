import { formatSoon } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import type { TicketListItem } from "@shared/schemas/ticket.ts";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { COMPANY } from "@web/lib/company.ts";
import { ArrowRight, CircleCheckBig, ImagePlus } from "lucide-react";
import { Link } from "wouter";

/**
 * When a reply is due, from the ticket's service-level clock (its first-reply target, in
 * business hours): "We'll reply by Mon 1 pm". Without a clock (no target set for the plan),
 * what the business hours promise instead.
 */
export function replyPromise(dueAt: string | null, now = new Date()): string {
  return dueAt
    ? `We'll reply by ${formatSoon(dueAt, now)} (India time).`
    : `We'll reply as soon as we can in business hours (${COMPANY.shortHours}).`;
}

/** "New" beside a ticket the customer has just raised */
export function NewBadge() {
  return <Badge tone="info">New</Badge>;
}

/**
 * Above the tickets, after raising one: the ticket that was sent, when to expect a reply,
 * and the way to add photos. It stays (the toast fades) until the customer leaves the page.
 * Shown only in the browser: the reply time is said relative to now.
 */
export function NewTicketNotice({ ticket }: { ticket: TicketListItem }) {
  return (
    <section
      aria-labelledby="new-ticket-title"
      className="mb-6 flex flex-col gap-4 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
      data-testid="new-ticket-notice"
    >
      <div className="flex min-w-0 gap-3">
        <CircleCheckBig aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        <div className="min-w-0">
          <h3 id="new-ticket-title" className="flex flex-wrap items-center gap-2 font-semibold">
            Support ticket created <NewBadge />
          </h3>
          <p className="mt-0.5 text-sm break-words">
            #{ticket.id} · {ticket.subject}
          </p>
          <p className="mt-1 text-sm font-medium" data-testid="reply-promise">
            {replyPromise(ticket.dueAt)}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button asChild size="sm">
          <Link href={paths.ticketReply(ticket.id)}>
            <ImagePlus aria-hidden="true" /> Add photos
          </Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link href={paths.ticket(ticket.id)}>
            View ticket <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
