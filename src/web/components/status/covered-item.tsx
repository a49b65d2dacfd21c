import { formatDate } from "@shared/format.ts";
import { coveredItemLabel } from "@shared/schemas/policy-items.ts";
import type { Ticket, TicketDetail } from "@shared/schemas/ticket.ts";
import { Badge } from "@web/components/ui/badge.tsx";
import { cn } from "@web/lib/cn.ts";
import { CircleAlert } from "lucide-react";

/**
 * Staff's flag on a claim about something the policy's plan does not cover. The server
 * decided it when the ticket was raised; amber, not red: the claim still needs an answer.
 */
export function NotInPlanBadge({ className }: { className?: string }) {
  return (
    <Badge tone="waiting" className={className} data-testid="not-in-plan">
      <CircleAlert aria-hidden="true" className="size-3" />
      Not in plan
    </Badge>
  );
}

/**
 * What the claim is about: the kind of item, and the policy item (room, brand,
 * install date) when one was chosen. Nothing when the claim named none.
 */
export function CoveredItemSummary({
  ticket,
  policyItem,
  staff = false,
  className,
}: {
  ticket: Pick<Ticket, "coveredItem" | "coveredByPlan">;
  policyItem: TicketDetail["policyItem"];
  staff?: boolean;
  className?: string;
}) {
  if (!ticket.coveredItem) return null;
  const details = policyItem
    ? [
        policyItem.room,
        policyItem.brand,
        policyItem.installedOn ? `installed ${formatDate(policyItem.installedOn)}` : null,
      ].filter(Boolean)
    : [];
  return (
    <dl className={cn("grid gap-1 text-sm", className)} data-testid="covered-item">
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Item affected</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{coveredItemLabel(ticket.coveredItem)}</span>
        {ticket.coveredByPlan === false ? (
          staff ? (
            <NotInPlanBadge />
          ) : (
            <Badge variant="outline">Not included in your plan</Badge>
          )
        ) : null}
      </dd>
      {details.length > 0 ? <dd className="text-muted-foreground">{details.join(" · ")}</dd> : null}
    </dl>
  );
}
