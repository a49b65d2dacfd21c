import { formatDateTime } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import { formatAge } from "@web/components/lists/labels.ts";
import type { Breakpoint, Column } from "@web/components/lists/list-table.tsx";
import { cn } from "@web/lib/cn.ts";
import type { ReactNode } from "react";
import { Link } from "wouter";

// The contents of the cells that the staff tables (tickets, policies, customers, partners) show alike.

/** The name in a row that opens the row's own page: a ticket, policy, customer or partner. */
export function RowLink({
  className,
  ...link
}: {
  href: string;
  className?: string;
  title?: string;
  children: ReactNode;
}) {
  const look = "font-semibold text-foreground hover:text-primary hover:underline";
  return <Link {...link} className={cn(look, className)} />;
}

/** what a cell shows for a detail the record does not have (a phone, a city) */
export function NoValue() {
  return <span className="text-muted-foreground">—</span>;
}

/**
 * A long subject (up to 200 characters) stops at three lines, so every row of the queue
 * stays about the same height at any width; the whole of it shows on hover and on the
 * ticket's page.
 */
export function TicketLink({ id, subject }: { id: number; subject: string }) {
  return (
    <RowLink href={paths.adminTicket(id)} className="line-clamp-3" title={subject}>
      <span className="mr-1.5 font-mono text-xs text-muted-foreground">#{id}</span>
      {subject}
    </RowLink>
  );
}

/**
 * A customer column: their name, leading to their staff page, over their e-mail cut to
 * `emailWidth`; hidden below `from` where the row's first cell names them instead.
 */
export function customerColumn<T>(
  customerOf: (item: T) => { id: number; name: string; email: string } | undefined,
  emailWidth: string,
  from?: Breakpoint,
): Column<T> {
  return {
    head: "Customer",
    from,
    className: "min-w-44",
    cell: (item) => {
      const customer = customerOf(item);
      if (!customer) return null;
      return (
        <>
          <RowLink href={paths.adminCustomer(customer.id)} className="font-medium">
            {customer.name}
          </RowLink>
          {/* cut to the column's width; the whole address shows on hover */}
          <div className={cn(emailWidth, "truncate text-xs text-muted-foreground")} title={customer.email}>
            {customer.email}
          </div>
        </>
      );
    },
  };
}

export function PolicyAndPlan({
  policyNumber,
  planName,
  planClassName,
}: {
  policyNumber: string;
  planName: string;
  /** where the plan's line shows: a dense list keeps it for wide screens */
  planClassName?: string;
}) {
  return (
    <>
      <div className="font-mono text-xs">{policyNumber}</div>
      <div className={cn("text-xs text-muted-foreground", planClassName)}>{planName}</div>
    </>
  );
}

/** "3 days" with the exact time on hover; `now` is fixed per render so every row agrees */
export function TicketAge({ createdAt, now }: { createdAt: string; now: number }) {
  return (
    // the server renders /admin's first page a moment before the browser hydrates it
    <time dateTime={createdAt} title={formatDateTime(createdAt)} suppressHydrationWarning>
      {formatAge(createdAt, now)}
    </time>
  );
}
