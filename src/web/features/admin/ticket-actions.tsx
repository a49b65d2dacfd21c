import type { Ticket } from "@shared/schemas/ticket.ts";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { CheckCircle2, UserCheck } from "lucide-react";
import { useAssignTicket, useUpdateTicket } from "./api.ts";

/**
 * The spec's two quick actions: 'Assign to Me' on an open ticket (it moves to in_progress,
 * assigned to the caller) and 'Mark Resolved' on an in_progress one.
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
  if (ticket.status === "open") {
    return (
      <Button
        size={size}
        onClick={() => assign.mutate({ id: ticket.id })}
        disabled={assign.isPending}
        aria-label={size === "sm" ? `Assign to Me: ${ticket.subject}` : undefined}
      >
        <BusyLabel busy={assign.isPending} icon={<UserCheck aria-hidden="true" />}>
          Assign to Me
        </BusyLabel>
      </Button>
    );
  }
  if (ticket.status === "in_progress") {
    return (
      <Button
        size={size}
        variant="outline"
        onClick={() => update.mutate({ id: ticket.id, status: "resolved" })}
        disabled={update.isPending}
        aria-label={size === "sm" ? `Mark Resolved: ${ticket.subject}` : undefined}
      >
        <BusyLabel busy={update.isPending} icon={<CheckCircle2 aria-hidden="true" />}>
          Mark Resolved
        </BusyLabel>
      </Button>
    );
  }
  return null;
}
