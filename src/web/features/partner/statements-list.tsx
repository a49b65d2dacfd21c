import { formatDate, formatMonth, formatPaise, formatShortDate } from "@shared/format.ts";
import { TAX_NOTE } from "@shared/pricing.ts";
import type { RunningStatement } from "@shared/schemas/partner.ts";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { EmptyState } from "@web/components/ui/empty-state.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { apiPageQuery, apiQuery, errorMessage } from "@web/lib/api.ts";
import { usePagedQuery } from "@web/lib/paged-query.ts";
import { AlertTriangle, Download, FileText } from "lucide-react";
import { useState } from "react";

const PAGE = 12;

/**
 * The partner's monthly statements, latest month first, each with its tax invoice's total,
 * due date and PDF: a self-contained block for the partner dashboard. It keeps its own
 * page (a cursor in memory), so it can sit on any page without touching the address.
 */
export function PartnerStatementsList() {
  // the cursors of the pages shown so far: the last is this page's
  const [trail, setTrail] = useState<string[]>([""]);
  const cursor = trail[trail.length - 1];
  const statements = usePagedQuery(
    apiPageQuery("GET /api/partner/statements", { query: { limit: String(PAGE), cursor } }),
  );

  if (statements.isPending) {
    return (
      <div role="status" aria-live="polite" className="grid gap-3">
        <span className="sr-only">Loading statements…</span>
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (statements.isError) {
    return (
      <Card>
        <EmptyState icon={<AlertTriangle aria-hidden="true" />} title="Could not load your statements">
          {errorMessage(statements.error, "Please reload the page.")}
        </EmptyState>
      </Card>
    );
  }
  const { items, nextCursor } = statements.data;
  if (items.length === 0 && trail.length === 1) {
    return (
      <Card>
        <EmptyState icon={<FileText aria-hidden="true" />} title="No statements yet">
          Each month's statement and its tax invoice appear here once the month has been billed. Payment is
          due 30 days after the invoice date.
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card className="overflow-hidden">
      <ul className="divide-y" aria-label="Monthly statements">
        {items.map((s) => (
          <li
            key={s.id}
            className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-2 p-4 sm:grid-cols-[1fr_auto_auto]"
          >
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{formatMonth(s.month)}</p>
              <p className="text-sm text-muted-foreground">
                {s.registrations} {s.registrations === 1 ? "home" : "homes"} registered · invoice{" "}
                <span className="whitespace-nowrap font-mono">{s.invoiceNumber}</span>
              </p>
            </div>
            <div className="text-right">
              <p className="font-semibold tabular-nums">{formatPaise(s.total)}</p>
              <p className="whitespace-nowrap text-xs text-muted-foreground">Due {formatDate(s.dueOn)}</p>
            </div>
            {/* under the figures on a phone, so the month and invoice keep the width */}
            <Button
              asChild
              variant="outline"
              size="sm"
              className="col-span-2 justify-self-start sm:col-span-1"
            >
              <a href={s.url} download>
                <Download aria-hidden="true" /> PDF
                <span className="sr-only"> of the statement for {formatMonth(s.month)}</span>
              </a>
            </Button>
          </li>
        ))}
      </ul>
      {trail.length > 1 || nextCursor ? (
        <nav aria-label="Pages of statements" className="flex justify-end gap-2 border-t px-4 py-3">
          <Button
            variant="outline"
            size="sm"
            disabled={trail.length === 1}
            onClick={() => setTrail((t) => t.slice(0, -1))}
          >
            Newer
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!nextCursor}
            onClick={() => nextCursor && setTrail((t) => [...t, nextCursor])}
          >
            Older
          </Button>
        </nav>
      ) : null}
    </Card>
  );
}

/**
 * This month so far, as its statement will read once the month has ended and it is issued:
 * the same registrations and fees, so an owner is not surprised by the bill. Not an invoice.
 */
export function RunningStatementCard() {
  return <RunningStatementView running={useQuery(apiQuery("GET /api/partner/statements/current"))} />;
}

/** The running statement as read by the owner or by staff (the same figures, their own call) */
export function RunningStatementView({ running }: { running: UseQueryResult<RunningStatement> }) {
  if (running.isPending) return <Skeleton className="h-28" />;
  if (running.isError) {
    return (
      <Card role="alert" className="p-5 text-sm text-danger">
        {errorMessage(running.error, "This month's figures could not be loaded. Please reload the page.")}
      </Card>
    );
  }
  const r = running.data;
  const fees = r.monthlyFeePaise
    ? `the ${r.planName}'s monthly fee of ${formatPaise(r.monthlyFeePaise)}${
        r.overQuota
          ? `, and ${formatPaise(r.registrationFeePaise)} for each of ${r.overQuota} past the quota`
          : ""
      }`
    : `${formatPaise(r.registrationFeePaise)} for each registration`;
  return (
    <Card className="grid gap-3 p-5" data-testid="running-statement">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-semibold">{formatMonth(r.month)} so far</h3>
        <p className="text-2xl font-bold tabular-nums">{formatPaise(r.total)}</p>
      </div>
      <p className="text-sm text-muted-foreground">
        {r.registrations} {r.registrations === 1 ? "home" : "homes"} registered up to {formatDate(r.asOf)}:{" "}
        {fees}, {TAX_NOTE.b2b}: {formatPaise(r.total)} with GST. This is not an invoice: the statement and its
        tax invoice are issued after the month ends.
      </p>
      {r.lines.length > 0 ? (
        <details className="group rounded-md border">
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium">
            The month's registrations ({r.registrations})
          </summary>
          <ul className="divide-y border-t text-sm" aria-label={`Registrations in ${formatMonth(r.month)}`}>
            {r.lines.map((l) => (
              <li key={l.purchaseId} className="grid grid-cols-[1fr_auto] gap-x-3 px-3 py-2">
                <span className="truncate font-medium">{l.homeowner}</span>
                <span className="text-right tabular-nums">
                  {l.feePaise ? formatPaise(l.feePaise) : "Included"}
                </span>
                <span className="col-span-2 text-xs text-muted-foreground">
                  <span className="font-mono">{l.policyNumber}</span> · {l.planName} ·{" "}
                  {formatShortDate(l.registeredOn)}
                  {l.overQuota ? " · past the quota" : ""}
                </span>
              </li>
            ))}
          </ul>
          {r.notListed > 0 ? (
            <p className="border-t px-3 py-2 text-xs text-muted-foreground">
              The newest {r.lines.length} are shown; the {r.notListed} before them are counted above, and the
              statement lists every one when it is issued.
            </p>
          ) : null}
        </details>
      ) : null}
    </Card>
  );
}
