import { POLICY_SORTS } from "@shared/endpoints/policies.ts";
import { formatPaise, formatShortDate } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import type { AdminPolicyListItem } from "@shared/schemas/policy.ts";
import { POLICY_STATUSES } from "@shared/schemas/policy.ts";
import {
  CityFilter,
  ClearFilters,
  DateRangeFilter,
  PlanFilter,
  SearchBox,
  toOptions,
  ViewFilterSelect,
} from "@web/components/lists/filter-controls.tsx";
import { fullName, POLICY_STATUS_LABELS } from "@web/components/lists/labels.ts";
import { ACTIONS, ListTable } from "@web/components/lists/list-table.tsx";
import { emptyList, FilteredPagedList, type Sorting, useSort } from "@web/components/lists/paged-list.tsx";
import { useListFilters, useListView } from "@web/components/lists/use-list-view.ts";
import { FileText } from "lucide-react";
import { useAdminPolicies } from "./api.ts";
import { IssuePolicyDialog } from "./issue-policy-dialog.tsx";
import { PolicyActions } from "./policy-actions.tsx";
import { PolicyStatusBadge } from "./status-badges.tsx";
import { customerColumn, RowLink } from "./ticket-cells.tsx";

/**
 * Warranty Policies: a page at a time, newest first, filtered, sorted and searched from the
 * address (its parameters start with `policy`, so the ticket list's beside it keep theirs).
 * With `customerId`, one customer's policies on their staff page.
 */
export function PoliciesPanel({ customerId }: { customerId?: number }) {
  const view = useListView("policy");
  const sorting = useSort(view, { sort: "created", dir: "desc" }, POLICY_SORTS, { status: "asc" });
  const { draft, setDraft, filters, filtered, clear, params } = useListFilters(
    view,
    ["status", "plan", "city", "from", "to"],
    sorting,
  );
  const set = view.set;
  const policies = useAdminPolicies({ ...params, userId: customerId ? String(customerId) : "" });
  const oneCustomer = customerId !== undefined;

  return (
    <FilteredPagedList
      filters={
        <>
          {oneCustomer ? null : (
            <SearchBox
              label="Search policies"
              value={draft}
              onChange={setDraft}
              placeholder="Policy number, customer or phone"
              className="min-w-56 flex-1"
            />
          )}
          <ViewFilterSelect
            view={view}
            name="status"
            label="Status"
            allLabel="All statuses"
            options={toOptions(POLICY_STATUSES, POLICY_STATUS_LABELS)}
            className="w-40"
          />
          {oneCustomer ? null : (
            <>
              <PlanFilter value={filters.plan} onChange={(plan) => set({ plan })} />
              <CityFilter value={filters.city} onChange={(city) => set({ city })} />
              <DateRangeFilter verb="Issued" from={filters.from} to={filters.to} onChange={set} />
            </>
          )}
          <ClearFilters visible={filtered} onClear={clear} />
          {oneCustomer ? null : (
            <div className="ml-auto">
              <IssuePolicyDialog />
            </div>
          )}
        </>
      }
      query={policies}
      view={view}
      noun={["policy", "policies"]}
      empty={emptyList(filtered, {
        icon: <FileText aria-hidden="true" />,
        none: {
          title: "No policies yet",
          text: oneCustomer
            ? "Use 'Issue Policy' to give this customer a warranty."
            : "Issue a policy to a customer to see it here.",
        },
        noMatch: {
          title: "No policies match these filters",
          text: "Try another status, plan, city or search.",
        },
      })}
    >
      {(items) => <PoliciesTable items={items} showCustomer={!oneCustomer} sorting={sorting} />}
    </FilteredPagedList>
  );
}

type PolicyRow = Pick<AdminPolicyListItem, "purchase" | "planName"> &
  Partial<Pick<AdminPolicyListItem, "customer" | "awaitingHomeowner">>;

/** the customer's column: who holds the policy, or whom a partner's handover waits for */
function holderColumn() {
  const customer = customerColumn(
    ({ customer }: PolicyRow) => (customer ? { ...customer, name: fullName(customer) } : undefined),
    "max-w-40 2xl:max-w-56",
    "lg",
  );
  return {
    ...customer,
    cell: (row: PolicyRow) =>
      row.awaitingHomeowner ? <AwaitingHomeowner {...row.awaitingHomeowner} /> : customer.cell(row),
  };
}

type Awaiting = NonNullable<AdminPolicyListItem["awaitingHomeowner"]>;

/** whom a handover waits for: the name the partner typed, else the address */
const awaitedName = ({ name, email }: Awaiting) => name ?? email;

function AwaitingHomeowner(awaiting: Awaiting) {
  return (
    <>
      <div className="font-medium">{awaitedName(awaiting)}</div>
      <div className="text-xs text-muted-foreground">Waiting for the homeowner to accept</div>
    </>
  );
}

function PoliciesTable({
  items,
  showCustomer = false,
  sorting,
}: {
  items: PolicyRow[];
  showCustomer?: boolean;
  sorting: Sorting<(typeof POLICY_SORTS)[number]>;
}) {
  return (
    <ListTable
      label="Warranty policies"
      items={items}
      rowKey={({ purchase }) => purchase.id}
      row={({ purchase }) => ({ "data-testid": `policy-row-${purchase.policyNumber}` })}
      sorting={sorting}
      columns={[
        {
          head: "Policy",
          className: "whitespace-nowrap",
          cell: ({ purchase: p, planName, customer, awaitingHomeowner: awaiting }) => (
            <>
              <RowLink href={paths.purchase(p.id)} className="font-mono text-xs">
                {p.policyNumber}
              </RowLink>
              {/* narrower screens: the city and the customer under the number, not in columns of their own */}
              <div className="text-xs text-muted-foreground">
                {planName}
                <span className="xl:hidden"> · {p.propertyCity}</span>
              </div>
              {showCustomer && (customer || awaiting) ? (
                <div className="text-xs whitespace-normal text-muted-foreground lg:hidden">
                  {customer ? fullName(customer) : `${awaiting && awaitedName(awaiting)}, waiting to accept`}
                </div>
              ) : null}
            </>
          ),
        },
        showCustomer && holderColumn(),
        { head: "Property city", from: "xl", cell: ({ purchase }) => purchase.propertyCity },
        {
          head: "Issued",
          sort: "created",
          from: "lg",
          className: "text-xs whitespace-nowrap text-muted-foreground",
          cell: ({ purchase }) => (
            <time dateTime={purchase.createdAt}>{formatShortDate(purchase.createdAt)}</time>
          ),
        },
        {
          head: "Cover",
          className: "text-xs whitespace-nowrap",
          cell: ({ purchase }) => (
            <>
              <div>{formatShortDate(purchase.startDate)}</div>
              <div className="text-muted-foreground">to {formatShortDate(purchase.endDate)}</div>
            </>
          ),
        },
        {
          head: "Amount",
          align: "right",
          className: "whitespace-nowrap tabular-nums",
          cell: ({ purchase }) => formatPaise(purchase.totalAmount),
        },
        {
          head: "Status",
          sort: "status",
          cell: ({ purchase: p }) => (
            <>
              <PolicyStatusBadge status={p.status} />
              {p.status === "cancelled" && p.cancelReason ? (
                <div className="mt-1 max-w-48 truncate text-xs text-muted-foreground" title={p.cancelReason}>
                  {p.cancelReason}
                </div>
              ) : null}
            </>
          ),
        },
        {
          ...ACTIONS,
          align: "right",
          className: "whitespace-nowrap",
          cell: ({ purchase }) => <PolicyActions purchase={purchase} />,
        },
      ]}
    />
  );
}
