import { paths } from "@shared/paths.ts";
import { AdminShell } from "@web/features/admin/admin-shell.tsx";
import { RequireAdmin } from "@web/features/auth/guards.tsx";
import { ServiceLevelsView } from "@web/features/sla/service-levels-view.tsx";

/** Service-level targets by plan and priority, and the holiday calendar. */
export default function AdminServiceLevelsPage() {
  return (
    <RequireAdmin>
      <AdminShell
        title="Service levels"
        path={paths.adminServiceLevels}
        description="The first-reply and resolution targets each ticket runs under, and the holidays the clock skips."
        back={{ href: paths.admin, label: "Dashboard" }}
      >
        <ServiceLevelsView />
      </AdminShell>
    </RequireAdmin>
  );
}
