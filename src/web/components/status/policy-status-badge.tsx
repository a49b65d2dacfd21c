import type { PolicyStatus } from "@shared/schemas/policy.ts";
import { Badge, type BadgeTone } from "@web/components/ui/badge.tsx";
import { cn } from "@web/lib/cn.ts";

export const POLICY_STATUS_LABELS: Record<PolicyStatus, string> = {
  pending: "Pending",
  active: "Active",
  expired: "Expired",
  cancelled: "Cancelled",
};

const TONES: Record<PolicyStatus, BadgeTone> = {
  active: "done",
  pending: "waiting",
  expired: "over",
  cancelled: "alarm",
};

export function PolicyStatusBadge({ status, className }: { status: PolicyStatus; className?: string }) {
  return (
    <Badge tone={TONES[status]} className={cn("print:ring-black/40", className)} data-status={status}>
      {POLICY_STATUS_LABELS[status]}
    </Badge>
  );
}
