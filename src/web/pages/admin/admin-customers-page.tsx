import { formatShortDate } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import { Card } from "@web/components/ui/card.tsx";
import { EmptyState } from "@web/components/ui/empty-state.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@web/components/ui/table.tsx";
import { AdminShell, TableSkeleton } from "@web/features/admin/admin-shell.tsx";
import { useAdminCustomers } from "@web/features/admin/api.ts";
import { SearchBox } from "@web/features/admin/filter-controls.tsx";
import { fullName } from "@web/features/admin/labels.ts";
import { RequireAdmin } from "@web/features/auth/guards.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { AlertTriangle, Users } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "wouter";

export default function AdminCustomersPage() {
  return (
    <RequireAdmin>
      <Customers />
    </RequireAdmin>
  );
}

function Customers() {
  const customers = useAdminCustomers();
  const [search, setSearch] = useState("");
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    if (!customers.data || !needle) return customers.data ?? [];
    return customers.data.filter((c) =>
      [fullName(c), c.email, c.username, c.phone ?? "", c.city ?? ""].some((v) =>
        v.toLowerCase().includes(needle),
      ),
    );
  }, [customers.data, search]);

  return (
    <AdminShell
      title="Customers"
      path={paths.adminCustomers}
      description={
        customers.data
          ? `${customers.data.length} registered ${customers.data.length === 1 ? "customer" : "customers"}`
          : null
      }
      back={{ href: paths.admin, label: "Dashboard" }}
    >
      <Card className="overflow-hidden">
        <div className="border-b p-4">
          <SearchBox
            label="Find a customer"
            value={search}
            onChange={setSearch}
            placeholder="Name, e-mail, phone or city"
            className="max-w-md"
          />
        </div>
        <p className="sr-only" aria-live="polite">
          {customers.data ? `${shown.length} shown` : ""}
        </p>
        {customers.isPending ? (
          <TableSkeleton />
        ) : customers.isError ? (
          <EmptyState icon={<AlertTriangle aria-hidden="true" />} title="Could not load customers">
            {errorMessage(customers.error, "Please reload the page.")}
          </EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState
            icon={<Users aria-hidden="true" />}
            title={search ? "No customer matches" : "No customers yet"}
          >
            {search
              ? "Try part of a name, an e-mail or a phone number."
              : "Customers appear here once they register."}
          </EmptyState>
        ) : (
          <Table aria-label="Customers">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Customer</TableHead>
                <TableHead>Phone</TableHead>
                <TableHead className="hidden md:table-cell">City</TableHead>
                <TableHead className="text-right">Policies</TableHead>
                <TableHead className="text-right">Open tickets</TableHead>
                <TableHead className="hidden lg:table-cell">Joined</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((c) => (
                <TableRow key={c.id}>
                  <TableCell className="min-w-52">
                    <Link
                      href={paths.adminCustomer(c.id)}
                      className="font-semibold text-foreground hover:text-primary hover:underline"
                    >
                      {fullName(c)}
                    </Link>
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
      </Card>
    </AdminShell>
  );
}
