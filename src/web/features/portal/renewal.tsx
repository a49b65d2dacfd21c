import { todayInIndia } from "@shared/dates.ts";
import { formatDate, formatPaise } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import { TAX_NOTE } from "@shared/pricing.ts";
import type { PolicyStatus } from "@shared/schemas/policy.ts";
import {
  OPEN_RENEWAL_STATUSES,
  type PolicyRenewal,
  RENEWAL_STATUS_LABELS,
  type Renewal,
  renewalWindow,
} from "@shared/schemas/renewal.ts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { FormFailure } from "@web/components/forms/form-failure.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { apiCall, apiQuery, errorMessage } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import { paymentOptionsQuery } from "@web/lib/orders.ts";
import {
  CalendarClock,
  CircleAlert,
  CircleCheck,
  ClipboardCheck,
  IndianRupee,
  QrCode,
  RefreshCw,
} from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";

export const renewalQuery = (id: number) => apiQuery("GET /api/purchases/:id/renewal", { params: { id } });

/** A renewal staff are still working on: the holder cannot ask for another meanwhile. */
const isOpenRenewal = (r: Renewal | null): r is Renewal =>
  r !== null && OPEN_RENEWAL_STATUSES.includes(r.status);

/** Whether the holder may ask for a renewal now: the window is open and none is under way. */
export const canRenew = (r: PolicyRenewal | undefined) => r?.state === "open" && !isOpenRenewal(r.renewal);

/** The Renew button: to the renewal page of the policy. */
function RenewButton({
  purchaseId,
  policyNumber,
  className,
  size,
}: {
  purchaseId: number;
  policyNumber: string;
  className?: string;
  size?: "sm" | "default";
}) {
  return (
    <Button asChild className={className} size={size}>
      <Link href={paths.renewPurchase(purchaseId)}>
        <RefreshCw aria-hidden="true" /> Renew<span className="sr-only"> policy {policyNumber}</span>
      </Link>
    </Button>
  );
}

/**
 * The Renew button on a dashboard card. The renewal call is made only for the policies whose
 * dates put them in the window (the same rule the server applies), so a dashboard of many
 * policies asks about the few near their end, not about every one.
 */
export function CardRenewButton({
  purchaseId,
  policyNumber,
  status,
  endDate,
}: {
  purchaseId: number;
  policyNumber: string;
  status: PolicyStatus;
  endDate: string;
}) {
  const inWindow = renewalWindow({ status, endDate }, todayInIndia()).state === "open";
  const query = useQuery({ ...renewalQuery(purchaseId), enabled: inWindow });
  if (!inWindow || !canRenew(query.data)) return null;
  // above the card's whole-card link, so the button gets its own clicks
  return (
    <RenewButton purchaseId={purchaseId} policyNumber={policyNumber} size="sm" className="relative z-10" />
  );
}

/** The policy page's header: Renew beside the other actions, so a phone shows it without scrolling. */
export function PolicyRenewButton({
  purchaseId,
  policyNumber,
}: {
  purchaseId: number;
  policyNumber: string;
}) {
  const query = useQuery(renewalQuery(purchaseId));
  if (!canRenew(query.data)) return null;
  return <RenewButton purchaseId={purchaseId} policyNumber={policyNumber} />;
}

