import { formatDate, formatPaise } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import type { PolicyListItem } from "@shared/schemas/policy.ts";
import { PolicyStatusBadge } from "@web/components/status/policy-status-badge.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { cn } from "@web/lib/cn.ts";
import { ArrowRight, CalendarRange, MapPin, ShieldCheck } from "lucide-react";
import { Link } from "wouter";
import { coverState } from "./cover-period.ts";
import { CardRenewButton } from "./renewal.tsx";

/** One policy on the dashboard: plan, number, property, dates, amount and status. */
export function PolicyCard({ item }: { item: PolicyListItem }) {
  const { purchase, planName } = item;
  const cover = purchase.status === "active" ? coverState(purchase.startDate, purchase.endDate) : null;
  const titleId = `policy-${purchase.id}-title`;
  return (
    <Card
      className="group relative flex flex-col p-5 transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md"
      data-testid="policy-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className={cn(
              "flex size-10 shrink-0 items-center justify-center rounded-lg",
              purchase.status === "active"
                ? "bg-primary text-primary-foreground"
                : "bg-muted text-muted-foreground",
            )}
          >
            <ShieldCheck className="size-5" />
          </span>
          <div>
            <h3 id={titleId} className="font-semibold leading-tight">
              {planName} Plan
            </h3>
            <p className="font-mono text-xs text-muted-foreground">{purchase.policyNumber}</p>
          </div>
        </div>
        <PolicyStatusBadge status={purchase.status} />
      </div>

      <dl className="mt-5 mb-5 grid gap-3 text-sm">
        <div className="flex gap-2">
          <dt className="sr-only">Property</dt>
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <dd>
            {purchase.propertyAddress}, {purchase.propertyCity}, {purchase.propertyState}
            {purchase.propertyPincode ? ` ${purchase.propertyPincode}` : ""}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="sr-only">Cover period</dt>
          <CalendarRange aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <dd>
            {formatDate(purchase.startDate)} – {formatDate(purchase.endDate)}
            {cover ? <span className="block text-xs text-muted-foreground">{cover.label}</span> : null}
          </dd>
        </div>
      </dl>

      <div className="mt-auto flex flex-wrap items-end justify-between gap-3 border-t pt-4">
        {purchase.partnerId !== null ? (
          // a home a partner handed over: the partner paid for the cover, not the homeowner
          <p className="max-w-48 text-sm text-muted-foreground">
            Paid for by the partner who fitted your home
          </p>
        ) : (
          <div>
            <p className="text-xs text-muted-foreground">
              {purchase.status === "pending" ? "Amount to pay" : "Amount paid"}
            </p>
            <p className="text-lg font-bold tabular-nums">{formatPaise(purchase.totalAmount)}</p>
          </div>
        )}
        <div className="flex items-center gap-3">
          <CardRenewButton
            purchaseId={purchase.id}
            policyNumber={purchase.policyNumber}
            status={purchase.status}
            endDate={purchase.endDate}
          />
          <Link
            href={paths.purchase(purchase.id)}
            className="inline-flex items-center gap-1 rounded-md text-sm font-semibold whitespace-nowrap text-primary after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:outline-none"
          >
            View policy<span className="sr-only"> {purchase.policyNumber}</span>
            <ArrowRight
              aria-hidden="true"
              className="size-4 transition-transform group-hover:translate-x-0.5"
            />
          </Link>
        </div>
      </div>
    </Card>
  );
}
