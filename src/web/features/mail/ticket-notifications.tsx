import { formatDateTime } from "@shared/format.ts";
import type { TicketNotification } from "@shared/schemas/outbox.ts";
import { useQuery } from "@tanstack/react-query";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { apiQuery } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import { MailCheck, MailWarning, MailX } from "lucide-react";
import { EMAIL_LABELS } from "./labels.ts";

/**
 * The e-mails sent about a ticket, oldest first: the customer sees those sent to them,
 * staff see every one with its address (the staff alerts too).
 */
export function TicketNotifications({ ticketId, staff }: { ticketId: number; staff?: boolean }) {
  const query = useQuery(
    staff
      ? apiQuery("GET /api/admin/tickets/:id/notifications", { params: { id: ticketId } })
      : apiQuery("GET /api/tickets/:id/notifications", { params: { id: ticketId } }),
  );
  if (query.isPending) return <Skeleton className="h-16 w-full" />;
  if (query.isError) return <p className="text-sm text-muted-foreground">E-mails could not be loaded.</p>;
  const items = query.data;
  if (items.length === 0) return <p className="text-sm text-muted-foreground">No e-mails yet.</p>;
  return (
    <ol className="grid gap-3" aria-label="E-mails sent">
      {items.map((n) => (
        <Notification key={n.id} n={n} staff={staff} />
      ))}
    </ol>
  );
}

function Notification({ n, staff }: { n: TicketNotification; staff?: boolean }) {
  const sent = n.status === "done" && n.sentAt;
  const Icon = sent ? MailCheck : n.status === "dead" ? MailX : MailWarning;
  return (
    <li className="flex gap-3 text-sm">
      <Icon
        aria-hidden="true"
        className={cn(
          "mt-0.5 size-4 shrink-0",
          sent ? "text-emerald-600 dark:text-emerald-400" : "text-amber-600 dark:text-amber-400",
        )}
      />
      <div className="min-w-0">
        <p className="font-medium">{EMAIL_LABELS[n.template] ?? n.template}</p>
        {staff && n.to ? <p className="break-all text-muted-foreground">To {n.to}</p> : null}
        <p className="text-muted-foreground">
          {sent
            ? `Sent ${formatDateTime(n.sentAt as string)}`
            : n.status === "dead"
              ? "Could not be sent"
              : `Sending (queued ${formatDateTime(n.createdAt)})`}
        </p>
      </div>
    </li>
  );
}
