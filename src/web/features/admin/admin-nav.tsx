import { paths } from "@shared/paths.ts";
import { cn } from "@web/lib/cn.ts";
import {
  ArrowRightLeft,
  ChartColumn,
  ChevronDown,
  Handshake,
  Inbox,
  LifeBuoy,
  LockKeyhole,
  type LucideIcon,
  Mail,
  Megaphone,
  RefreshCw,
  Settings,
  ShieldAlert,
  ShoppingCart,
  Timer,
  Users,
  Wrench,
} from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useLocation } from "wouter";

interface Section {
  href: string;
  label: string;
  icon: LucideIcon;
  /** the section holds this address (its list and the records under it) */
  match: (loc: string) => boolean;
}

interface Group {
  /** the group's name in the bar; `short` is what fits a phone's row */
  label: string;
  short: string;
  icon: LucideIcon;
  /** one section is a plain link; several open a menu */
  sections: Section[];
}

const under = (path: string) => (loc: string) => loc.startsWith(path);

const section = (href: string, label: string, icon: LucideIcon, match = under(href)): Section => ({
  href,
  label,
  icon,
  match,
});

/**
 * The console's sections in one row, grouped by the work they serve: the queue and partners
 * are opened all day, so each is a link of its own; the rest sit under a menu of their group.
 * A new section joins the group it belongs to (orders and invoices belong with the reports).
 */
const ADMIN_NAV: Group[] = [
  {
    label: "Tickets",
    short: "Tickets",
    icon: LifeBuoy,
    sections: [
      section(
        paths.admin,
        "Tickets",
        LifeBuoy,
        (loc) => loc === paths.admin || loc.startsWith("/admin/tickets"),
      ),
    ],
  },
  {
    label: "Customers & policies",
    short: "Customers",
    icon: Users,
    sections: [
      section(paths.adminCustomers, "Customers", Users),
      section(paths.adminTransfers, "Transfers", ArrowRightLeft),
      section(paths.adminRenewals, "Renewals", RefreshCw),
      section(paths.adminPrivacy, "Privacy", LockKeyhole),
    ],
  },
  {
    label: "Partners",
    short: "Partners",
    icon: Handshake,
    sections: [section(paths.adminPartners, "Partners", Handshake)],
  },
  {
    label: "Mail",
    short: "Mail",
    icon: Mail,
    sections: [
      section(paths.adminEnquiries, "Enquiries", Inbox),
      section(paths.adminOutbox, "Outbox", Mail),
      section(paths.adminNews, "News", Megaphone),
    ],
  },
  {
    label: "Reports",
    short: "Reports",
    icon: ChartColumn,
    sections: [
      section(paths.adminOrders, "Orders", ShoppingCart),
      section(paths.adminMetrics, "Metrics", ChartColumn),
      section(paths.adminSecurity, "Security Log", ShieldAlert),
    ],
  },
  {
    label: "Settings",
    short: "Settings",
    icon: Settings,
    sections: [
      section(paths.adminServiceLevels, "Service levels", Timer),
      section(paths.adminTechnicians, "Technicians", Wrench),
    ],
  },
];

// the bar's items: an icon over a short name on a phone (six fit 375 px), side by side from a tablet
// up, and the groups' whole names once the screen is wide enough for them beside the find box
const ITEM =
  "relative flex h-full w-full flex-col items-center justify-center gap-0.5 border-b-2 px-1 py-1.5 text-[11px] font-semibold whitespace-nowrap transition-colors select-none md:w-auto md:flex-row md:gap-2 md:px-3 md:py-3 md:text-sm focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring";
const itemState = (active: boolean) =>
  active
    ? "border-primary text-foreground"
    : "border-transparent text-muted-foreground hover:border-border hover:text-foreground";

/**
 * The console's navigation: one row at every width. A group of several sections is a
 * <details> menu, so it opens with a tap or Enter before the page's scripts have loaded;
 * once they have, Escape and a tap elsewhere close it (focus goes back to its button), only
 * one is open at a time, and choosing a section closes it.
 */
