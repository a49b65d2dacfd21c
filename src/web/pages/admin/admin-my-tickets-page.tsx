import { formatDateTime } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import { Card } from "@web/components/ui/card.tsx";
import { EmptyState } from "@web/components/ui/empty-state.tsx";
import { AdminShell, TableSkeleton } from "@web/features/admin/admin-shell.tsx";
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
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} />
        Include resolved and closed tickets
      </label>
      <Card>
        {q.isPending ? (
          <TableSkeleton />
        ) : q.isError ? (
          <p role="alert" className="p-4 text-sm text-danger">
            {errorMessage(q.error, "Your tickets could not be loaded.")}
          </p>
        ) : q.data.items.length === 0 ? (
          <EmptyState icon={<Wrench aria-hidden="true" />} title="No tickets assigned to you">
            New work appears here as soon as the office assigns it to you.
          </EmptyState>
        ) : (
          <ul className="divide-y" data-testid="assigned-tickets">
            {q.data.items.map((r) => (
              <li key={r.ticket.id}>
                <Link
                  href={paths.adminTicket(r.ticket.id)}
                  className="flex items-center gap-3 px-4 py-3 hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold">
                      <span className="font-mono text-muted-foreground">#{r.ticket.id}</span>{" "}
                      {r.ticket.subject}
                    </p>
                    <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                      <span>
                        {r.firstName} {r.lastName}
                      </span>
                      <TicketStatusBadge status={r.ticket.status} />
                      <PriorityBadge priority={r.ticket.priority} />
                      <span>
                        Updated{" "}
                        <time dateTime={r.ticket.updatedAt}>{formatDateTime(r.ticket.updatedAt)}</time>
                      </span>
                    </p>
                  </div>
                  <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {q.data && q.data.total > q.data.items.length ? (
        <p className="text-sm text-muted-foreground">
          Showing the {q.data.items.length} most recently updated of {q.data.total}.
        </p>
      ) : null}
    </div>
  );
}
