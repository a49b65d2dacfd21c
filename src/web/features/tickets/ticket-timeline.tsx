import { formatDateTime } from "@shared/format.ts";
import type { TicketHistoryEntry, TicketStatus } from "@shared/schemas/ticket.ts";
import { TICKET_STATUS_LABELS } from "@web/components/status/ticket-badges.tsx";
import { cn } from "@web/lib/cn.ts";
import { CheckCircle2, CircleDot, Clock3, Lock } from "lucide-react";

const ICONS: Record<TicketStatus, typeof CircleDot> = {
  open: CircleDot,
  in_progress: Clock3,
  resolved: CheckCircle2,
  closed: Lock,
};

const DOT_TONES: Record<TicketStatus, string> = {
  open: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200",
  in_progress: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200",
  resolved: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  closed: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200",
};

function raisedLabel(entry: TicketHistoryEntry): string {
  if (entry.fromStatus === null) return "Ticket raised";
  return `${TICKET_STATUS_LABELS[entry.fromStatus]} → ${TICKET_STATUS_LABELS[entry.toStatus]}`;
}

/**
 * The status changes of a ticket, oldest first. Shared by the customer portal and the
 * admin console, so it shows only what both may see (the history has no internal notes).
 */
export function TicketTimeline({
  history,
  className,
}: {
  history: TicketHistoryEntry[];
  className?: string;
}) {
  if (history.length === 0) {
    return <p className={cn("text-sm text-muted-foreground", className)}>No status changes yet.</p>;
  }
  return (
    <ol className={cn("relative space-y-5", className)} aria-label="Status history">
      {history.map((entry, i) => {
        const Icon = ICONS[entry.toStatus];
        const last = i === history.length - 1;
        return (
          <li key={entry.id} className="relative flex gap-3">
            {last ? null : (
              <span
                aria-hidden="true"
                className="absolute top-8 bottom-[-1.25rem] left-[0.9375rem] w-px bg-border"
              />
            )}
            <span
              aria-hidden="true"
              className={cn(
                "relative flex size-8 shrink-0 items-center justify-center rounded-full",
                DOT_TONES[entry.toStatus],
              )}
            >
              <Icon className="size-4" />
            </span>
            <div className="min-w-0 pt-1">
              <p className="text-sm font-semibold">
                {entry.fromStatus === null ? raisedLabel(entry) : TICKET_STATUS_LABELS[entry.toStatus]}
                {entry.fromStatus === null ? null : (
                  <span className="sr-only"> (changed from {TICKET_STATUS_LABELS[entry.fromStatus]})</span>
                )}
              </p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                {entry.changedBy ? <> · by {entry.changedBy}</> : null}
              </p>
              {entry.note && entry.note !== "Ticket raised" ? (
                <p className="mt-1 text-sm text-muted-foreground">{entry.note}</p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
