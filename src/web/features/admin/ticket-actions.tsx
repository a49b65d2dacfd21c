import type { Ticket } from "@shared/schemas/ticket.ts";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { cn } from "@web/lib/cn.ts";
import { CheckCircle2, UserCheck } from "lucide-react";
import { useAssignTicket, useUpdateTicket } from "./api.ts";

/**
 * The spec's two quick actions: 'Assign to Me' on an open ticket (it moves to in_progress,
 * assigned to the caller) and 'Mark Resolved' on an in_progress one. In a queue row (`sm`)
 * on a screen narrower than `lg` the button shows only its icon, with its words as a tooltip
 * and in its accessible name: a labelled button would widen the queue past a tablet's width.
 */
export function TicketQuickActions({
  ticket,
  size = "sm",
}: {
  ticket: Pick<Ticket, "id" | "status" | "subject">;
  size?: "sm" | "default";
}) {
  const assign = useAssignTicket();
  const update = useUpdateTicket();
  const row = size === "sm";
  const iconOnly = cn(row && "max-lg:size-9 max-lg:px-0");
  const words = (text: string) => <span className={cn(row && "max-lg:sr-only")}>{text}</span>;
  if (ticket.status === "open") {
    return (
      <Button
        size={size}
        className={iconOnly}
        onClick={() => assign.mutate({ id: ticket.id })}
        disabled={assign.isPending}
        aria-label={row ? `Assign to Me: ${ticket.subject}` : undefined}
        title={row ? "Assign to Me" : undefined}
      >
        <BusyLabel busy={assign.isPending} icon={<UserCheck aria-hidden="true" />}>
          {words("Assign to Me")}
        </BusyLabel>
      </Button>
    );
  }
  if (ticket.status === "in_progress") {
    return (
      <Button
        size={size}
        variant="outline"
        className={iconOnly}
        onClick={() => update.mutate({ id: ticket.id, status: "resolved" })}
        disabled={update.isPending}
        aria-label={row ? `Mark Resolved: ${ticket.subject}` : undefined}
        title={row ? "Mark Resolved" : undefined}
      >
        <BusyLabel busy={update.isPending} icon={<CheckCircle2 aria-hidden="true" />}>
          {words("Mark Resolved")}
        </BusyLabel>
      </Button>
    );
  }
  return null;
}
