import { CUSTOMER_SORTS } from "@shared/endpoints/customers.ts";
import { formatShortDate } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import type { AdminCustomer } from "@shared/schemas/auth.ts";
import { CityFilter, ClearFilters, SearchBox } from "@web/components/lists/filter-controls.tsx";
import { formatCount, fullName } from "@web/components/lists/labels.ts";
import { type Column, ListTable } from "@web/components/lists/list-table.tsx";
import { emptyList, FilteredPagedList, useSort } from "@web/components/lists/paged-list.tsx";
import { useListFilters, useListView } from "@web/components/lists/use-list-view.ts";
import { AdminShell } from "@web/features/admin/admin-shell.tsx";
import { useAdminCustomers } from "@web/features/admin/api.ts";
import { NoValue, RowLink } from "@web/features/admin/ticket-cells.tsx";
import { RequireOffice } from "@web/features/auth/guards.tsx";
import { Users } from "lucide-react";
import { BACK_TO_DASHBOARD } from "./admin-frame.tsx";

const COLUMNS: Column<AdminCustomer, (typeof CUSTOMER_SORTS)[number]>[] = [
  {
    head: "Customer",
    sort: "name",
    className: "min-w-52",
    cell: (c) => (
      <>
        <RowLink href={paths.adminCustomer(c.id)}>{fullName(c)}</RowLink>
        {/* below lg a long address may break anywhere, or it alone would widen the list past a tablet */}
        <div className="text-xs text-muted-foreground max-lg:wrap-anywhere">
          {c.email} · @{c.username}
        </div>
      </>
    ),
  },
  { head: "Phone", className: "whitespace-nowrap", cell: (c) => c.phone ?? <NoValue /> },
  {
    head: "City",
    from: "md",
    cell: (c) => [c.city, c.state].filter(Boolean).join(", ") || <NoValue />,
  },
  { head: "Policies", align: "right", className: "tabular-nums", cell: (c) => c.policyCount },
  {
    head: "Open tickets",
    align: "right",
    className: "tabular-nums",
    cell: (c) =>
      c.openTicketCount > 0 ? (
        <span className="font-semibold text-amber-800 dark:text-amber-200">{c.openTicketCount}</span>
      ) : (
        0
      ),
  },
  {
    head: "Joined",
    sort: "created",
    from: "lg",
    className: "whitespace-nowrap text-muted-foreground",
    cell: (c) => formatShortDate(c.createdAt),
  },
];

export default function AdminCustomersPage() {
  return (
    <RequireOffice>
      <Customers />
    </RequireOffice>
  );
}

function Customers() {
  const view = useListView();
  const sorting = useSort(view, { sort: "created", dir: "desc" }, CUSTOMER_SORTS, { name: "asc" });
  const { draft, setDraft, filters, filtered, clear, params } = useListFilters(view, ["city"], sorting);
  const customers = useAdminCustomers(params);
  const everyone = !filtered && !customers.isPlaceholderData ? customers.data : undefined;

  return (
    <AdminShell
      title="Customers"
      path={paths.adminCustomers}
      description={
        everyone
          ? `${everyone.totalIsEstimate ? "About " : ""}${formatCount(everyone.total, ["registered customer", "registered customers"])}`
          : null
      }
      back={BACK_TO_DASHBOARD}
    >
      <FilteredPagedList
        filters={
          <>
            <SearchBox
              label="Find a customer"
              value={draft}
              onChange={setDraft}
              placeholder="Name, e-mail, phone or policy number"
              className="max-w-md min-w-56 flex-1"
            />
            <CityFilter value={filters.city} onChange={(city) => view.set({ city })} />
            <ClearFilters visible={filtered} onClear={clear} />
          </>
        }
        query={customers}
        view={view}
        noun={["customer", "customers"]}
        empty={emptyList(filtered, {
          icon: <Users aria-hidden="true" />,
          none: { title: "No customers yet", text: "Customers appear here once they register." },
          noMatch: {
            title: "No customer matches",
            text: "Try part of a name, an e-mail, a phone number or a policy number.",
          },
        })}
      >
        {(items) => <ListTable label="Customers" items={items} columns={COLUMNS} sorting={sorting} />}
      </FilteredPagedList>
    </AdminShell>
  );
}