export function AdminNav({ newEnquiries }: { newEnquiries: number }) {
  const [location] = useLocation();
  const bar = useRef<HTMLUListElement>(null);
  // a page change closes whatever menu led there
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of address
  useEffect(() => {
    for (const d of bar.current?.querySelectorAll("details[open]") ?? []) d.removeAttribute("open");
  }, [location]);
  useEffect(() => {
    const close = (except?: Element | null, focus = false) => {
      for (const d of bar.current?.querySelectorAll<HTMLDetailsElement>("details[open]") ?? []) {
        if (d === except) continue;
        d.open = false;
        if (focus) d.querySelector("summary")?.focus();
      }
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || !bar.current?.querySelector("details[open]")) return;
      close(null, true);
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Element | null;
      close(target?.closest?.("details") ?? null);
    };
    const onToggle = (e: Event) => {
      const d = e.target as HTMLDetailsElement;
      if (d.open) close(d);
    };
    const ul = bar.current;
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    ul?.addEventListener("toggle", onToggle, true);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      ul?.removeEventListener("toggle", onToggle, true);
    };
  }, []);
  return (
    <nav aria-label="Admin" className="-mb-px min-w-0 flex-1">
      <ul ref={bar} className="relative flex">
        {ADMIN_NAV.map((g) => {
          const active = g.sections.some((s) => s.match(location));
          const badge = g.sections.some((s) => s.href === paths.adminEnquiries) ? newEnquiries : 0;
          return (
            <li key={g.label} className="min-w-0 flex-auto md:relative md:flex-none">
              {g.sections.length === 1 ? (
                <SectionLink section={g.sections[0]} active={active} className={cn(ITEM, itemState(active))}>
                  <Name group={g} />
                </SectionLink>
              ) : (
                <details className="group h-full">
                  <summary
                    className={cn(
                      ITEM,
                      itemState(active),
                      "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
                    )}
                    aria-current={active ? "true" : undefined}
                  >
                    <Name group={g} />
                    <ChevronDown
                      aria-hidden="true"
                      className="hidden size-3.5 opacity-60 transition-transform group-open:rotate-180 md:block"
                    />
                    <NewBadge count={badge} floating />
                  </summary>
                  {/* on a phone the menu spans the bar, so the last group's menu stays on the screen */}
                  <ul className="absolute inset-x-0 top-full z-40 mt-px grid gap-0.5 rounded-b-md border bg-popover p-1 text-popover-foreground shadow-lg md:inset-x-auto md:left-0 md:w-60 md:rounded-md">
                    {g.sections.map((s) => {
                      const here = s.match(location);
                      const Icon = s.icon;
                      return (
                        <li key={s.href}>
                          <SectionLink
                            section={s}
                            active={here}
                            className={cn(
                              "relative flex items-center gap-2 rounded-sm px-3 py-2.5 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
                              here ? "bg-muted font-semibold" : "",
                            )}
                          >
                            <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
                            {s.label}
                            {s.href === paths.adminEnquiries ? <NewBadge count={newEnquiries} /> : null}
                          </SectionLink>
                        </li>
                      );
                    })}
                  </ul>
                </details>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function SectionLink({
  section: s,
  active,
  className,
  children,
}: {
  section: Section;
  active: boolean;
  className: string;
  children: ReactNode;
}) {
  return (
    <Link href={s.href} aria-current={active ? "page" : undefined} className={className}>
      {children}
    </Link>
  );
}

function Name({ group: g }: { group: Group }) {
  const Icon = g.icon;
  return (
    <>
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {g.short === g.label ? (
        // its own element, so the name reads apart from a count beside it
        <span>{g.label}</span>
      ) : (
        <>
          <span className="xl:hidden">{g.short}</span>
          <span className="hidden xl:inline">{g.label}</span>
        </>
      )}
    </>
  );
}

/** unread leads, on every console page so none waits unseen */
function NewBadge({ count, floating = false }: { count: number; floating?: boolean }) {
  if (count <= 0) return null;
  return (
    <span
      className={cn(
        "rounded-full bg-accent px-1.5 text-xs font-bold text-accent-foreground",
        // over the icon on a phone's narrow item, beside the name from a tablet up
        floating && "absolute top-0.5 right-1 md:static",
      )}
      title={`${count} new`}
    >
      {count}
      <span className="sr-only"> new</span>
    </span>
  );
}
