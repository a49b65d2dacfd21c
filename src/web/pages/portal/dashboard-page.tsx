import { RequireUser } from "@web/features/auth/guards.tsx";
import { TwoFactorDialog } from "@web/features/auth/two-factor-dialog.tsx";
import { Dashboard } from "@web/features/portal/dashboard.tsx";
import { useUser } from "@web/lib/use-user.ts";

function DashboardForUser() {
  const { user } = useUser();
  return user ? <Dashboard user={user} accountActions={<TwoFactorDialog />} /> : null;
}

export default function DashboardPage() {
  return (
    <RequireUser>
      <DashboardForUser />
    </RequireUser>
  );
}
