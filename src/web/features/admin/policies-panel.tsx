import { POLICY_SORTS } from "@shared/endpoints/policies.ts";
import { formatPaise, formatShortDate } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import type { AdminPolicyListItem } from "@shared/schemas/policy.ts";
import { POLICY_STATUSES } from "@shared/schemas/policy.ts";
import { Table, TableBody, TableCell, TableHead, TableRow } from "@web/components/ui/table.tsx";
import { FileText } from "lucide-react";
import { useAdminPolicies } from "./api.ts";
import {
  CityFilter,
  ClearFilters,
  DateRangeFilter,
  PlanFilter,
  SearchBox,
  toOptions,
  ViewFilterSelect,
} from "./filter-controls.tsx";
import { IssuePolicyDialog } from "./issue-policy-dialog.tsx";
import { fullName, POLICY_STATUS_LABELS } from "./labels.ts";
import {
  ActionsHead,
  FilteredPagedList,
  ListHead,
  SortableHead,
  type Sorting,
  useSort,
} from "./paged-list.tsx";
import { PolicyActions } from "./policy-actions.tsx";
import { PolicyStatusBadge } from "./status-badges.tsx";
import { CustomerCell, RowLink } from "./ticket-cells.tsx";
import { useListFilters, useListView } from "./use-list-view.ts";

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
      empty={{
        icon: <FileText aria-hidden="true" />,
        title: filtered ? "No policies match these filters" : "No policies yet",
        text: filtered
          ? "Try another status, plan, city or search."
          : oneCustomer
            ? "Use 'Issue Policy' to give this customer a warranty."
            : "Issue a policy to a customer to see it here.",
      }}
    >
      {(items) => <PoliciesTable items={items} showCustomer={!oneCustomer} sorting={sorting} />}
    </FilteredPagedList>
  );
}

export function PoliciesTable({
  items,
  showCustomer = false,
  sorting,
}: {
  items: (Pick<AdminPolicyListItem, "purchase" | "planName"> & {
    customer?: AdminPolicyListItem["customer"];
  })[];
  showCustomer?: boolean;
  sorting: Sorting<(typeof POLICY_SORTS)[number]>;
}) {
  return (
    <Table aria-label="Warranty policies">
      <ListHead>
        <TableHead>Policy</TableHead>
        {showCustomer ? <TableHead>Customer</TableHead> : null}
        <TableHead className="hidden lg:table-cell">Property city</TableHead>
        <SortableHead column="created" sorting={sorting} className="hidden lg:table-cell">
          Issued
        </SortableHead>
        <TableHead>Cover</TableHead>
        <TableHead className="text-right">Amount</TableHead>
        <SortableHead column="status" sorting={sorting}>
          Status
        </SortableHead>
        <ActionsHead className="text-right" />
      </ListHead>
      <TableBody>
        {items.map(({ purchase: p, planName, customer }) => (
          <TableRow key={p.id} data-testid={`policy-row-${p.policyNumber}`}>
            <TableCell className="whitespace-nowrap">
              <RowLink href={paths.purchase(p.id)} className="font-mono text-xs">
                {p.policyNumber}
              </RowLink>
              <div className="text-xs text-muted-foreground">
                {planName}
                <span className="lg:hidden"> · {p.propertyCity}</span>
              </div>
            </TableCell>
            {showCustomer && customer ? (
              <CustomerCell
                id={customer.id}
                name={fullName(customer)}
                email={customer.email}
                emailWidth="max-w-56"
              />
            ) : null}
            <TableCell className="hidden lg:table-cell">{p.propertyCity}</TableCell>
            <TableCell className="hidden text-xs whitespace-nowrap text-muted-foreground lg:table-cell">
              <time dateTime={p.createdAt}>{formatShortDate(p.createdAt)}</time>
            </TableCell>
            <TableCell className="text-xs whitespace-nowrap">
              <div>{formatShortDate(p.startDate)}</div>
              <div className="text-muted-foreground">to {formatShortDate(p.endDate)}</div>
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {formatPaise(p.totalAmount)}
            </TableCell>
            <TableCell>
              <PolicyStatusBadge status={p.status} />
              {p.status === "cancelled" && p.cancelReason ? (
                <div className="mt-1 max-w-48 truncate text-xs text-muted-foreground" title={p.cancelReason}>
                  {p.cancelReason}
                </div>
              ) : null}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap">
              <PolicyActions purchase={p} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
