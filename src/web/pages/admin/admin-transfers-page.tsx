import { paths } from "@shared/paths.ts";
import { AdminShell } from "@web/features/admin/admin-shell.tsx";
import { TransfersPanel } from "@web/features/admin/transfers-panel.tsx";
import { RequireAdmin } from "@web/features/auth/guards.tsx";

/** Policy transfers to the buyers of homes: what waits for approval first. */
export default function AdminTransfersPage() {
  return (
    <RequireAdmin>
      <AdminShell
        title="Transfers"
        path={paths.adminTransfers}
        description="Policies moving to the buyers of their homes. Approve or decline those the buyer has accepted."
        back={{ href: paths.admin, label: "Dashboard" }}
      >
        <TransfersPanel />
      </AdminShell>
    </RequireAdmin>
  );
}
