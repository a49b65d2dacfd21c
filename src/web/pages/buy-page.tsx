import { parseId } from "@shared/ids.ts";
import { BuyScreen } from "@web/features/orders/buy-screen.tsx";
import type { PageProps } from "@web/lib/lazy-page.tsx";

/** Public: a visitor signs in or signs up on the page itself, as the first step of buying. */
export default function BuyPage({ params }: PageProps) {
  return <BuyScreen planId={parseId(params.planId)} />;
}
