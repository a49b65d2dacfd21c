import type { TicketDetail } from "@shared/schemas/ticket.ts";
import { Card } from "@web/components/ui/card.tsx";
import { Star } from "lucide-react";
import { useRateTicket } from "./api.ts";
import { RatingForm, RatingSummary } from "./rating-form.tsx";

/**
 * On the customer's ticket page: once the ticket is resolved, a card to rate the resolution
 * (the same as the e-mail's links); once rated, what they gave. Nothing before resolution.
 */
export function TicketRatingCard({ detail }: { detail: TicketDetail }) {
  const { ticket, rating } = detail;
  const rate = useRateTicket(ticket.id);
  if (!rating && ticket.status !== "resolved") return null;
  return (
    <Card className="border-amber-300 p-6 dark:border-amber-500/40" data-testid="ticket-rating">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Star aria-hidden="true" className="size-5 fill-amber-400 text-amber-500" />
        {rating ? "Your rating" : "Rate the resolution"}
      </h2>
      {rating ? (
        <>
          <RatingSummary rating={rating} className="mt-4" />
          <p className="mt-3 text-sm text-muted-foreground" role="status">
            Thank you. Your feedback helps us improve our service.
          </p>
        </>
      ) : (
        <>
          <p className="mt-1 mb-5 text-sm text-muted-foreground">
            Your ticket was resolved. Tell us how we did: it takes a few seconds.
          </p>
          <RatingForm pending={rate.isPending} error={rate.error} onSubmit={(r) => rate.mutate(r)} />
        </>
      )}
    </Card>
  );
}

/** The staff view's line: the customer's rating of the latest resolution, or that none was given. */
export function StaffRating({ detail }: { detail: TicketDetail }) {
  if (detail.rating) return <RatingSummary rating={detail.rating} />;
  return (
    <p className="text-sm text-muted-foreground" data-testid="rating-none">
      {detail.ticket.status === "resolved" || detail.ticket.status === "closed"
        ? "The customer has not rated this resolution yet."
        : "The customer can rate the ticket once it is resolved."}
    </p>
  );
}
