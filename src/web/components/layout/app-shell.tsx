import { paths } from "@shared/paths.ts";
import type { PublicUser } from "@shared/schemas/auth.ts";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { apiQuery } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import { COMPANY, telHref } from "@web/lib/company.ts";
import { useUser } from "@web/lib/use-user.ts";
import {
  ExternalLink,
  FilePlus2,
  FileText,
  FileUp,
  LayoutDashboard,
  MessagesSquare,
  ShieldHalf,
  UserRound,
  Users,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Brand } from "./brand.tsx";
import { LegalLinks } from "./footer.tsx";
import { Container } from "./section.tsx";
import { SkipLink } from "./skip-link.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";
import { UserMenu } from "./user-menu.tsx";

interface AppNavItem {
  href: string;
  label: string;
  icon: typeof LayoutDashboard;
  current: (path: string, tab: string | null) => boolean;
}

/**
 * A customer's places. Policies, tickets and the profile live on the dashboard; the
 * ?tab= brings the right part into view.
 */
const CUSTOMER_NAV: AppNavItem[] = [
  {
    href: paths.dashboard,
    label: "Dashboard",
    icon: LayoutDashboard,
    current: (path, tab) => path === paths.dashboard && !tab,
  },
  {
    href: `${paths.dashboard}?tab=policies`,
    label: "Policies",
    icon: FileText,
    current: (path, tab) => path.startsWith("/purchases") || (path === paths.dashboard && tab === "policies"),
  },
  {
    href: `${paths.dashboard}?tab=tickets`,
    label: "Tickets",
    icon: MessagesSquare,
    current: (path, tab) => path.startsWith("/tickets") || (path === paths.dashboard && tab === "tickets"),
  },
  {
    href: `${paths.dashboard}?tab=profile`,
    label: "Profile",
    icon: UserRound,
    current: (path, tab) => path === paths.dashboard && tab === "profile",
  },
];

/** Staff work in the console, whose sections are its own tab bar (features/admin/admin-shell.tsx). */
const STAFF_NAV: AppNavItem[] = [
  { href: paths.admin, label: "Console", icon: ShieldHalf, current: (path) => path.startsWith(paths.admin) },
  { href: paths.home, label: "Public site", icon: ExternalLink, current: () => false },
];

/** A technician's console opens on their own tickets */
const TECHNICIAN_NAV: AppNavItem[] = [
  {
    href: paths.adminTickets,
    label: "My tickets",
    icon: ShieldHalf,
    current: (path) => path.startsWith(paths.admin),
  },
];

/** A partner's users: the dashboard, registering homes one at a time or from a file; owners manage users */
const PARTNER_NAV: AppNavItem[] = [
  {
    href: paths.partner,
    label: "Dashboard",
    icon: LayoutDashboard,
    current: (path) => path === paths.partner,
  },
  {
    href: paths.partnerHandover,
    label: "Register a home",
    icon: FilePlus2,
    current: (path) => path === paths.partnerHandover,
  },
  {
    href: paths.partnerImport,
    label: "Import",
    icon: FileUp,
    current: (path) => path.startsWith(paths.partnerImport),
  },
];
const PARTNER_OWNER_NAV: AppNavItem[] = [
  ...PARTNER_NAV,
  {
    href: paths.partnerMembers,
    label: "Users",
    icon: Users,
    current: (path) => path === paths.partnerMembers,
  },
];

function navFor(user: PublicUser | null, partnerOwner: boolean) {
  if (!user) return [];
  if (user.role === "partner") return partnerOwner ? PARTNER_OWNER_NAV : PARTNER_NAV;
  return user.role === "admin" ? STAFF_NAV : user.role === "technician" ? TECHNICIAN_NAV : CUSTOMER_NAV;
}

/**
 * The frame of every signed-in page: a header with the person's own navigation and a slim
 * footer, instead of the marketing site's menus, 39 city links, locality lists and full
 * footer. Pages render inside it unchanged; SiteLayout picks it by address.
 */
export function AppShell({ children, after }: { children: ReactNode; after?: ReactNode }) {
  const { user } = useUser();
  const [location] = useLocation();
  const tab = new URLSearchParams(useSearch()).get("tab");
  // a partner's role in their organisation (owner or member) comes with its overview
  const overview = useQuery({ ...apiQuery("GET /api/partner"), enabled: user?.role === "partner" });
  const nav = navFor(user, overview.data?.role === "owner");
  // the console's pages take a wider column (see AdminShell); its header and footer line up with them
  const wide = location.startsWith(paths.admin);
  return (
    <div id="top" className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
        <Container
          wide={wide}
          className="flex flex-wrap items-center gap-x-4 py-2 md:h-16 md:flex-nowrap md:py-0"
        >
          <Brand compact />
          <nav
            aria-label={user?.role === "admin" ? "Staff" : "My account"}
            className="order-last -mx-2 w-full md:order-none md:mx-0 md:w-auto md:flex-1"
          >
            <ul className="flex flex-wrap gap-0.5 md:justify-center">
              {nav.map((item) => {
                const current = item.current(location, tab);
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      aria-current={current ? "page" : undefined}
                      className={cn(
                        "flex min-h-10 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-foreground/80 hover:bg-secondary hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring sm:px-3",
                        current && "bg-secondary text-primary",
                      )}
                    >
                      <item.icon aria-hidden="true" className="hidden size-4 sm:block" />
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-1.5 md:ml-0">
            <ThemeToggle />
            {user ? (
              <UserMenu user={user} />
            ) : (
              <Button asChild size="sm">
                <Link href={paths.auth}>Login</Link>
              </Button>
            )}
          </div>
        </Container>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <footer className="border-t bg-muted/40">
        <Container
          wide={wide}
          className="flex flex-col gap-3 py-5 pb-20 text-sm text-muted-foreground md:flex-row md:items-center md:justify-between md:pb-5"
        >
          <p>
            © {new Date().getFullYear()} {COMPANY.name} ·{" "}
            <a href={telHref(COMPANY.phones[0])} className="font-medium text-foreground hover:underline">
              {COMPANY.phones[0]}
            </a>
          </p>
          <LegalLinks
            className="flex flex-wrap gap-x-4 gap-y-1"
            linkClassName="hover:text-foreground hover:underline"
          />
        </Container>
      </footer>
      {after}
    </div>
  );
}
