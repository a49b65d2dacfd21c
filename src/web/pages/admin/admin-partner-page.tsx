import { formatDate, formatMonth, formatPaise, formatShortDate } from "@shared/format.ts";
import { parseId } from "@shared/ids.ts";
import { paths } from "@shared/paths.ts";
import { type AdminPartner, ENTERPRISE_PLAN, type StatementSummary } from "@shared/schemas/partner.ts";
import { whiteLabelLine } from "@shared/schemas/partner-brand.ts";
import { type Column, ListTable } from "@web/components/lists/list-table.tsx";
import { PagedListStates } from "@web/components/lists/paged-list.tsx";
import { useListView } from "@web/components/lists/use-list-view.ts";
import { Badge } from "@web/components/ui/badge.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { EmptyState } from "@web/components/ui/empty-state.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { AdminShell } from "@web/features/admin/admin-shell.tsx";
import {
  InviteMemberDialog,
  IssueStatementDialog,
  LogoUploadButton,
} from "@web/features/admin/partner-forms.tsx";
import { PartnerLogo, QuotaUse } from "@web/features/admin/partner-parts.tsx";
import {
  useAdminPartner,
  usePartnerMembers,
  usePartnerStatements,
  useRunningStatement,
} from "@web/features/admin/partners-api.ts";
import { RequireOffice } from "@web/features/auth/guards.tsx";
import { RunningStatementView } from "@web/features/partner/statements-list.tsx";
import { errorMessage } from "@web/lib/api.ts";
import type { PageProps } from "@web/lib/lazy-page.tsx";
import { Download, FileText, Handshake, Users } from "lucide-react";
import type { ReactNode } from "react";
import { AdminRecordPage } from "./admin-frame.tsx";

export default function AdminPartnerPage({ params }: PageProps) {
  const path = paths.adminPartner(params.id);
  return (
    <RequireOffice>
      <AdminRecordPage
        id={parseId(params.id)}
        path={path}
        back={back}
        noun="partner"
        icon={<Handshake aria-hidden="true" />}
        missingHint="Go back to the partner list to find it by name."
        skeleton={
          <>
            <Skeleton className="h-40" />
            <Skeleton className="h-48" />
          </>
        }
        useRecord={useAdminPartner}
      >
        {(p) => <PartnerView p={p} path={path} />}
      </AdminRecordPage>
    </RequireOffice>
  );
}

const back = { href: paths.adminPartners, label: "All partners" };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}

function PartnerView({ p, path }: { p: AdminPartner; path: string }) {
  const enterprise = p.planName === ENTERPRISE_PLAN;
  return (
    <AdminShell
      title={p.name}
      path={path}
      back={back}
      description={`${p.planName} · partner since ${formatShortDate(p.createdAt)}`}
    >
      <div className="grid grid-cols-1 gap-6">
        <Card className="grid gap-5 p-4 sm:p-5">
          <div className="flex flex-wrap items-center gap-4">
            <PartnerLogo partner={p} />
            {/* on a phone the line takes a row of its own under the logo and the button */}
            <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
              <p className="text-sm text-muted-foreground">
                Homeowners read, on certificates, e-mails and the verification page:
              </p>
              <p className="mt-1 font-medium" data-testid="white-label-line">
                {whiteLabelLine(p.name)}
              </p>
            </div>
            <div className="ml-auto sm:ml-0">
              <LogoUploadButton partnerId={p.id} hasLogo={p.hasLogo} />
            </div>
          </div>
          <dl className="grid gap-4 border-t pt-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
            <Fact label="Plan">
              {p.planName}
              {enterprise && p.agreedPricePaise !== null ? (
                <span className="block text-muted-foreground">
                  {formatPaise(p.agreedPricePaise)} per registration
                </span>
              ) : null}
            </Fact>
            <Fact label="This month">
              <QuotaUse month={p.month} />
            </Fact>
            <Fact label="Contract start">{formatDate(p.contractStart)}</Fact>
            <Fact label="GSTIN">
              {p.gstin ? (
                <span className="font-mono">{p.gstin}</span>
              ) : (
                <span className="text-muted-foreground">None</span>
              )}
            </Fact>
            <Fact label="Address">{p.address}</Fact>
            <Fact label="Past the quota">{p.overQuota === "bill" ? "Accepted and billed" : "Refused"}</Fact>
            <Fact label="New handovers">
              {p.handoverStatus === "active" ? "Active at once" : "Pending for staff"}
            </Fact>
            <Fact label="Brand colour">
              <span className="inline-flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className="size-4 rounded border"
                  style={{ backgroundColor: p.brandColour }}
                />
                <span className="font-mono">{p.brandColour}</span>
              </span>
            </Fact>
          </dl>
        </Card>

        <section aria-labelledby="partner-users">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 id="partner-users" className="flex items-center gap-2 text-lg font-bold">
              <Users aria-hidden="true" className="size-5 text-muted-foreground" /> Users
              <span className="text-sm font-normal text-muted-foreground">({p.memberCount} active)</span>
            </h2>
            <InviteMemberDialog partnerId={p.id} partnerName={p.name} />
          </div>
          <Members partnerId={p.id} />
        </section>

        <section aria-labelledby="partner-statements">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 id="partner-statements" className="flex items-center gap-2 text-lg font-bold">
              <FileText aria-hidden="true" className="size-5 text-muted-foreground" /> Monthly statements
            </h2>
            <IssueStatementDialog partnerId={p.id} />
          </div>
          <div className="mb-3">
            <RunningStatement partnerId={p.id} />
          </div>
          <Statements partnerId={p.id} />
        </section>
      </div>
    </AdminShell>
  );
}

