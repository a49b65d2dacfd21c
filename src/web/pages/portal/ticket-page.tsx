import { parseId } from "@shared/ids.ts";
import { RequireUser } from "@web/features/auth/guards.tsx";
import { TicketDetailScreen } from "@web/features/tickets/ticket-detail.tsx";
import type { PageProps } from "@web/lib/lazy-page.tsx";

export default function TicketPage({ params }: PageProps) {
  return (
    <RequireUser>
      <TicketDetailScreen id={parseId(params.id)} />
    </RequireUser>
  );
}
