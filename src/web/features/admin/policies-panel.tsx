import { formatPaise, formatShortDate } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import type { AdminPolicyListItem } from "@shared/schemas/policy.ts";
import { POLICY_STATUSES } from "@shared/schemas/policy.ts";
import { Card } from "@web/components/ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@web/components/ui/table.tsx";
import { FileText } from "lucide-react";
import { Link } from "wouter";
import { ListQueryStates } from "./admin-shell.tsx";
import { useAdminPolicies } from "./api.ts";
import { ClearFilters, FilterSelect, toOptions } from "./filter-controls.tsx";
import { IssuePolicyDialog } from "./issue-policy-dialog.tsx";
import { fullName, POLICY_STATUS_LABELS } from "./labels.ts";
import { PolicyActions } from "./policy-actions.tsx";
import { PolicyStatusBadge } from "./status-badges.tsx";
import { useSearchParam } from "./use-search-param.ts";

/** Warranty Policies tab: every policy, newest first, filtered by status; issue, activate, cancel. */
export function PoliciesPanel() {
  const [status, setStatus] = useSearchParam("policyStatus");
  const policies = useAdminPolicies({ status });
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-end gap-3 border-b p-4">
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          value={status}
          onChange={setStatus}
          options={toOptions(POLICY_STATUSES, POLICY_STATUS_LABELS)}
          className="w-44"
        />
        <ClearFilters visible={Boolean(status)} onClear={() => setStatus("")} />
        <div className="ml-auto">
          <IssuePolicyDialog />
        </div>
      </div>
      <ListQueryStates
        query={policies}
        noun={["policy", "policies"]}
        empty={{
          icon: <FileText aria-hidden="true" />,
          title: status ? "No policies with this status" : "No policies yet",
          text: status ? "Choose another status." : "Issue a policy to a customer to see it here.",
        }}
      >
        {(items) => <PoliciesTable items={items} showCustomer />}
      </ListQueryStates>
    </Card>
  );
}

export function PoliciesTable({
  items,
  showCustomer = false,
}: {
  items: (Pick<AdminPolicyListItem, "purchase" | "planName"> & {
    customer?: AdminPolicyListItem["customer"];
  })[];
  showCustomer?: boolean;
}) {
  return (
    <Table aria-label="Warranty policies">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Policy</TableHead>
          {showCustomer ? <TableHead>Customer</TableHead> : null}
          <TableHead className="hidden lg:table-cell">Property city</TableHead>
          <TableHead>Cover</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map(({ purchase: p, planName, customer }) => (
          <TableRow key={p.id} data-testid={`policy-row-${p.policyNumber}`}>
            <TableCell className="whitespace-nowrap">
              <Link
                href={paths.purchase(p.id)}
                className="font-mono text-xs font-semibold text-foreground hover:text-primary hover:underline"
              >
                {p.policyNumber}
              </Link>
              <div className="text-xs text-muted-foreground">
                {planName}
                <span className="lg:hidden"> · {p.propertyCity}</span>
              </div>
            </TableCell>
            {showCustomer && customer ? (
              <TableCell className="min-w-44">
                <Link
                  href={paths.adminCustomer(customer.id)}
                  className="font-medium text-foreground hover:text-primary hover:underline"
                >
                  {fullName(customer)}
                </Link>
                <div className="max-w-56 truncate text-xs text-muted-foreground">{customer.email}</div>
              </TableCell>
            ) : null}
            <TableCell className="hidden lg:table-cell">{p.propertyCity}</TableCell>
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
