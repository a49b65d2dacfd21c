import { paths } from "@shared/paths.ts";
import type { PublicUser } from "@shared/schemas/auth.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@web/components/ui/dropdown-menu.tsx";
import { LayoutDashboard, LogOut, ShieldHalf } from "lucide-react";
import { useLocation } from "wouter";
import { useLogout } from "../use-logout.ts";
import { UserMenuButtonContent, userMenuTriggerClass } from "../user-menu.tsx";

/** The signed-in user's Radix menu, loaded the first time the avatar button is used. */
export function UserDropdown({ user }: { user: PublicUser }) {
  const [, navigate] = useLocation();
  const logout = useLogout();
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger className={userMenuTriggerClass} data-testid="user-menu">
        <UserMenuButtonContent user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          Signed in as <span className="font-semibold text-foreground">{user.username}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate(paths.dashboard)}>
          <LayoutDashboard aria-hidden="true" /> Dashboard
        </DropdownMenuItem>
        {user.role === "admin" ? (
          <DropdownMenuItem onSelect={() => navigate(paths.admin)}>
            <ShieldHalf aria-hidden="true" /> Admin Panel
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => logout.mutate()} disabled={logout.isPending}>
          <LogOut aria-hidden="true" /> Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
