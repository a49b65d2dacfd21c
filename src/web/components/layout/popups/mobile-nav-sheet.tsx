import { paths } from "@shared/paths.ts";
import type { PublicUser } from "@shared/schemas/auth.ts";
import { Button } from "@web/components/ui/button.tsx";
import { Sheet, SheetContent, SheetTitle } from "@web/components/ui/sheet.tsx";
import { LayoutDashboard, LogOut, ShieldHalf } from "lucide-react";
import { Link } from "wouter";
import { Brand } from "../brand.tsx";
import { NavLink } from "../nav-link.tsx";
import { MAIN_LINKS, POLICY_LINKS, SIGN_UP_HREF } from "../nav-links.ts";
import { useLogout } from "../use-logout.ts";

const itemClass =
  "flex items-center gap-3 rounded-md px-3 py-2.5 text-base font-medium hover:bg-secondary focus-visible:outline-2 focus-visible:outline-ring";

/** The mobile menu's panel (Radix Dialog), loaded the first time the menu button is pressed. */
export function MobileNavSheet({
  user,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  user: PublicUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: () => void;
}) {
  const logout = useLogout();
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        aria-describedby={undefined}
        data-testid="mobile-menu"
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          returnFocusTo();
        }}
      >
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <Brand className="pr-10" />
        <nav aria-label="Mobile" className="mt-2 flex flex-col gap-1">
          <Link href={paths.home} className={itemClass} onClick={close}>
            Home
          </Link>
          <p className="mt-3 px-3 text-xs font-bold tracking-wider text-muted-foreground uppercase">
            Policies
          </p>
          {POLICY_LINKS.map((l) => (
            <Link key={l.href} href={l.href} className={itemClass} onClick={close}>
              {l.label}
            </Link>
          ))}
          <div className="my-3 h-px bg-border" />
          {MAIN_LINKS.map((l) => (
            <NavLink key={l.href} href={l.href} className={itemClass} onClick={close}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="mt-auto grid gap-2 border-t pt-5">
          {user ? (
            <>
              <p className="px-3 text-sm text-muted-foreground">
                Signed in as <span className="font-semibold text-foreground">{user.username}</span>
              </p>
              <Link href={paths.dashboard} className={itemClass} onClick={close}>
                <LayoutDashboard aria-hidden="true" className="size-5 text-muted-foreground" /> Dashboard
              </Link>
              {user.role === "admin" ? (
                <Link href={paths.admin} className={itemClass} onClick={close}>
                  <ShieldHalf aria-hidden="true" className="size-5 text-muted-foreground" /> Admin Panel
                </Link>
              ) : null}
              <button
                type="button"
                className={`${itemClass} cursor-pointer text-left`}
                onClick={() => {
                  close();
                  logout.mutate();
                }}
              >
                <LogOut aria-hidden="true" className="size-5 text-muted-foreground" /> Logout
              </button>
            </>
          ) : (
            <>
              <Button asChild variant="outline" size="lg">
                <Link href={paths.auth} onClick={close}>
                  Login
                </Link>
              </Button>
              <Button asChild size="lg">
                <Link href={SIGN_UP_HREF} onClick={close}>
                  Sign Up
                </Link>
              </Button>
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
