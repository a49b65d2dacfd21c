import type { Policy } from "@shared/schemas/policy.ts";
import { Button } from "@web/components/ui/button.tsx";
import { BadgeCheck, Loader2 } from "lucide-react";
import { useActivatePolicy } from "./api.ts";
import { CancelPolicyDialog } from "./cancel-policy-dialog.tsx";

/** Activate a pending policy; cancel a pending or active one (with a reason). */
export function PolicyActions({ purchase }: { purchase: Pick<Policy, "id" | "policyNumber" | "status"> }) {
  const activate = useActivatePolicy();
  const canCancel = purchase.status === "pending" || purchase.status === "active";
  if (!canCancel) return null;
  return (
    <div className="flex justify-end gap-1">
      {purchase.status === "pending" ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => activate.mutate(purchase.id)}
          disabled={activate.isPending}
          aria-label={`Activate policy ${purchase.policyNumber}`}
        >
          {activate.isPending ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <BadgeCheck aria-hidden="true" />
          )}
          Activate
        </Button>
      ) : null}
      <CancelPolicyDialog purchase={purchase} />
    </div>
  );
}
