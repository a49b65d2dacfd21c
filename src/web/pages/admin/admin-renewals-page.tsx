import { paths } from "@shared/paths.ts";
import { AdminShell } from "@web/features/admin/admin-shell.tsx";
import { RenewalsPanel } from "@web/features/admin/renewals-panel.tsx";
import { RequireAdmin } from "@web/features/auth/guards.tsx";

/** Policy renewals: inspections to record and payments to activate first. */
export default function AdminRenewalsPage() {
  return (
    <RequireAdmin>
      <AdminShell
        title="Renewals"
        path={paths.adminRenewals}
        description="Holders renewing their policies. Record a lapsed policy's inspection, and activate a renewal once it is paid."
        back={{ href: paths.admin, label: "Dashboard" }}
      >
        <RenewalsPanel />
      </AdminShell>
    </RequireAdmin>
  );
}
