import { RequireUser } from "@web/features/auth/guards.tsx";
import { NewTicketScreen } from "@web/features/tickets/new-ticket-form.tsx";

export default function NewTicketPage() {
  return (
    <RequireUser>
      <NewTicketScreen />
    </RequireUser>
  );
}
