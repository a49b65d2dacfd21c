import type { Ticket } from "@shared/schemas/ticket.ts";
import { Button } from "@web/components/ui/button.tsx";
import { CheckCircle2, Loader2, UserCheck } from "lucide-react";
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
        {assign.isPending ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <UserCheck aria-hidden="true" />
        )}
        Assign to Me
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
        {update.isPending ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <CheckCircle2 aria-hidden="true" />
        )}
        Mark Resolved
      </Button>
    );
  }
  return null;
}
