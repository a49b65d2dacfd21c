import { parseId } from "@shared/ids.ts";
import type { PageProps } from "@web/lib/lazy-page.tsx";
import { BuyScreen } from "@web/pages/buy-screen.tsx";

/** Public: a visitor signs in or signs up on the page itself, as the first step of buying. */
export default function BuyPage({ params }: PageProps) {
  return <BuyScreen planId={parseId(params.planId)} />;
}
