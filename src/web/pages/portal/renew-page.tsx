import { parseId } from "@shared/ids.ts";
import { RequireUser } from "@web/features/auth/guards.tsx";
import { RenewalView } from "@web/features/portal/renewal-view.tsx";
import type { PageProps } from "@web/lib/lazy-page.tsx";

export default function RenewPage({ params }: PageProps) {
  return (
    <RequireUser>
      <RenewalView id={parseId(params.id)} />
    </RequireUser>
  );
}
