/**
 * The columns staff sort the ticket queue by. `queue`, the default, puts what needs someone
 * first: missed targets (their due time has passed), then the soonest due, then the tickets
 * whose service-level clock does not run. Apart from the endpoint's schema (zod) so the
 * route table can build the queue's first read without it.
 */
export const TICKET_SORTS = ["queue", "created", "updated", "priority", "status", "due"] as const;
