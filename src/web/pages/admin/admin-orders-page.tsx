import { paths } from "@shared/paths.ts";
import { OrdersPanel } from "@web/features/admin/orders-panel.tsx";
import { AdminPage } from "./admin-frame.tsx";

/** Online orders paid by UPI: payments to confirm first, and the bank statement to reconcile. */
export default function AdminOrdersPage() {
  return (
    <AdminPage
      title="Orders"
      path={paths.adminOrders}
      description="Plans bought online and paid by UPI. Confirm a payment once it is in the bank, or reconcile the bank statement."
    >
      <OrdersPanel />
    </AdminPage>
  );
}
