import { paths } from "@shared/paths.ts";
import { MetricsView } from "@web/features/sla/metrics-view.tsx";
import { AdminPage } from "./admin-frame.tsx";

/** The numbers staff steer by; its chart library loads with this page's chunk alone. */
export default function AdminMetricsPage() {
  return (
    <AdminPage
      title="Metrics"
      path={paths.adminMetrics}
      description="How fast customers hear from us and get a fix, how often we keep our service levels, and where claims come from."
    >
      <MetricsView />
    </AdminPage>
  );
}
