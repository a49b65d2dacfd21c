import { formatDate, formatMonth, formatPaise } from "@shared/format.ts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { EmptyState } from "@web/components/ui/empty-state.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { apiPageQuery, errorMessage } from "@web/lib/api.ts";
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
  const statements = useQuery({
    ...apiPageQuery("GET /api/partner/statements", { query: { limit: String(PAGE), cursor } }),
    placeholderData: keepPreviousData,
  });

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
          <li key={s.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{formatMonth(s.month)}</p>
              <p className="text-sm text-muted-foreground">
                {s.registrations} {s.registrations === 1 ? "home" : "homes"} registered · invoice{" "}
                <span className="font-mono">{s.invoiceNumber}</span>
              </p>
            </div>
            <div className="text-right">
              <p className="font-semibold tabular-nums">{formatPaise(s.total)}</p>
              <p className="text-xs text-muted-foreground">Due {formatDate(s.dueOn)}</p>
            </div>
            <Button asChild variant="outline" size="sm">
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
