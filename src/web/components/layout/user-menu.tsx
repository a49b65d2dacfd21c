import type { PublicUser } from "@shared/schemas/auth.ts";
import { standInTriggerProps, useOnDemand } from "@web/lib/on-demand.ts";
import { ChevronDown } from "lucide-react";

export const userMenuTriggerClass =
  "flex cursor-pointer items-center gap-2 rounded-full border bg-card py-1 pr-3 pl-1 text-sm font-medium hover:bg-secondary focus-visible:outline-2 focus-visible:outline-ring";

const userInitials = (user: PublicUser) =>
  `${user.firstName[0] ?? ""}${user.lastName[0] ?? ""}`.toUpperCase() || user.username[0]?.toUpperCase();

export function UserMenuButtonContent({ user }: { user: PublicUser }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground"
      >
        {userInitials(user)}
      </span>
      <span className="sr-only max-w-32 truncate lg:not-sr-only">{user.firstName || user.username}</span>
      <ChevronDown aria-hidden="true" className="size-4 text-muted-foreground" />
    </>
  );
}

/** The header's user menu: Dashboard, Admin Panel (admins only) and Logout. */
export function UserMenu({ user }: { user: PublicUser }) {
  const { loaded, prefetch, activate } = useOnDemand(() => import("./popups/user-dropdown.tsx"));
  if (loaded) return <loaded.UserDropdown user={user} />;
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={userMenuTriggerClass}
      data-testid="user-menu"
      {...standInTriggerProps(prefetch, activate)}
    >
      <UserMenuButtonContent user={user} />
    </button>
  );
}
