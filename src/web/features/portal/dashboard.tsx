import { paths } from "@shared/paths.ts";
import type { PublicUser } from "@shared/schemas/auth.ts";
import type { PolicyStatus } from "@shared/schemas/policy.ts";
import { useQuery } from "@tanstack/react-query";
import { Container } from "@web/components/layout/section.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { EmptyState } from "@web/components/ui/empty-state.tsx";
import { LoadError } from "@web/components/ui/load-error.tsx";
import { LoadingRegion, Skeleton } from "@web/components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs.tsx";
import { apiQuery } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import { COMPANY, telHref } from "@web/lib/company.ts";
import { type DashboardTab, readDashboardState } from "@web/lib/dashboard-tab.ts";
import { PageMeta } from "@web/lib/head.tsx";
import {
  FileText,
  LifeBuoy,
  MessageSquarePlus,
  Phone,
  ShieldCheck,
  ShieldPlus,
  Ticket as TicketIcon,
  UserCog,
} from "lucide-react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import { AddressNotConfirmed, HandoverInvitations } from "./account-notices.tsx";
import { policiesQuery } from "./api.ts";
import { ChangePasswordDialog } from "./change-password-dialog.tsx";
import { MyDataDialog } from "./my-data-dialog.tsx";
import { NewTicketNotice } from "./new-ticket-notice.tsx";
import { PolicyCard } from "./policy-card.tsx";
import { ACCOUNT_SETTINGS_ID, ProfileDialog } from "./profile-dialog.tsx";
import { TicketList } from "./ticket-list.tsx";

// what a homeowner cares about first: the cover they have now
const STATUS_ORDER: Record<PolicyStatus, number> = { active: 0, pending: 1, expired: 2, cancelled: 3 };

function Stat({
  label,
  value,
  icon: Icon,
  hint,
  testId,
}: {
  label: string;
  value: number | undefined;
  icon: typeof ShieldCheck;
  hint: ReactNode;
  testId: string;
}) {
  return (
    // on a phone two counts share a row, without their icons, so the policies start on the first screen
    <Card className="flex items-center gap-4 p-4 sm:p-5">
      <span
        aria-hidden="true"
        className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary sm:flex"
      >
        <Icon className="size-6" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        {value === undefined ? (
          <Skeleton className="mt-1 h-8 w-10" />
        ) : (
          <p className="text-2xl font-bold tabular-nums sm:text-3xl" data-testid={testId}>
            {value}
          </p>
        )}
        <p className="truncate text-xs text-muted-foreground">{hint}</p>
      </div>
    </Card>
  );
}

function CardsSkeleton() {
  return (
    <LoadingRegion label="Loading..." className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="grid gap-4 p-5">
          <div className="flex gap-3">
            <Skeleton className="size-10" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          </div>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-4/5" />
          <Skeleton className="h-8 w-1/3" />
        </Card>
      ))}
    </LoadingRegion>
  );
}

