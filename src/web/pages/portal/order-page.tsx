import { parseId } from "@shared/ids.ts";
import { RequireUser } from "@web/features/auth/guards.tsx";
import { OrderScreen } from "@web/features/orders/order-screen.tsx";
import type { PageProps } from "@web/lib/lazy-page.tsx";

export default function OrderPage({ params }: PageProps) {
  return (
    <RequireUser>
      <OrderScreen id={parseId(params.id)} />
    </RequireUser>
  );
}
