import type { Policy } from "@shared/schemas/policy.ts";
import { InvoiceLinksOnDemand } from "@web/components/invoices/invoice-links.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { apiPath } from "@web/lib/api.ts";
import { BadgeCheck, FileDown } from "lucide-react";
import { useActivatePolicy } from "./api.ts";
import { CancelPolicyDialog } from "./cancel-policy-dialog.tsx";

/**
 * Activate a pending policy; cancel a pending or active one (with a reason); download the
 * certificate PDF of an active or expired one.
 */
export function PolicyActions({ purchase }: { purchase: Pick<Policy, "id" | "policyNumber" | "status"> }) {
  const activate = useActivatePolicy();
  const canCancel = purchase.status === "pending" || purchase.status === "active";
  const hasCertificate = purchase.status === "active" || purchase.status === "expired";
  if (!canCancel && !hasCertificate) return null;
  return (
    // they wrap onto a second line where three side by side would widen the list past the screen
    <div className="flex flex-wrap justify-end gap-1">
      {purchase.status !== "pending" ? (
        <InvoiceLinksOnDemand purchaseId={purchase.id} policyNumber={purchase.policyNumber} />
      ) : null}
      {hasCertificate ? (
        <Button size="sm" variant="ghost" asChild>
          <a
            href={apiPath("GET /api/purchases/:id/certificate.pdf", { params: { id: purchase.id } })}
            download
            aria-label={`Download the certificate of policy ${purchase.policyNumber} (PDF)`}
          >
            <FileDown aria-hidden="true" /> PDF
          </a>
        </Button>
      ) : null}
      {purchase.status === "pending" ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => activate.mutate(purchase.id)}
          disabled={activate.isPending}
          aria-label={`Activate policy ${purchase.policyNumber}`}
        >
          <BusyLabel busy={activate.isPending} icon={<BadgeCheck aria-hidden="true" />}>
            Activate
          </BusyLabel>
        </Button>
      ) : null}
      {canCancel ? <CancelPolicyDialog purchase={purchase} /> : null}
    </div>
  );
}
