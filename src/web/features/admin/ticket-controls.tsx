import type { AdminTicketDetail } from "@shared/schemas/ticket.ts";
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketPriority,
  type TicketStatus,
} from "@shared/schemas/ticket.ts";
import { TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from "@web/components/lists/labels.ts";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Label, NativeSelect } from "@web/components/ui/input.tsx";
import { useUser } from "@web/lib/use-user.ts";
import { UserCheck } from "lucide-react";
import { useId } from "react";
import { useAssignTicket, useUpdateTicket } from "./api.ts";
import { TicketAssignMenu } from "./ticket-assign-menu.tsx";

/**
 * Status (any of the four) and priority, each saved as soon as it is chosen; every change
 * lands in the status history and the audit log on the server. The select shows the value
 * being saved until the fresh ticket arrives, so it never flickers back.
 */
export function TicketControls({ detail }: { detail: AdminTicketDetail }) {
  const id = useId();
  const { user } = useUser();
  const update = useUpdateTicket();
  const assign = useAssignTicket();
  const t = detail.ticket;
  const pendingStatus = update.isPending ? update.variables?.status : undefined;
  const pendingPriority = update.isPending ? update.variables?.priority : undefined;
  const mine = detail.assignee?.id === user?.id;

  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <NativeSelect
          id={`${id}-status`}
          value={pendingStatus ?? t.status}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ id: t.id, status: e.target.value as TicketStatus })}
        >
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {TICKET_STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-priority`}>Priority</Label>
        <NativeSelect
          id={`${id}-priority`}
          value={pendingPriority ?? t.priority}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ id: t.id, priority: e.target.value as TicketPriority })}
        >
          {TICKET_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {TICKET_PRIORITY_LABELS[p]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <p className="text-sm font-medium">Assignee</p>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span
            className={detail.assignee ? "text-sm" : "text-sm text-muted-foreground"}
            data-testid="assignee"
          >
            {detail.assignee ? `${detail.assignee.name}${mine ? " (you)" : ""}` : "Unassigned"}
          </span>
          <div className="flex flex-wrap gap-2">
            {mine ? null : (
              <Button
                size="sm"
                variant={t.status === "open" ? "default" : "outline"}
                onClick={() => assign.mutate({ id: t.id })}
                disabled={assign.isPending}
              >
                <BusyLabel busy={assign.isPending} icon={<UserCheck aria-hidden="true" />}>
                  Assign to Me
                </BusyLabel>
              </Button>
            )}
            <TicketAssignMenu ticket={t} assigneeId={detail.assignee?.id} />
          </div>
        </div>
      </div>
    </div>
  );
}
