import { paths } from "@shared/paths.ts";
import { TransfersPanel } from "@web/features/admin/transfers-panel.tsx";
import { AdminPage } from "./admin-frame.tsx";

/** Policy transfers to the buyers of homes: what waits for approval first. */
export default function AdminTransfersPage() {
  return (
    <AdminPage
      title="Transfers"
      path={paths.adminTransfers}
      description="Policies moving to the buyers of their homes. Approve or decline those the buyer has accepted."
    >
      <TransfersPanel />
    </AdminPage>
  );
}
