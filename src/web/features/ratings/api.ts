import type { RatingLink } from "@shared/schemas/rating.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiBody, apiCall, apiQuery } from "@web/lib/api.ts";

/** What a rating link's page shows (the ticket, and the rating when one was given). */
export const ratingLinkQuery = (link: RatingLink) => apiQuery("GET /api/ratings/link", { query: link });

/** The link's own fields from the address (the score stays apart: the person may change it). */
export function ratingLinkOf(search: URLSearchParams): RatingLink | null {
  const ticket = Number(search.get("ticket"));
  const r = Number(search.get("r"));
  const e = Number(search.get("e"));
  const s = search.get("s") ?? "";
  if (!ticket || !r || !e || !s) return null;
  return { ticket, r, e, s };
}

export function useRateWithLink(link: RatingLink) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: { score: number; comment?: string }) =>
      apiCall("POST /api/ratings", { body: { ...link, ...rating } }),
    onSuccess: (rating) =>
      queryClient.setQueryData(ratingLinkQuery(link).queryKey, (old) => (old ? { ...old, rating } : old)),
  });
}

export function useRateTicket(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<"POST /api/tickets/:id/rating">) =>
      apiCall("POST /api/tickets/:id/rating", { params: { id: ticketId }, body }),
    onSuccess: (rating) =>
      queryClient.setQueryData(
        apiQuery("GET /api/tickets/:id", { params: { id: ticketId } }).queryKey,
        (old) => (old ? { ...old, rating } : old),
      ),
  });
}
