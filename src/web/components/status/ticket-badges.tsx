import type { TicketPriority, TicketStatus } from "@shared/schemas/ticket.ts";
import { Badge } from "@web/components/ui/badge.tsx";
import { cn } from "@web/lib/cn.ts";

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: "Open",
  in_progress: "In Progress",
  resolved: "Resolved",
  closed: "Closed",
};

export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};

// dark text on a pale tint in light mode, pale text on a deep tint in dark mode: both
// stay well above 4.5:1 for the 12 px badge text
const STATUS_TONES: Record<TicketStatus, string> = {
  open: "bg-sky-100 text-sky-900 ring-sky-700/20 dark:bg-sky-950 dark:text-sky-100 dark:ring-sky-300/30",
  in_progress:
    "bg-amber-100 text-amber-950 ring-amber-700/25 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-300/30",
  resolved:
    "bg-emerald-100 text-emerald-900 ring-emerald-700/20 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-300/30",
  closed:
    "bg-zinc-100 text-zinc-800 ring-zinc-600/20 dark:bg-zinc-800 dark:text-zinc-100 dark:ring-zinc-300/25",
};

const PRIORITY_TONES: Record<TicketPriority, string> = {
  low: "bg-slate-100 text-slate-800 ring-slate-600/20 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-300/25",
  medium:
    "bg-indigo-50 text-indigo-900 ring-indigo-700/20 dark:bg-indigo-950 dark:text-indigo-100 dark:ring-indigo-300/30",
  high: "bg-orange-100 text-orange-950 ring-orange-700/25 dark:bg-orange-950 dark:text-orange-100 dark:ring-orange-300/30",
  urgent: "bg-red-100 text-red-900 ring-red-700/25 dark:bg-red-950 dark:text-red-100 dark:ring-red-300/30",
};

export function TicketStatusBadge({ status, className }: { status: TicketStatus; className?: string }) {
  return (
    <Badge className={cn("ring-1 ring-inset", STATUS_TONES[status], className)} data-status={status}>
      {TICKET_STATUS_LABELS[status]}
    </Badge>
  );
}

export function TicketPriorityBadge({
  priority,
  className,
}: {
  priority: TicketPriority;
  className?: string;
}) {
  return (
    <Badge className={cn("ring-1 ring-inset", PRIORITY_TONES[priority], className)} data-priority={priority}>
      <span className="sr-only">Priority: </span>
      {TICKET_PRIORITY_LABELS[priority]}
    </Badge>
  );
}
