import { paths } from "@shared/paths.ts";
import { Container } from "@web/components/layout/section.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { cn } from "@web/lib/cn.ts";
import { PageMeta } from "@web/lib/head.tsx";
import { useUser } from "@web/lib/use-user.ts";
import {
  ArrowLeft,
  ArrowRightLeft,
  ChartColumn,
  Handshake,
  Inbox,
  LayoutDashboard,
  LockKeyhole,
  Mail,
  Megaphone,
  RefreshCw,
  ShieldAlert,
  ShoppingCart,
  Timer,
  Users,
  Wrench,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { useStaffStats } from "./api.ts";
import { FindBox } from "./find-box.tsx";

const NAV = [
  {
    href: paths.admin,
    label: "Dashboard",
    icon: LayoutDashboard,
    match: (loc: string) => loc === paths.admin || loc.startsWith("/admin/tickets"),
  },
  {
    href: paths.adminCustomers,
    label: "Customers",
    icon: Users,
    match: (loc: string) => loc.startsWith(paths.adminCustomers),
  },
  {
    href: paths.adminPartners,
    label: "Partners",
    icon: Handshake,
    match: (loc: string) => loc.startsWith(paths.adminPartners),
  },
  {
    href: paths.adminEnquiries,
    label: "Enquiries",
    icon: Inbox,
    match: (loc: string) => loc.startsWith(paths.adminEnquiries),
  },
  {
    href: paths.adminTransfers,
    label: "Transfers",
    icon: ArrowRightLeft,
    match: (loc: string) => loc.startsWith(paths.adminTransfers),
  },
  {
    href: paths.adminRenewals,
    label: "Renewals",
    icon: RefreshCw,
    match: (loc: string) => loc.startsWith(paths.adminRenewals),
  },
  {
    href: paths.adminOrders,
    label: "Orders",
    icon: ShoppingCart,
    match: (loc: string) => loc.startsWith(paths.adminOrders),
  },
  {
    href: paths.adminSecurity,
    label: "Security Log",
    icon: ShieldAlert,
    match: (loc: string) => loc.startsWith(paths.adminSecurity),
  },
  {
    href: paths.adminPrivacy,
    label: "Privacy",
    icon: LockKeyhole,
    match: (loc: string) => loc.startsWith(paths.adminPrivacy),
  },
  {
    href: paths.adminMetrics,
    label: "Metrics",
    icon: ChartColumn,
    match: (loc: string) => loc.startsWith(paths.adminMetrics),
  },
  {
    href: paths.adminServiceLevels,
    label: "Service levels",
    icon: Timer,
    match: (loc: string) => loc.startsWith(paths.adminServiceLevels),
  },
  {
    href: paths.adminOutbox,
    label: "Outbox",
    icon: Mail,
    match: (loc: string) => loc.startsWith(paths.adminOutbox),
  },
  {
    href: paths.adminNews,
    label: "News",
    icon: Megaphone,
    match: (loc: string) => loc.startsWith(paths.adminNews),
  },
  {
    href: paths.adminTechnicians,
    label: "Technicians",
    icon: Wrench,
    match: (loc: string) => loc.startsWith(paths.adminTechnicians),
  },
] as const;

/** A technician's console is their own tickets and nothing else */
const TECHNICIAN_NAV = [
  {
    href: paths.adminTickets,
    label: "My tickets",
    icon: Wrench,
    match: (loc: string) => loc.startsWith("/admin/tickets"),
  },
] as const;

/** The admin console's frame: a nav bar between its views, the page title and actions. */
export function AdminShell({
  title,
  metaTitle,
  description,
  path,
  actions,
  back,
  children,
}: {
  title: ReactNode;
  /** plain-text title for the browser tab, when `title` is not a string */
  metaTitle?: string;
  description?: ReactNode;
  path: string;
  actions?: ReactNode;
  /** the way back; `state` is the history state to restore with it (a list's trail of pages) */
  back?: { href: string; label: string; state?: unknown };
  children: ReactNode;
}) {
  const [location] = useLocation();
  const technician = useUser().user?.role === "technician";
  // unread leads on every admin view, so none waits unseen
  const stats = useStaffStats(!technician);
  const newCount = stats.data?.newEnquiries ?? 0;
  return (
    <div className="min-h-[70vh] bg-muted/30 pb-16">
      <PageMeta
        title={metaTitle ?? (typeof title === "string" ? title : "Admin")}
        description="Staff console of Home Interior Project Warranty Solutions."
        path={path}
        noindex
      />
      <div className="border-b bg-card">
        <Container wide className="flex flex-wrap items-center gap-x-6 gap-y-1 py-0">
          {/* the sections wrap onto more lines on a phone rather than hide behind a scroll; tabs are
              tighter there so the first screen still shows the page, and the app bar above already
              names the console, so no label takes the room the tabs need to fit two rows on a laptop.
              Below a laptop's width the find box takes a line of its own, leaving the tabs the
              whole width (three rows on a tablet rather than five) */}
          <nav aria-label="Admin" className="-mb-px flex min-w-0 flex-1">
            <ul className="flex flex-wrap gap-x-1">
              {(technician ? TECHNICIAN_NAV : NAV).map((item) => {
                const active = item.match(location);
                const Icon = item.icon;
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        // relative: the badge's screen-reader text is placed inside the tab, not off the page
                        "relative flex items-center gap-1.5 border-b-2 px-2 py-2 text-sm sm:gap-2 sm:px-3 sm:py-3 font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
                        active
                          ? "border-primary text-foreground"
                          : "border-transparent text-muted-foreground hover:border-border hover:text-foreground",
                      )}
                    >
                      <Icon aria-hidden="true" className="size-4" />
                      {item.label}
                      {item.href === paths.adminEnquiries && newCount > 0 ? (
                        <span
                          className="rounded-full bg-accent px-1.5 text-xs font-bold text-accent-foreground"
                          title={`${newCount} new`}
                        >
                          {newCount}
                          <span className="sr-only"> new</span>
                        </span>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          {technician ? null : <FindBox className="w-full pb-2 lg:w-56 lg:pb-0" />}
        </Container>
      </div>
      <Container wide className="pt-6 md:pt-8">
        {back ? (
          <Link
            href={back.href}
            state={back.state}
            className="mb-3 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground hover:text-foreground"
          >
            <ArrowLeft aria-hidden="true" className="size-4" /> {back.label}
          </Link>
        ) : null}
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-balance md:text-3xl">{title}</h1>
            {description ? <div className="mt-1 text-sm text-muted-foreground">{description}</div> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
        {children}
      </Container>
    </div>
  );
}

export function TableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-3 p-4">
      <span className="sr-only">Loading…</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
