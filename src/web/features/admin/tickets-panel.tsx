import { TICKET_SORTS } from "@shared/endpoints/tickets.ts";
import type { AdminTicketListItem } from "@shared/schemas/ticket.ts";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "@shared/schemas/ticket.ts";
import {
  CityFilter,
  ClearFilters,
  DateRangeFilter,
  FilterSelect,
  PlanFilter,
  SearchBox,
  toOptions,
} from "@web/components/lists/filter-controls.tsx";
import {
  formatAgo,
  fullName,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
} from "@web/components/lists/labels.ts";
import { ACTIONS, ListTable } from "@web/components/lists/list-table.tsx";
import { PagedListStates, type Sorting, useSort } from "@web/components/lists/paged-list.tsx";
import {
  type ListView,
  TICKET_VIEW,
  useListFilters,
  useListView,
  useRememberView,
} from "@web/components/lists/use-list-view.ts";
import { SlaDue } from "@web/components/sla-due.tsx";
import { NotInPlanBadge } from "@web/components/status/covered-item.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { cn } from "@web/lib/cn.ts";
import { LifeBuoy, SlidersHorizontal } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { useAdminTickets, useStaffMembers, useStaffStats } from "./api.ts";
import { ShortcutsHelp, useQueueShortcuts } from "./queue-shortcuts.tsx";
import { PriorityBadge, TicketStatusBadge } from "./status-badges.tsx";
import { TicketQuickActions } from "./ticket-actions.tsx";
import { TicketAssignMenu } from "./ticket-assign-menu.tsx";
import { customerColumn, PolicyAndPlan, TicketAge, TicketLink } from "./ticket-cells.tsx";
import { QUEUE, TICKET_SORTING, ticketListQuery, ticketStatusOf } from "./ticket-view.ts";

const STATUS_OPTIONS = [
  { value: QUEUE, label: "Open and in progress" },
  ...toOptions(TICKET_STATUSES, TICKET_STATUS_LABELS),
  { value: "all", label: "All statuses" },
];

/**
 * Support Tickets tab: the queue a page at a time, most urgent first, with every filter, sort,
 * search and page in the address. Mine and Unassigned are one click away, and the keys
 * j, k, Enter, r, a, s and ? work the queue without a mouse.
 */
export function TicketsPanel() {
  const view = useListView();
  useRememberView(TICKET_VIEW);
  const sorting = useSort(view, TICKET_SORTING.fallback, TICKET_SORTS, TICKET_SORTING.firstDir);
  const status = ticketStatusOf(view.get);
  const { q, draft, setDraft, filters, filtered, clear } = useListFilters(
    view,
    ["status", "priority", "assignee", "plan", "city", "from", "to"],
    sorting,
  );
  const set = view.set;
  // the same read the server made for /admin's first render (ticket-view.ts)
  const tickets = useAdminTickets(ticketListQuery(view.get));
  const moreSet = Boolean(filters.plan || filters.city || filters.from || filters.to);
  const [more, setMore] = useState(moreSet);

  const table = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const [help, setHelp] = useState(false);
  const openHelp = useCallback(() => setHelp(true), []);
  useQueueShortcuts({ table, search, onHelp: openHelp });

  return (
    <Card className="overflow-hidden">
      <div className="grid gap-2 border-b p-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <AssigneeViews value={filters.assignee} onChange={(assignee) => set({ assignee })} />
          <ShortcutsHelp open={help} onOpenChange={setHelp} />
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <SearchBox
            label="Search tickets"
            value={draft}
            onChange={setDraft}
            placeholder="Ticket #, subject, customer, phone or policy"
            className="min-w-56 flex-1"
            inputRef={search}
            shortcut="s"
          />
          <FilterSelect
            label="Status"
            value={status}
            onChange={(v) => set({ status: v === (q ? "all" : QUEUE) ? "" : v })}
            options={STATUS_OPTIONS}
            // wide enough for its longest choice, "Open and in progress", to show whole
            className="w-56"
          />
          <FilterSelect
            label="Priority"
            allLabel="All priorities"
            value={filters.priority}
            onChange={(priority) => set({ priority })}
            options={toOptions(TICKET_PRIORITIES, TICKET_PRIORITY_LABELS)}
            className="w-40"
          />
          <AssigneeFilter value={filters.assignee} onChange={(assignee) => set({ assignee })} />
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="h-9"
            aria-expanded={more}
            aria-controls="ticket-more-filters"
            onClick={() => setMore(!more)}
          >
            <SlidersHorizontal aria-hidden="true" /> More filters
            {moreSet ? (
              <>
                <span aria-hidden="true" className="size-2 rounded-full bg-primary" />
                <span className="sr-only">(some set)</span>
              </>
            ) : null}
          </Button>
          <ClearFilters visible={filtered} onClear={clear} />
        </div>
        <div id="ticket-more-filters" hidden={!more} className="flex flex-wrap items-end gap-3">
          <PlanFilter value={filters.plan} onChange={(plan) => set({ plan })} enabled={more} />
          <CityFilter value={filters.city} onChange={(city) => set({ city })} enabled={more} />
          <DateRangeFilter verb="Raised" from={filters.from} to={filters.to} onChange={set} />
        </div>
      </div>
      <div ref={table}>
        <TicketList
          query={tickets}
          view={view}
          sorting={sorting}
          empty={{
            title: filtered ? "No tickets match these filters" : "The queue is clear",
            text: filtered
              ? "Try another status, priority or search."
              : "No ticket is open or in progress. New tickets from customers appear here.",
          }}
        />
      </div>
    </Card>
  );
}

