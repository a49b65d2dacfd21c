import { formatDate } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import type { PolicyDetail as PolicyDetailAnswer } from "@shared/schemas/policy.ts";
import { POLICY_STATUS_LABELS } from "@web/components/status/policy-status-badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { cn } from "@web/lib/cn.ts";
import { COMPANY } from "@web/lib/company.ts";
import { BadgeCheck, MessageSquarePlus } from "lucide-react";
import { Link } from "wouter";
import { coverState } from "./cover-period.ts";
import { RenewalCard } from "./renewal.tsx";
import { TransferCard } from "./transfer-card.tsx";
import { verifyPaths } from "./verify-api.ts";
import { VerifyQr } from "./verify-qr.tsx";

/**
 * Beside the certificate on screen, never printed: renewal, how much of the cover is left,
 * where to get help, the transfer to a buyer and the code that verifies the certificate.
 */
export function PolicyCoverAside({ detail }: { detail: PolicyDetailAnswer }) {
  const { purchase } = detail;
  const active = purchase.status === "active";
  const cover = coverState(purchase.startDate, purchase.endDate);
  return (
    <aside className="grid content-start gap-6 print:hidden" aria-label="Cover at a glance">
      <RenewalCard purchaseId={purchase.id} policyNumber={purchase.policyNumber} />
      <Card className="p-6">
        <h2 className="text-lg font-semibold">Cover period</h2>
        <p
          className={cn("mt-3 text-2xl font-bold", active ? "text-foreground" : "text-muted-foreground")}
          data-testid="cover-left"
        >
          {active ? cover.label : POLICY_STATUS_LABELS[purchase.status]}
        </p>
        <div
          className="mt-4 h-2.5 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="Share of the cover period used"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(cover.elapsedPercent)}
        >
          <div
            className={cn("h-full rounded-full", active ? "bg-primary" : "bg-muted-foreground/50")}
            style={{ width: `${cover.elapsedPercent}%` }}
          />
        </div>
        <div className="mt-2 flex justify-between text-xs text-muted-foreground">
          <span>{formatDate(purchase.startDate)}</span>
          <span>{formatDate(purchase.endDate)}</span>
        </div>
      </Card>
      <Card className="p-6">
        <h2 className="text-lg font-semibold">Something not right?</h2>
        <p className="mt-2 text-sm text-muted-foreground">
          {active
            ? "Report a problem with a covered item and our technicians will arrange a visit, usually within 3-5 business days."
            : "Support tickets can be raised on active policies. Call us if you need help with this one."}
        </p>
        {active ? (
          <Button asChild className="mt-4 w-full">
            <Link href={`${paths.newTicket}?purchaseId=${purchase.id}`}>
              <MessageSquarePlus aria-hidden="true" /> Raise a Support Ticket
            </Link>
          </Button>
        ) : null}
        <p className="mt-4 text-sm">
          Read the{" "}
          <Link href={paths.warrantyTerms} className="font-semibold text-primary hover:underline">
            Warranty Terms
          </Link>{" "}
          and{" "}
          <Link href={paths.refunds} className="font-semibold text-primary hover:underline">
            Cancellation and Refunds
          </Link>
          .
        </p>
        <p className="mt-2 text-sm">
          Call{" "}
          <a
            className="font-semibold text-primary hover:underline"
            href={`tel:${COMPANY.phones[0].replace(/[^+\d]/g, "")}`}
          >
            {COMPANY.phones[0]}
          </a>
        </p>
      </Card>
      {active ? <TransferCard purchaseId={purchase.id} /> : null}
      <Card className="p-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <BadgeCheck aria-hidden="true" className="size-5 text-primary" /> Verify this certificate
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">
          A buyer, bank or tenant can scan this code (it is on the PDF too) to check this policy. The page
          shows your initials and city, never your contact details.
        </p>
        <VerifyQr
          path={verifyPaths.code(detail.verifyCode)}
          label={`QR code of the verification page of policy ${purchase.policyNumber}`}
        />
        <a
          href={verifyPaths.code(detail.verifyCode)}
          className="mt-3 inline-block text-sm font-semibold text-primary underline-offset-4 hover:underline"
          data-testid="verify-link"
        >
          Open the verification page
        </a>
      </Card>
    </aside>
  );
}
