import { Button } from "@web/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@web/components/ui/dropdown-menu.tsx";
import { cn } from "@web/lib/cn.ts";
import { Check, ChevronDown, Loader2, UserPlus } from "lucide-react";
import { useState } from "react";
import { useAssignTicket, useStaffMembers } from "./api.ts";

/**
 * "Assign to…": hands a ticket to any staff member, not only to oneself. The staff list is
 * read when the menu first opens, once for every row. Choosing someone gives the same
 * 'Ticket assigned' toast as 'Assign to Me'.
 */
export function TicketAssignMenu({
  ticket,
  assigneeId,
  compact = false,
}: {
  ticket: { id: number; subject: string };
  /** the current assignee, ticked in the list */
  assigneeId?: number | null;
  /** an icon button for table rows */
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const staff = useStaffMembers(open);
  const assign = useAssignTicket();
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size={compact ? "icon" : "sm"}
          className={cn(compact && "size-9")}
          disabled={assign.isPending}
          aria-label={compact ? `Assign to…: ${ticket.subject}` : undefined}
          title={compact ? "Assign to…" : undefined}
        >
          {assign.isPending ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <UserPlus aria-hidden="true" />
          )}
          {compact ? null : (
            <>
              Assign to… <ChevronDown aria-hidden="true" />
            </>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-80 overflow-y-auto">
        <DropdownMenuLabel>Assign #{ticket.id} to</DropdownMenuLabel>
        {staff.isPending ? (
          <DropdownMenuItem disabled>
            <Loader2 aria-hidden="true" className="animate-spin" /> Loading staff…
          </DropdownMenuItem>
        ) : staff.isError ? (
          <DropdownMenuItem disabled>The staff list could not be loaded.</DropdownMenuItem>
        ) : (
          staff.data.map((member) => (
            <DropdownMenuItem
              key={member.id}
              onSelect={() => assign.mutate({ id: ticket.id, assigneeId: member.id })}
            >
              <Check aria-hidden="true" className={cn(member.id !== assigneeId && "invisible")} />
              {member.name}
              {member.role === "technician" ? (
                <span className="text-xs text-muted-foreground">Technician</span>
              ) : null}
            </DropdownMenuItem>
          ))
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