/** /dashboard: counts, My Policies and Support Tickets tabs, Update Profile. */
export function Dashboard({
  user,
  accountActions,
}: {
  user: PublicUser;
  /** more account buttons beside Change Password (two-factor sign-in, from the auth feature) */
  accountActions?: ReactNode;
}) {
  const purchases = useQuery(policiesQuery());
  const tickets = useQuery(apiQuery("GET /api/tickets"));
  const [tab, setTab] = useState<DashboardTab>("policies");
  const [newTicketId, setNewTicketId] = useState<number>();

  // after raising a ticket the new-ticket page asks for the tickets tab and names the ticket
  // (history state, read after hydration so the server's HTML and the first client render agree)
  useEffect(() => {
    const asked = readDashboardState(window.history.state);
    if (asked.tab) setTab(asked.tab);
    setNewTicketId(asked.newTicketId);
  }, []);
  const newTicket = tickets.data?.find((t) => t.id === newTicketId);
  // on a phone the tabs sit under the counts: the ticket just raised is brought into view once
  const broughtIntoView = useRef(false);
  useEffect(() => {
    if (!newTicket || broughtIntoView.current) return;
    broughtIntoView.current = true;
    // after the frame's own move to the top of a new page
    requestAnimationFrame(() => {
      const notice = document.querySelector('[data-testid="new-ticket-notice"]');
      if (notice && notice.getBoundingClientRect().bottom > window.innerHeight)
        document.getElementById("dashboard-tabs")?.scrollIntoView({ block: "start", behavior: "instant" });
    });
  }, [newTicket]);

  // the app shell's Policies, Tickets and Profile links: ?tab= opens that part and brings it into view
  const search = useSearch();
  useEffect(() => {
    const wanted = new URLSearchParams(search).get("tab");
    if (wanted === "tickets" || wanted === "policies") setTab(wanted);
    if (wanted) {
      const target = wanted === "profile" ? "account" : "dashboard-tabs";
      document.getElementById(target)?.scrollIntoView();
    }
  }, [search]);

  const policies = useMemo(
    () =>
      purchases.data
        ? [...purchases.data].sort(
            (a, b) => STATUS_ORDER[a.purchase.status] - STATUS_ORDER[b.purchase.status],
          )
        : undefined,
    [purchases.data],
  );
  const activeCount = purchases.data?.filter((p) => p.purchase.status === "active").length;
  const openCount = tickets.data?.filter((t) => t.status === "open" || t.status === "in_progress").length;
  const hasActive = (activeCount ?? 0) > 0;

  return (
    <Container className="py-8 md:py-12">
      <PageMeta
        title="My Dashboard"
        description="Your warranty policies and support tickets."
        path={paths.dashboard}
        noindex
      />
      <div className="flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <p className="text-xs font-bold tracking-[0.18em] text-primary uppercase">My Dashboard</p>
          <h1 className="mt-2 font-display text-3xl font-bold md:text-4xl">
            Welcome, {user.firstName || user.username}
          </h1>
          <p className="mt-2 hidden text-muted-foreground sm:block">
            Your warranty policies and support requests, all in one place.
          </p>
        </div>
        {/* password, two-factor and My Data live in "Account & security" below the policies:
            on a phone, four account buttons here pushed the policies off the first screen */}
        <div id="account" className="flex scroll-mt-24 flex-wrap gap-3">
          <ProfileDialog user={user} />
          <Button asChild>
            <Link href={paths.newTicket}>
              <MessageSquarePlus aria-hidden="true" /> Raise a Ticket
            </Link>
          </Button>
        </div>
      </div>

      {user.emailVerified ? null : (
        <div className="mt-6">
          <AddressNotConfirmed user={user} />
        </div>
      )}
      <HandoverInvitations />

      <section aria-label="Summary" className="mt-6 grid grid-cols-2 gap-3 sm:mt-8 sm:gap-4 lg:grid-cols-3">
        <Stat
          label="Active Policies"
          value={activeCount}
          icon={ShieldCheck}
          testId="active-policies-count"
          hint={
            purchases.data
              ? `${purchases.data.length} ${purchases.data.length === 1 ? "policy" : "policies"} in total`
              : " "
          }
        />
        <Stat
          label="Open Tickets"
          value={openCount}
          icon={TicketIcon}
          testId="open-tickets-count"
          hint={tickets.data ? "Open or in progress" : " "}
        />
        {/* on a phone the number waits under the tabs, beside the account settings */}
        <HelpCard className="hidden lg:flex" />
      </section>

      <Tabs
        id="dashboard-tabs"
        value={tab}
        onValueChange={(v) => setTab(v as DashboardTab)}
        className="mt-6 scroll-mt-40 sm:mt-10 sm:scroll-mt-24"
      >
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="policies" className="flex-1 sm:flex-none">
            <FileText aria-hidden="true" /> My Policies
          </TabsTrigger>
          <TabsTrigger value="tickets" className="flex-1 sm:flex-none">
            <TicketIcon aria-hidden="true" /> Support Tickets
          </TabsTrigger>
        </TabsList>

        <TabsContent value="policies" className="mt-4 sm:mt-6">
          {purchases.isPending ? (
            <CardsSkeleton />
          ) : purchases.isError ? (
            <LoadError what="your policies" onRetry={() => void purchases.refetch()} />
          ) : purchases.data.length === 0 ? (
            <EmptyState
              framed
              headingLevel="h3"
              icon={<ShieldPlus aria-hidden="true" />}
              title="No policies yet"
              actions={
                <>
                  <Button asChild>
                    <Link href={paths.b2c}>Browse Warranty Plans</Link>
                  </Button>
                  <Button asChild variant="outline">
                    <Link href={paths.contact}>Talk to Us</Link>
                  </Button>
                </>
              }
            >
              When you buy a warranty plan for your home interiors, your policy appears here with its
              certificate. Compare our plans to find the right cover.
            </EmptyState>
          ) : (
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {(policies ?? []).map((item) => (
                <PolicyCard key={item.purchase.id} item={item} />
              ))}
            </div>
          )}
        </TabsContent>

        <TabsContent value="tickets" className="mt-4 sm:mt-6">
          {newTicket ? <NewTicketNotice ticket={newTicket} /> : null}
          {tickets.isPending ? (
            <CardsSkeleton />
          ) : tickets.isError ? (
            <LoadError what="your tickets" onRetry={() => void tickets.refetch()} />
          ) : tickets.data.length === 0 ? (
            <EmptyState
              framed
              headingLevel="h3"
              icon={<LifeBuoy aria-hidden="true" />}
              title="No support tickets yet"
              actions={
                hasActive ? (
                  <Button asChild>
                    <Link href={paths.newTicket}>
                      <MessageSquarePlus aria-hidden="true" /> Raise a Ticket
                    </Link>
                  </Button>
                ) : (
                  <Button asChild variant="outline">
                    <Link href={paths.b2c}>Browse Warranty Plans</Link>
                  </Button>
                )
              }
            >
              {hasActive
                ? "Something not right with a hinge, shutter or laminate? Raise a ticket and our team will get back to you."
                : "You can raise a support ticket on any active policy. Once you have one, report issues here."}
            </EmptyState>
          ) : (
            <TicketList tickets={tickets.data} newId={newTicketId} />
          )}
        </TabsContent>
      </Tabs>

      <section
        id={ACCOUNT_SETTINGS_ID}
        aria-labelledby="account-settings-title"
        tabIndex={-1}
        className="mt-10 grid scroll-mt-24 gap-4 outline-none lg:grid-cols-3"
      >
        <Card className="p-5 sm:p-6 lg:col-span-2">
          <h2 id="account-settings-title" className="flex items-center gap-2 text-lg font-semibold">
            <UserCog aria-hidden="true" className="size-5 text-primary" /> Account &amp; security
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Your password, two-factor sign-in, and the data we keep about you. Your name, phone and address
            are under Update Profile.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <ChangePasswordDialog />
            <MyDataDialog />
            {accountActions}
          </div>
        </Card>
        <HelpCard className="lg:hidden" />
      </section>
    </Container>
  );
}

/** "Need to talk to us?": the number to call, with the hours */
function HelpCard({ className }: { className?: string }) {
  return (
    <Card className={cn("flex items-center gap-4 p-5", className)}>
      <span
        aria-hidden="true"
        className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-amber-800 dark:text-amber-300"
      >
        <LifeBuoy className="size-6" />
      </span>
      <div className="min-w-0 text-sm">
        <p className="font-medium text-muted-foreground">Need to talk to us?</p>
        <a
          href={telHref(COMPANY.phones[0])}
          className="mt-0.5 flex items-center gap-1.5 font-semibold hover:text-primary hover:underline"
        >
          <Phone aria-hidden="true" className="size-3.5" /> {COMPANY.phones[0]}
        </a>
        <p className="text-xs text-muted-foreground">{COMPANY.shortHours}</p>
      </div>
    </Card>
  );
}