function Members({ partnerId }: { partnerId: number }) {
  const members = usePartnerMembers(partnerId);
  if (members.isPending) return <Skeleton className="h-24" />;
  if (members.isError) {
    return (
      <Card>
        <EmptyState icon={<Users aria-hidden="true" />} title="Could not load the users">
          {errorMessage(members.error, "Please reload the page.")}
        </EmptyState>
      </Card>
    );
  }
  if (members.data.length === 0) {
    return (
      <Card>
        <EmptyState icon={<Users aria-hidden="true" />} title="No users yet">
          Invite the partner's owner: they can then invite their own team.
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card className="overflow-hidden">
      <ListTable
        label="Users"
        items={members.data}
        row={(m) => ({ className: m.removedAt ? "text-muted-foreground" : undefined })}
        columns={[
          {
            head: "Name",
            className: "min-w-48",
            cell: (m) => (
              <>
                <p className="font-medium">{m.name}</p>
                <p className="text-xs break-all text-muted-foreground">{m.email}</p>
              </>
            ),
          },
          {
            head: "Role",
            cell: (m) =>
              m.removedAt ? (
                <Badge variant="outline">Removed {formatShortDate(m.removedAt)}</Badge>
              ) : (
                <Badge variant={m.role === "owner" ? "default" : "outline"}>
                  {m.role === "owner" ? "Owner" : "Member"}
                </Badge>
              ),
          },
          {
            head: "Since",
            from: "sm",
            className: "whitespace-nowrap",
            cell: (m) => formatShortDate(m.createdAt),
          },
        ]}
      />
    </Card>
  );
}

/** this month so far, before it can be issued: what staff will bill once it has ended */
function RunningStatement({ partnerId }: { partnerId: number }) {
  return <RunningStatementView running={useRunningStatement(partnerId)} />;
}

const STATEMENT_COLUMNS: Column<StatementSummary>[] = [
  { head: "Month", className: "font-medium whitespace-nowrap", cell: (s) => formatMonth(s.month) },
  {
    head: "Homes",
    align: "right",
    className: "tabular-nums",
    cell: (s) => (
      <>
        {s.registrations}
        {s.overQuota > 0 ? (
          <span className="block text-xs text-amber-800 dark:text-amber-200">{s.overQuota} over</span>
        ) : null}
      </>
    ),
  },
  {
    head: "Total",
    align: "right",
    className: "whitespace-nowrap tabular-nums",
    cell: (s) => formatPaise(s.total),
  },
  { head: "Invoice", from: "md", className: "font-mono text-xs", cell: (s) => s.invoiceNumber },
  { head: "Due", from: "sm", className: "whitespace-nowrap", cell: (s) => formatShortDate(s.dueOn) },
  {
    head: "Download",
    headHidden: true,
    align: "right",
    cell: (s) => (
      <a
        href={s.url}
        download
        className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-primary hover:underline"
      >
        <Download aria-hidden="true" className="size-4" /> PDF
        <span className="sr-only"> of the statement for {formatMonth(s.month)}</span>
      </a>
    ),
  },
];

function Statements({ partnerId }: { partnerId: number }) {
  const view = useListView("statement");
  const statements = usePartnerStatements(partnerId, { cursor: view.cursor, limit: "12" });
  return (
    <Card className="overflow-hidden">
      <PagedListStates
        query={statements}
        view={view}
        limit={12}
        noun={["statement", "statements"]}
        empty={{
          icon: <FileText aria-hidden="true" />,
          title: "No statements yet",
          text: "Issue last month's statement once the month has ended.",
        }}
      >
        {(items) => <ListTable label="Statements" items={items} columns={STATEMENT_COLUMNS} />}
      </PagedListStates>
    </Card>
  );
}
