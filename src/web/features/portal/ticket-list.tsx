import { formatDateTime, formatShortDate } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import type { TicketListItem } from "@shared/schemas/ticket.ts";
import { TicketPriorityBadge, TicketStatusBadge } from "@web/components/status/ticket-badges.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@web/components/ui/table.tsx";
import { cn } from "@web/lib/cn.ts";
import { ChevronRight } from "lucide-react";
import { Link } from "wouter";
import { NewBadge } from "./new-ticket-notice.tsx";

/**
 * The customer's tickets: a table from 768 px up, stacked cards below (the hidden one is
 * display:none, so assistive technology meets each ticket once). The ticket just raised
 * (`newId`) comes first and is marked new.
 */
export function TicketList({ tickets: all, newId }: { tickets: TicketListItem[]; newId?: number }) {
  const fresh = all.find((t) => t.id === newId);
  const tickets = fresh ? [fresh, ...all.filter((t) => t !== fresh)] : all;
  return (
    <>
      <Card className="hidden overflow-hidden md:block">
        <Table>
          <caption className="sr-only">Your support tickets, newest first</caption>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Ticket</TableHead>
              <TableHead>Policy</TableHead>
              <TableHead>Priority</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Raised</TableHead>
              <TableHead>Last update</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {tickets.map((t) => (
              <TableRow
                key={t.id}
                data-testid="ticket-row"
                className={t === fresh ? "bg-primary/5" : undefined}
              >
                <TableCell className="max-w-xs">
                  <Link
                    href={paths.ticket(t.id)}
                    className="font-semibold text-foreground hover:text-primary hover:underline"
                  >
                    {t.subject}
                  </Link>
                  {t === fresh ? (
                    <>
                      {" "}
                      <NewBadge />
                    </>
                  ) : null}
                  <span className="block text-xs text-muted-foreground">#{t.id}</span>
                </TableCell>
                <TableCell>
                  <span className="block font-mono text-xs">{t.policyNumber}</span>
                  <span className="text-xs text-muted-foreground">{t.planName} Plan</span>
                </TableCell>
                <TableCell>
                  <TicketPriorityBadge priority={t.priority} />
                </TableCell>
                <TableCell>
                  <TicketStatusBadge status={t.status} />
                </TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground">
                  <time dateTime={t.createdAt}>{formatShortDate(t.createdAt)}</time>
                </TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground">
                  {/* with the time: a reply later the same day must show as a newer update */}
                  <time dateTime={t.updatedAt}>{formatDateTime(t.updatedAt)}</time>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>

      <ul className="grid gap-3 md:hidden">
        {tickets.map((t) => (
          <li key={t.id}>
            <Link
              href={paths.ticket(t.id)}
              data-testid="ticket-card"
              className={cn(
                "block rounded-xl border bg-card p-4 shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-ring",
                t === fresh && "border-primary/40",
              )}
            >
              <div className="flex items-start justify-between gap-3">
                <p className="font-semibold">
                  {t.subject}
                  {t === fresh ? (
                    <>
                      {" "}
                      <NewBadge />
                    </>
                  ) : null}
                </p>
                <ChevronRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              </div>
              <p className="mt-1 text-xs text-muted-foreground">
                #{t.id} · <span className="font-mono">{t.policyNumber}</span> · {t.planName} Plan
              </p>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <TicketStatusBadge status={t.status} />
                <TicketPriorityBadge priority={t.priority} />
              </div>
              <p className="mt-3 text-xs text-muted-foreground">
                Raised {formatShortDate(t.createdAt)} · Updated{" "}
                <time dateTime={t.updatedAt}>{formatDateTime(t.updatedAt)}</time>
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
