import { paths } from "@shared/paths.ts";
import { PrivacyRequestsPanel } from "@web/features/admin/privacy-requests-panel.tsx";
import { AdminPage } from "./admin-frame.tsx";

/** The staff queue of data-rights requests and privacy grievances, with their deadlines. */
export default function AdminPrivacyPage() {
  return (
    <AdminPage
      title="Privacy Requests"
      path={paths.adminPrivacy}
      description="Erasure requests that wait for cover or a claim to end, and privacy grievances, nearest deadline first."
    >
      <PrivacyRequestsPanel />
    </AdminPage>
  );
}
