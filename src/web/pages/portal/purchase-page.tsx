import { parseId } from "@shared/ids.ts";
import { RequireUser } from "@web/features/auth/guards.tsx";
import { PolicyDetail } from "@web/features/portal/policy-detail.tsx";
import type { PageProps } from "@web/lib/lazy-page.tsx";
import { useUser } from "@web/lib/use-user.ts";

function PolicyForUser({ id }: { id: number | null }) {
  const { user } = useUser();
  return user ? <PolicyDetail id={id} user={user} /> : null;
}

export default function PurchasePage({ params }: PageProps) {
  return (
    <RequireUser>
      <PolicyForUser id={parseId(params.id)} />
    </RequireUser>
  );
}
