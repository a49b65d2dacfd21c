import type { EnquiryStatus } from "@shared/schemas/enquiry.ts";
import { Badge } from "@web/components/ui/badge.tsx";
import { cn } from "@web/lib/cn.ts";
import { ENQUIRY_STATUS_LABELS } from "./labels.ts";

// the ticket and policy badges are shared with the portal; re-exported so admin code has one import
export { PolicyStatusBadge } from "@web/components/status/policy-status-badge.tsx";
export {
  TicketPriorityBadge as PriorityBadge,
  TicketStatusBadge,
} from "@web/components/status/ticket-badges.tsx";

// same tints as the shared ticket badges: well above 4.5:1 in both themes
const INQUIRY_TONES: Record<EnquiryStatus, string> = {
  new: "bg-sky-100 text-sky-900 ring-sky-700/20 dark:bg-sky-950 dark:text-sky-100 dark:ring-sky-300/30",
  contacted:
    "bg-amber-100 text-amber-950 ring-amber-700/25 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-300/30",
  converted:
    "bg-emerald-100 text-emerald-900 ring-emerald-700/20 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-300/30",
  closed:
    "bg-zinc-100 text-zinc-800 ring-zinc-600/20 dark:bg-zinc-800 dark:text-zinc-100 dark:ring-zinc-300/25",
};

export function EnquiryStatusBadge({ status, className }: { status: EnquiryStatus; className?: string }) {
  return (
    <Badge className={cn("ring-1 ring-inset", INQUIRY_TONES[status], className)} data-status={status}>
      {ENQUIRY_STATUS_LABELS[status]}
    </Badge>
  );
}
