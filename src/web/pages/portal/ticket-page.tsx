import { parseId } from "@shared/ids.ts";
import { RequireUser } from "@web/features/auth/guards.tsx";
import type { PageProps } from "@web/lib/lazy-page.tsx";
import { TicketDetailScreen } from "@web/pages/portal/ticket-detail.tsx";

export default function TicketPage({ params }: PageProps) {
  return (
    <RequireUser>
      <TicketDetailScreen id={parseId(params.id)} />
    </RequireUser>
  );
}
