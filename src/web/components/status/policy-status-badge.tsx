import type { PolicyStatus } from "@shared/schemas/policy.ts";
import { Badge } from "@web/components/ui/badge.tsx";
import { cn } from "@web/lib/cn.ts";

export const POLICY_STATUS_LABELS: Record<PolicyStatus, string> = {
  pending: "Pending",
  active: "Active",
  expired: "Expired",
  cancelled: "Cancelled",
};

const TONES: Record<PolicyStatus, string> = {
  active:
    "bg-emerald-100 text-emerald-900 ring-emerald-700/20 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-300/30",
  pending:
    "bg-amber-100 text-amber-950 ring-amber-700/25 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-300/30",
  expired:
    "bg-zinc-100 text-zinc-800 ring-zinc-600/20 dark:bg-zinc-800 dark:text-zinc-100 dark:ring-zinc-300/25",
  cancelled: "bg-red-100 text-red-900 ring-red-700/25 dark:bg-red-950 dark:text-red-100 dark:ring-red-300/30",
};

export function PolicyStatusBadge({ status, className }: { status: PolicyStatus; className?: string }) {
  return (
    <Badge
      className={cn("ring-1 ring-inset print:ring-black/40", TONES[status], className)}
      data-status={status}
    >
      {POLICY_STATUS_LABELS[status]}
    </Badge>
  );
}
