import { paths } from "@shared/paths.ts";
import { Button } from "@web/components/ui/button.tsx";
import { cn } from "@web/lib/cn.ts";
import { standInTriggerProps, useOnDemand } from "@web/lib/on-demand.ts";
import { useUser } from "@web/lib/use-user.ts";
import { ChevronDown } from "lucide-react";
import { Link, useLocation } from "wouter";
import { Brand } from "./brand.tsx";
import { MobileNav } from "./mobile-nav.tsx";
import { NavLink } from "./nav-link.tsx";
import { MAIN_LINKS, SIGN_UP_HREF } from "./nav-links.ts";
import { Container } from "./section.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";
import { UserMenu } from "./user-menu.tsx";

const linkClass =
  "rounded-md px-2.5 py-2 text-sm font-medium lg:px-3 text-foreground/80 transition-colors hover:bg-secondary hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring";

export function Header() {
  const { user } = useUser();
  const [location] = useLocation();
  const isCurrent = (href: string) => location === href;
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <Container className="flex h-16 items-center justify-between gap-4">
        <Brand compact />
        <nav aria-label="Main" className="hidden items-center gap-0.5 md:flex">
          <Link
            href={paths.home}
            className={cn(linkClass, isCurrent("/") && "text-primary")}
            aria-current={isCurrent("/") ? "page" : undefined}
          >
            Home
          </Link>
          <PoliciesMenu
            triggerClassName={cn(
              linkClass,
              "inline-flex cursor-pointer items-center gap-1 data-[state=open]:bg-secondary",
            )}
          />
          {MAIN_LINKS.map((l) => (
            <NavLink
              key={l.href}
              href={l.href}
              className={cn(linkClass, isCurrent(l.href) && "text-primary")}
              aria-current={isCurrent(l.href) ? "page" : undefined}
            >
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-1.5">
          <ThemeToggle />
          <div className="hidden items-center gap-2 md:flex">
            {user ? (
              <UserMenu user={user} />
            ) : (
              <>
                <Button asChild variant="ghost" size="sm">
                  <Link href={paths.auth}>Login</Link>
                </Button>
                <Button asChild size="sm">
                  <Link href={SIGN_UP_HREF}>Sign Up</Link>
                </Button>
              </>
            )}
          </div>
          <MobileNav user={user} />
        </div>
      </Container>
    </header>
  );
}

/** Policies: a plain button until first used, then the Radix menu (popups/policies-dropdown.tsx). */
function PoliciesMenu({ triggerClassName }: { triggerClassName: string }) {
  const { loaded, prefetch, activate } = useOnDemand(() => import("./popups/policies-dropdown.tsx"));
  if (loaded) return <loaded.PoliciesDropdown triggerClassName={triggerClassName} />;
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={triggerClassName}
      {...standInTriggerProps(prefetch, activate)}
    >
      Policies <ChevronDown aria-hidden="true" className="size-4 opacity-60" />
    </button>
  );
}