/** The quick views of the queue: everyone's, mine, nobody's (the same as the Assignee filter). */
function AssigneeViews({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const stats = useStaffStats();
  const views = [
    { value: "", label: "All tickets" },
    { value: "mine", label: "Mine", count: stats.data?.mine },
    { value: "unassigned", label: "Unassigned", count: stats.data?.unassigned },
  ];
  return (
    <fieldset className="inline-flex rounded-lg bg-muted p-1">
      <legend className="sr-only">Whose tickets</legend>
      {views.map((v) => {
        const active = value === v.value || (v.value === "" && !["mine", "unassigned"].includes(value));
        return (
          <button
            key={v.label}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(v.value)}
            className={cn(
              "flex cursor-pointer items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
              active && "bg-card text-foreground shadow-sm",
            )}
          >
            {v.label}
            {v.count !== undefined ? (
              <span
                className="rounded-full bg-background px-1.5 text-xs tabular-nums"
                title="Open or in progress"
              >
                {v.count}
              </span>
            ) : null}
          </button>
        );
      })}
    </fieldset>
  );
}

function AssigneeFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const staff = useStaffMembers();
  return (
    <FilterSelect
      label="Assignee"
      allLabel="Anyone"
      value={value}
      onChange={onChange}
      options={[
        { value: "mine", label: "Mine" },
        { value: "unassigned", label: "Unassigned" },
        ...(staff.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
      ]}
      className="w-44"
    />
  );
}

/** One customer's tickets on their staff page, every status, newest first. */
export function CustomerTicketsPanel({ customerId }: { customerId: number }) {
  const view = useListView("ticket");
  const sorting = useSort(view, { sort: "created", dir: "desc" }, TICKET_SORTS, {
    updated: "desc",
    priority: "desc",
    status: "asc",
  });
  const tickets = useAdminTickets({
    customer: String(customerId),
    status: "all",
    sort: sorting.sort,
    dir: sorting.dir,
    cursor: view.cursor,
  });
  return (
    <Card className="overflow-hidden">
      <TicketList
        query={tickets}
        view={view}
        sorting={sorting}
        empty={{ title: "No tickets", text: "This customer has not raised a support ticket." }}
        showCustomer={false}
      />
    </Card>
  );
}

/** A page of tickets at a time, in the queue or on a customer's page, with its empty and failed states. */
function TicketList({
  query,
  view,
  sorting,
  empty,
  showCustomer = true,
}: {
  query: ReturnType<typeof useAdminTickets>;
  view: ListView;
  sorting: Sorting<(typeof TICKET_SORTS)[number]>;
  empty: { title: string; text: string };
  showCustomer?: boolean;
}) {
  return (
    <PagedListStates
      query={query}
      view={view}
      noun={["ticket", "tickets"]}
      empty={{ icon: <LifeBuoy aria-hidden="true" />, ...empty }}
    >
      {(items) => <TicketsTable items={items} sorting={sorting} showCustomer={showCustomer} />}
    </PagedListStates>
  );
}

