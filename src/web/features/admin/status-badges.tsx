import type { EnquiryStatus } from "@shared/schemas/enquiry.ts";
import { ENQUIRY_STATUS_LABELS } from "@web/components/lists/labels.ts";
import { Badge, type BadgeTone } from "@web/components/ui/badge.tsx";

// the ticket and policy badges are shared with the portal; re-exported so admin code has one import
export { PolicyStatusBadge } from "@web/components/status/policy-status-badge.tsx";
export {
  TicketPriorityBadge as PriorityBadge,
  TicketStatusBadge,
} from "@web/components/status/ticket-badges.tsx";

const ENQUIRY_TONES: Record<EnquiryStatus, BadgeTone> = {
  new: "info",
  contacted: "waiting",
  converted: "done",
  closed: "over",
};

export function EnquiryStatusBadge({ status, className }: { status: EnquiryStatus; className?: string }) {
  return (
    <Badge tone={ENQUIRY_TONES[status]} className={className} data-status={status}>
      {ENQUIRY_STATUS_LABELS[status]}
    </Badge>
  );
}
