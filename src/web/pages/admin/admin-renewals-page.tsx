import { paths } from "@shared/paths.ts";
import { RenewalsPanel } from "@web/features/admin/renewals-panel.tsx";
import { AdminPage } from "./admin-frame.tsx";

/** Policy renewals: inspections to record and payments to activate first. */
export default function AdminRenewalsPage() {
  return (
    <AdminPage
      title="Renewals"
      path={paths.adminRenewals}
      description="Holders renewing their policies. Record a lapsed policy's inspection, and activate a renewal once it is paid."
    >
      <RenewalsPanel />
    </AdminPage>
  );
}
