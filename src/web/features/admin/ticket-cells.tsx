import { formatDateTime } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import { Link } from "wouter";
import { formatAge } from "./labels.ts";

// The contents of the cells that every staff ticket table shows alike.

export function TicketLink({ id, subject }: { id: number; subject: string }) {
  return (
    <Link
      href={paths.adminTicket(id)}
      className="font-semibold text-foreground hover:text-primary hover:underline"
    >
      <span className="mr-1.5 font-mono text-xs text-muted-foreground">#{id}</span>
      {subject}
    </Link>
  );
}

export function PolicyAndPlan({ policyNumber, planName }: { policyNumber: string; planName: string }) {
  return (
    <>
      <div className="font-mono text-xs">{policyNumber}</div>
      <div className="text-xs text-muted-foreground">{planName}</div>
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
