import type { TicketPriority, TicketStatus } from "@shared/schemas/ticket.ts";
import { Badge, type BadgeTone } from "@web/components/ui/badge.tsx";

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

const STATUS_TONES: Record<TicketStatus, BadgeTone> = {
  open: "info",
  in_progress: "waiting",
  resolved: "done",
  closed: "over",
};

const PRIORITY_TONES: Record<TicketPriority, BadgeTone> = {
  low: "low",
  medium: "medium",
  high: "high",
  urgent: "alarm",
};

export function TicketStatusBadge({ status, className }: { status: TicketStatus; className?: string }) {
  return (
    <Badge tone={STATUS_TONES[status]} className={className} data-status={status}>
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
    <Badge tone={PRIORITY_TONES[priority]} className={className} data-priority={priority}>
      <span className="sr-only">Priority: </span>
      {TICKET_PRIORITY_LABELS[priority]}
    </Badge>
  );
}
