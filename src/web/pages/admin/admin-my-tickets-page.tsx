import { formatDateTime } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import { TableSkeleton } from "@web/components/lists/list-table.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { EmptyState } from "@web/components/ui/empty-state.tsx";
import { AdminShell } from "@web/features/admin/admin-shell.tsx";
import { useAdminTickets } from "@web/features/admin/api.ts";
import { PriorityBadge, TicketStatusBadge } from "@web/features/admin/status-badges.tsx";
import { RequireStaff } from "@web/features/auth/guards.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { ChevronRight, Wrench } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";

/**
 * The tickets assigned to the signed-in person, the ones still open first: a technician's
 * console (the server gives a technician no other tickets), and a shortcut for staff.
 */
export default function AdminMyTicketsPage() {
  return (
    <RequireStaff>
      <AdminShell
        title="My tickets"
        path={paths.adminTickets}
        description="Tickets assigned to you. Open one to reply, arrange a visit or record what came of it."
      >
        <MyTickets />
      </AdminShell>
    </RequireStaff>
  );
}

function MyTickets() {
  const [showAll, setShowAll] = useState(false);
  const q = useAdminTickets({
    assignee: "mine",
    status: showAll ? "" : "open,in_progress",
    sort: "updated",
    dir: "desc",
    limit: "50",
  });
  return (
    <div className="grid gap-3">
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-5"
          checked={showAll}
          onChange={(e) => setShowAll(e.target.checked)}
        />
        Include resolved and closed tickets
      </label>
      {q.isPending ? (
        <Card>
          <TableSkeleton />
        </Card>
      ) : q.isError ? (
        <Card>
          <p role="alert" className="p-4 text-sm text-danger">
            {errorMessage(q.error, "Your tickets could not be loaded.")}
          </p>
        </Card>
      ) : q.data.items.length === 0 ? (
        <Card>
          <EmptyState icon={<Wrench aria-hidden="true" />} title="No tickets assigned to you">
            New work appears here as soon as the office assigns it to you.
          </EmptyState>
        </Card>
      ) : (
        // a card a ticket, the whole card one link: read and tapped on a phone, the subject wraps
        // rather than pushing the page wider than the screen
        <ul className="grid gap-3 md:grid-cols-2" data-testid="assigned-tickets">
          {q.data.items.map((r) => (
            <li key={r.ticket.id} className="min-w-0">
              <Link
                href={paths.adminTicket(r.ticket.id)}
                className="flex h-full items-start gap-3 rounded-xl border bg-card p-4 shadow-xs hover:border-primary/50 hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <div className="grid min-w-0 flex-1 gap-1.5">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-sm text-muted-foreground">#{r.ticket.id}</span>
                    <TicketStatusBadge status={r.ticket.status} />
                    <PriorityBadge priority={r.ticket.priority} />
                  </p>
                  <p className="font-semibold break-words">{r.ticket.subject}</p>
                  <p className="text-sm break-words text-muted-foreground">
                    {r.firstName} {r.lastName} · {r.planName}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Updated <time dateTime={r.ticket.updatedAt}>{formatDateTime(r.ticket.updatedAt)}</time>
                  </p>
                </div>
                <ChevronRight aria-hidden="true" className="mt-1 size-5 shrink-0 text-muted-foreground" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {q.data && q.data.total > q.data.items.length ? (
        <p className="text-sm text-muted-foreground">
          Showing the {q.data.items.length} most recently updated of {q.data.total}.
        </p>
      ) : null}
    </div>
  );
}
