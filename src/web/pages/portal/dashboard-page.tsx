import { RequireUser } from "@web/features/auth/guards.tsx";
import { Dashboard } from "@web/features/portal/dashboard.tsx";
import { useUser } from "@web/lib/use-user.ts";

function DashboardForUser() {
  const { user } = useUser();
  return user ? <Dashboard user={user} /> : null;
}

export default function DashboardPage() {
  return (
    <RequireUser>
      <DashboardForUser />
    </RequireUser>
  );
}
