import { paths } from "@shared/paths.ts";
import { AdminShell } from "@web/features/admin/admin-shell.tsx";
import { RequireAdmin } from "@web/features/auth/guards.tsx";
import { MetricsView } from "@web/features/sla/metrics-view.tsx";

/** The numbers staff steer by; its chart library loads with this page's chunk alone. */
export default function AdminMetricsPage() {
  return (
    <RequireAdmin>
      <AdminShell
        title="Metrics"
        path={paths.adminMetrics}
        description="How fast customers hear from us and get a fix, how often we keep our service levels, and where claims come from."
        back={{ href: paths.admin, label: "Dashboard" }}
      >
        <MetricsView />
      </AdminShell>
    </RequireAdmin>
  );
}
