import { CUSTOMER_SORTS } from "@shared/endpoints/customers.ts";
import { formatShortDate } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import { Table, TableBody, TableCell, TableHead, TableRow } from "@web/components/ui/table.tsx";
import { AdminShell } from "@web/features/admin/admin-shell.tsx";
import { useAdminCustomers } from "@web/features/admin/api.ts";
import { CityFilter, ClearFilters, SearchBox } from "@web/features/admin/filter-controls.tsx";
import { formatCount, fullName } from "@web/features/admin/labels.ts";
import { FilteredPagedList, ListHead, SortableHead, useSort } from "@web/features/admin/paged-list.tsx";
import { RowLink } from "@web/features/admin/ticket-cells.tsx";
import { useListFilters, useListView } from "@web/features/admin/use-list-view.ts";
import { RequireAdmin } from "@web/features/auth/guards.tsx";
import { Users } from "lucide-react";
import { BACK_TO_DASHBOARD } from "./admin-frame.tsx";

export default function AdminCustomersPage() {
  return (
    <RequireAdmin>
      <Customers />
    </RequireAdmin>
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
        empty={{
          icon: <Users aria-hidden="true" />,
          title: filtered ? "No customer matches" : "No customers yet",
          text: filtered
            ? "Try part of a name, an e-mail, a phone number or a policy number."
            : "Customers appear here once they register.",
        }}
      >
        {(items) => (
          <Table aria-label="Customers">
            <ListHead>
              <SortableHead column="name" sorting={sorting}>
                Customer
              </SortableHead>
              <TableHead>Phone</TableHead>
              <TableHead className="hidden md:table-cell">City</TableHead>
              <TableHead className="text-right">Policies</TableHead>
              <TableHead className="text-right">Open tickets</TableHead>
              <SortableHead column="created" sorting={sorting} className="hidden lg:table-cell">
                Joined
              </SortableHead>
            </ListHead>
            <TableBody>
              {items.map((c) => (
                <TableRow key={c.id}>
                  <TableCell className="min-w-52">
                    <RowLink href={paths.adminCustomer(c.id)}>{fullName(c)}</RowLink>
                    <div className="text-xs text-muted-foreground">
                      {c.email} · @{c.username}
                    </div>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {c.phone ?? <span className="text-muted-foreground">—</span>}
                  </TableCell>
                  <TableCell className="hidden md:table-cell">
                    {[c.city, c.state].filter(Boolean).join(", ") || (
                      <span className="text-muted-foreground">—</span>
                    )}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{c.policyCount}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {c.openTicketCount > 0 ? (
                      <span className="font-semibold text-amber-800 dark:text-amber-200">
                        {c.openTicketCount}
                      </span>
                    ) : (
                      0
                    )}
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap text-muted-foreground lg:table-cell">
                    {formatShortDate(c.createdAt)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </FilteredPagedList>
    </AdminShell>
  );
}
