import type { AdminTicketListItem } from "@shared/schemas/ticket.ts";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "@shared/schemas/ticket.ts";
import { Card } from "@web/components/ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@web/components/ui/table.tsx";
import { LifeBuoy } from "lucide-react";
import { useCallback } from "react";
import { ListQueryStates } from "./admin-shell.tsx";
import { useAdminTickets } from "./api.ts";
import { ClearFilters, FilterSelect, SearchBox, toOptions } from "./filter-controls.tsx";
import { fullName, TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from "./labels.ts";
import { PriorityBadge, TicketStatusBadge } from "./status-badges.tsx";
import { TicketQuickActions } from "./ticket-actions.tsx";
import { PolicyAndPlan, TicketAge, TicketLink } from "./ticket-cells.tsx";
import { useDebouncedCommit, useSearchParam } from "./use-search-param.ts";

/** Support Tickets tab: every ticket, newest first, filtered by status and priority and searched. */
export function TicketsPanel() {
  const [status, setStatus] = useSearchParam("status");
  const [priority, setPriority] = useSearchParam("priority");
  const [q, setQ] = useSearchParam("q");
  const commitQ = useCallback((v: string) => setQ(v), [setQ]);
  const [draft, setDraft] = useDebouncedCommit(q, commitQ);
  const tickets = useAdminTickets({ status, priority, q: q.trim() });
  const filtered = Boolean(status || priority || q);

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-end gap-3 border-b p-4">
        <SearchBox
          label="Search tickets"
          value={draft}
          onChange={setDraft}
          placeholder="Subject, customer or policy number"
          className="min-w-56 flex-1"
        />
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          value={status}
          onChange={setStatus}
          options={toOptions(TICKET_STATUSES, TICKET_STATUS_LABELS)}
          className="w-40"
        />
        <FilterSelect
          label="Priority"
          allLabel="All priorities"
          value={priority}
          onChange={setPriority}
          options={toOptions(TICKET_PRIORITIES, TICKET_PRIORITY_LABELS)}
          className="w-40"
        />
        <ClearFilters
          visible={filtered}
          onClear={() => {
            setStatus("");
            setPriority("");
            setQ("");
          }}
        />
      </div>
      <ListQueryStates
        query={tickets}
        noun={["ticket", "tickets"]}
        empty={{
          icon: <LifeBuoy aria-hidden="true" />,
          title: filtered ? "No tickets match these filters" : "No support tickets yet",
          text: filtered
            ? "Try another status, priority or search."
            : "Tickets raised by customers appear here.",
        }}
      >
        {(items) => <TicketsTable items={items} />}
      </ListQueryStates>
    </Card>
  );
}

function TicketsTable({ items }: { items: AdminTicketListItem[] }) {
  const now = Date.now();
  return (
    <Table aria-label="Support tickets">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Ticket</TableHead>
          <TableHead>Customer</TableHead>
          <TableHead className="hidden lg:table-cell">Policy</TableHead>
          <TableHead>Priority</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Age</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => {
          const t = item.ticket;
          return (
            <TableRow key={t.id} data-testid={`ticket-row-${t.id}`}>
              <TableCell className="max-w-72 min-w-48">
                <TicketLink id={t.id} subject={t.subject} />
                <div className="mt-0.5 font-mono text-xs text-muted-foreground lg:hidden">
                  {item.policyNumber}
                </div>
              </TableCell>
              <TableCell className="min-w-44">
                <div className="font-medium">{fullName(item)}</div>
                <div className="max-w-56 truncate text-xs text-muted-foreground">{item.email}</div>
              </TableCell>
              <TableCell className="hidden whitespace-nowrap lg:table-cell">
                <PolicyAndPlan policyNumber={item.policyNumber} planName={item.planName} />
              </TableCell>
              <TableCell>
                <PriorityBadge priority={t.priority} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <TicketStatusBadge status={t.status} />
                <div className="mt-1 text-xs text-muted-foreground">{item.assigneeName ?? "Unassigned"}</div>
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">
                <TicketAge createdAt={t.createdAt} now={now} />
              </TableCell>
              <TableCell className="text-right whitespace-nowrap">
                <TicketQuickActions ticket={t} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
