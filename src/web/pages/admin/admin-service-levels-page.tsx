import { paths } from "@shared/paths.ts";
import { ServiceLevelsView } from "@web/features/sla/service-levels-view.tsx";
import { AdminPage } from "./admin-frame.tsx";

/** Service-level targets by plan and priority, and the holiday calendar. */
export default function AdminServiceLevelsPage() {
  return (
    <AdminPage
      title="Service levels"
      path={paths.adminServiceLevels}
      description="The first-reply and resolution targets each ticket runs under, and the holidays the clock skips."
    >
      <ServiceLevelsView />
    </AdminPage>
  );
}