function TicketsTable({
  items,
  sorting,
  showCustomer,
}: {
  items: AdminTicketListItem[];
  sorting: Sorting<(typeof TICKET_SORTS)[number]>;
  showCustomer: boolean;
}) {
  const now = Date.now();
  return (
    <ListTable
      label="Support tickets"
      // compact rows on a laptop and up, one line each, so a screen holds a screenful of the queue
      className="xl:[&_td]:py-0.5"
      items={items}
      rowKey={(item) => item.ticket.id}
      row={(item) => ({
        "data-testid": `ticket-row-${item.ticket.id}`,
        "data-ticket-id": item.ticket.id,
        tabIndex: -1,
        // the row j and k land on: tinted, with a bar down its left edge (cells, since rows draw no shadow)
        className:
          "outline-none focus:bg-primary/10 focus:hover:bg-primary/10 [&:focus>td:first-child]:shadow-[inset_4px_0_0_var(--color-ring)]",
      })}
      sorting={sorting}
      columns={[
        {
          head: "Ticket",
          // narrower from md to lg, where the other five columns must fit beside it on a tablet
          className: "max-w-80 min-w-44 md:min-w-36 lg:min-w-48",
          cell: ({ ticket: t, ...item }) => (
            <>
              <div className="xl:flex xl:items-center xl:[&>a]:line-clamp-1">
                <TicketLink id={t.id} subject={t.subject} />
                {t.coveredByPlan === false ? <NotInPlanBadge className="ml-2 shrink-0 align-middle" /> : null}
              </div>
              {/* narrower screens: the customer and policy under the subject, not in columns of their own */}
              <div className={cn("mt-0.5 text-xs text-muted-foreground", "xl:hidden")}>
                {showCustomer ? <span className="xl:hidden">{fullName(item)} · </span> : null}
                <span className="font-mono">{item.policyNumber}</span>
              </div>
            </>
          ),
        },
        showCustomer &&
          customerColumn(
            (item: AdminTicketListItem) => ({
              id: item.ticket.userId,
              name: fullName(item),
              email: item.email,
            }),
            // one line a row from xl to 2xl: the e-mail shows on the customer's page and finds them in search
            "max-w-40 xl:max-2xl:hidden",
            "xl",
          ),
        {
          head: "Policy",
          from: "xl",
          className: "whitespace-nowrap",
          cell: (item) => (
            <PolicyAndPlan
              policyNumber={item.policyNumber}
              planName={item.planName}
              planClassName="hidden 2xl:block"
            />
          ),
        },
        {
          head: "Priority",
          sort: "priority",
          cell: (item) => <PriorityBadge priority={item.ticket.priority} />,
        },
        {
          head: "Status",
          sort: "status",
          cell: (item) => (
            <div className="xl:flex xl:items-center xl:gap-2">
              <TicketStatusBadge status={item.ticket.status} className="whitespace-nowrap" />
              <div className="mt-1 text-xs whitespace-nowrap text-muted-foreground xl:mt-0">
                {item.assigneeName ?? "Unassigned"}
              </div>
            </div>
          ),
        },
        { head: "Due", sort: "due", cell: (item) => <SlaDue sla={item.sla} narrow /> },
        {
          head: "Raised",
          sort: "created",
          className: "whitespace-nowrap text-muted-foreground",
          cell: (item) => <TicketAge createdAt={item.ticket.createdAt} now={now} />,
        },
        {
          head: "Updated",
          sort: "updated",
          from: "2xl",
          className: "whitespace-nowrap text-muted-foreground",
          cell: (item) => (
            // rendered by the server a moment before the browser: "5 min" may have become "6 min"
            <time dateTime={item.ticket.updatedAt} suppressHydrationWarning>
              {formatAgo(item.ticket.updatedAt, now)}
            </time>
          ),
        },
        {
          ...ACTIONS,
          align: "right",
          className: "whitespace-nowrap",
          cell: ({ ticket: t }) => (
            // on a laptop the row's buttons are small icons side by side (their names stay for
            // screen readers and show on hover), so the row keeps to one short line
            <div className="flex flex-col items-end gap-1.5 xl:flex-row xl:items-center xl:justify-end xl:max-2xl:[&_button]:size-7 xl:max-2xl:[&_button]:px-0 xl:max-2xl:[&_button_span]:sr-only">
              <TicketQuickActions ticket={t} />
              {/* a settled ticket has nobody left to hand it to; its page still offers it */}
              {t.status === "open" || t.status === "in_progress" ? (
                <TicketAssignMenu ticket={t} assigneeId={t.assigneeId} compact />
              ) : null}
            </div>
          ),
        },
      ]}
    />
  );
}
