import { formatDateTime } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import {
  SECURITY_EVENT_TYPES,
  type SecurityEvent,
  type SecurityEventType,
} from "@shared/schemas/security.ts";
import { ViewFilterSelect } from "@web/components/lists/filter-controls.tsx";
import { type Column, ListTable } from "@web/components/lists/list-table.tsx";
import { FilteredPagedList } from "@web/components/lists/paged-list.tsx";
import { useListView } from "@web/components/lists/use-list-view.ts";
import { NoValue } from "@web/features/admin/ticket-cells.tsx";
import { StaffTwoFactorCard } from "@web/features/auth/staff-two-factor-card.tsx";
import { apiPageQuery } from "@web/lib/api.ts";
import { usePagedQuery } from "@web/lib/paged-query.ts";
import { ShieldCheck } from "lucide-react";
import { AdminPage } from "./admin-frame.tsx";

const EVENT_LABELS: Record<SecurityEventType, string> = {
  signed_in: "Signed in",
  sign_in_failed: "Sign-in failed",
  signed_out: "Signed out",
  password_changed: "Password changed",
  two_factor_failed: "Two-factor code refused",
  two_factor_enabled: "Two-factor sign-in turned on",
  two_factor_disabled: "Two-factor sign-in turned off",
  recovery_codes_regenerated: "Recovery codes replaced",
  current_password_refused: "Wrong current password",
  recovery_code_used: "Recovery code used",
  staff_two_factor_rule_changed: "Staff two-factor rule changed",
  unauthorized: "Refused: not signed in (401)",
  forbidden: "Refused: not allowed (403)",
  rate_limited: "Refused: too many requests (429)",
};
const EVENT_OPTIONS = SECURITY_EVENT_TYPES.map((value) => ({ value, label: EVENT_LABELS[value] }));

/**
 * The security log: sign-ins, failed sign-ins, sign-outs, refused requests and password
 * changes, newest first, a page at a time. The request id finds the same request in the
 * server's log.
 */
export default function AdminSecurityPage() {
  return (
    <AdminPage
      title="Security Log"
      path={paths.adminSecurity}
      description="Two-factor sign-in for you and for all staff; then sign-ins, failed sign-ins, sign-outs, refused requests and password changes, newest first."
    >
      <div className="grid gap-6">
        <StaffTwoFactorCard />
        <SecurityLog />
      </div>
    </AdminPage>
  );
}

function SecurityLog() {
  const view = useListView();
  const type = view.get("type");
  const events = usePagedQuery(
    apiPageQuery("GET /api/admin/security-events", { query: { type, cursor: view.cursor } }),
  );
  return (
    <FilteredPagedList
      query={events}
      view={view}
      noun={["event", "events"]}
      empty={{
        icon: <ShieldCheck aria-hidden="true" />,
        title: type ? "No events of this kind" : "No security events yet",
        text: "Sign-ins and refused requests appear here as they happen.",
      }}
      filters={
        <ViewFilterSelect
          view={view}
          name="type"
          label="Event"
          allLabel="All events"
          options={EVENT_OPTIONS}
          className="w-72"
        />
      }
    >
      {(items) => <ListTable label="Security events" items={items} columns={COLUMNS} />}
    </FilteredPagedList>
  );
}

const COLUMNS: Column<SecurityEvent>[] = [
  { head: "When", className: "whitespace-nowrap tabular-nums", cell: (e) => formatDateTime(e.createdAt) },
  { head: "Event", cell: (e) => EVENT_LABELS[e.type] ?? e.type },
  { head: "Account", cell: (e) => e.username ?? <NoValue /> },
  { head: "Address", className: "font-mono text-xs", cell: (e) => e.ip ?? "—" },
  {
    head: "Request",
    className: "text-xs",
    cell: (e) => (
      <>
        <div>{e.route ?? "—"}</div>
        <div className="font-mono text-muted-foreground">{e.requestId ?? ""}</div>
      </>
    ),
  },
];
