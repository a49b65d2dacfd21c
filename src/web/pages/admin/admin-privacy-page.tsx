import { paths } from "@shared/paths.ts";
import { AdminShell } from "@web/features/admin/admin-shell.tsx";
import { PrivacyRequestsPanel } from "@web/features/admin/privacy-requests-panel.tsx";
import { RequireAdmin } from "@web/features/auth/guards.tsx";

/** The staff queue of data-rights requests and privacy grievances, with their deadlines. */
export default function AdminPrivacyPage() {
  return (
    <RequireAdmin>
      <AdminShell
        title="Privacy Requests"
        path={paths.adminPrivacy}
        description="Erasure requests that wait for cover or a claim to end, and privacy grievances, nearest deadline first."
        back={{ href: paths.admin, label: "Dashboard" }}
      >
        <PrivacyRequestsPanel />
      </AdminShell>
    </RequireAdmin>
  );
}