/** What happened to the renewal, in plain words, with what comes next. */
export function RenewalProgress({ renewal }: { renewal: Renewal }) {
  const tone =
    renewal.status === "activated"
      ? "border-success/40 bg-success/5"
      : renewal.status === "inspection_failed"
        ? "border-destructive/40 bg-destructive/5"
        : renewal.status === "cancelled"
          ? "border-border bg-muted/50"
          : "border-primary/30 bg-primary/5";
  const Icon =
    renewal.status === "activated"
      ? CircleCheck
      : renewal.status === "inspection_failed" || renewal.status === "cancelled"
        ? CircleAlert
        : renewal.status === "inspection_required"
          ? ClipboardCheck
          : IndianRupee;
  return (
    <div
      className={cn("rounded-lg border px-4 py-3 text-sm", tone)}
      role="status"
      data-testid="renewal-status"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {RENEWAL_STATUS_LABELS[renewal.status]}
      </p>
      <p className="mt-1.5">
        {renewal.planName} Plan · {renewal.durationYears} {renewal.durationYears === 1 ? "year" : "years"} ·{" "}
        <span className="tabular-nums">{formatPaise(renewal.amount)}</span> · {TAX_NOTE.b2c}
      </p>
      <p className="mt-1.5 text-muted-foreground">
        {renewal.status === "inspection_required"
          ? "As the cover has lapsed, an inspection visit comes first. We will call you to book it."
          : renewal.status === "awaiting_payment"
            ? "We will call you to take the payment; your renewed cover starts as soon as it is received."
            : renewal.status === "inspection_failed"
              ? "At the inspection visit we found items that need repair before the cover can be renewed. Once they are repaired, you can ask again."
              : renewal.status === "cancelled"
                ? "The renewal was not paid in time, so it was cancelled. Your current policy is unchanged, and you can ask to renew again."
                : renewal.newStartDate && renewal.newEndDate
                  ? `Your renewed cover runs from ${formatDate(renewal.newStartDate)} to ${formatDate(renewal.newEndDate)}.`
                  : "Your renewed cover is active."}
      </p>
      {renewal.status === "inspection_failed" && renewal.inspectionNote ? (
        <blockquote className="mt-2 border-l-2 border-destructive/50 pl-3 italic">
          {renewal.inspectionNote}
        </blockquote>
      ) : null}
      {renewal.status === "awaiting_payment" ? <PayRenewalOnline renewal={renewal} /> : null}
      {renewal.status === "activated" && renewal.newPurchaseId ? (
        <Link
          href={paths.purchase(renewal.newPurchaseId)}
          className="mt-2 inline-block font-semibold text-primary underline-offset-4 hover:underline"
        >
          View the new policy {renewal.newPolicyNumber}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * Paying a renewal online, when a UPI payee is configured: the same order page as a purchase
 * (its QR code, the phone's UPI app, the UTR form). The order is placed on the first tap; once
 * placed, the button is a plain link to it, which works before scripts load.
 */
function PayRenewalOnline({ renewal }: { renewal: Renewal }) {
  const online = useQuery(paymentOptionsQuery()).data?.onlinePurchase ?? false;
  const [, navigate] = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const place = useMutation({
    mutationFn: () =>
      apiCall("POST /api/purchases/:id/renewal/order", { params: { id: renewal.purchaseId } }),
    onSuccess: (order) => navigate(paths.order(order.id)),
    onError: (error) => setFailure(errorMessage(error, "Please try again.")),
  });
  if (!online) return null;
  const label = `Pay ${formatPaise(renewal.amount)} by UPI`;
  return (
    <div className="mt-3 grid gap-2">
      {renewal.orderId ? (
        <Button asChild className="sm:justify-self-start">
          <Link href={paths.order(renewal.orderId)}>
            <QrCode aria-hidden="true" /> {label}
          </Link>
        </Button>
      ) : (
        <Button
          type="button"
          className="sm:justify-self-start"
          disabled={place.isPending}
          onClick={() => {
            setFailure(null);
            place.mutate();
          }}
        >
          <BusyLabel busy={place.isPending} icon={<QrCode aria-hidden="true" />} busyText="Preparing...">
            {label}
          </BusyLabel>
        </Button>
      )}
      {failure ? <FormFailure title="Could not prepare the payment" message={failure} /> : null}
    </div>
  );
}

/** The policy page's renewal card: when renewal opens, the Renew button, or how the renewal is going. */
export function RenewalCard({ purchaseId, policyNumber }: { purchaseId: number; policyNumber: string }) {
  const query = useQuery(renewalQuery(purchaseId));
  const r = query.data;
  // a pending or cancelled policy cannot be renewed, and says so already
  if (!r || (r.state === "closed" && !r.renewal)) return null;
  return (
    <Card className="p-6" data-testid="renewal-card">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <RefreshCw aria-hidden="true" className="size-5 text-primary" /> Renewal
      </h2>
      {r.state === "not_yet" ? (
        <p className="mt-2 flex gap-2 text-sm text-muted-foreground">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            You can renew this policy from{" "}
            <strong className="text-foreground">{formatDate(r.opensOn)}</strong>, 60 days before it ends. We
            will remind you by e-mail.
          </span>
        </p>
      ) : null}
      {r.renewal && (r.renewal.status !== "inspection_failed" || r.state === "open") ? (
        <div className="mt-3">
          <RenewalProgress renewal={r.renewal} />
        </div>
      ) : null}
      {canRenew(r) ? (
        <>
          <p className="mt-3 text-sm text-muted-foreground">
            {r.lapsed
              ? "The cover has ended. Renew it on the same plan or a higher one; an inspection visit comes first."
              : "Keep your interiors covered without a gap: renew on the same plan or a higher one."}
          </p>
          <RenewButton purchaseId={purchaseId} policyNumber={policyNumber} className="mt-4 w-full" />
        </>
      ) : null}
    </Card>
  );
}
