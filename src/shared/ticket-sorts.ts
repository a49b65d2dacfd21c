/**
 * The columns staff sort the ticket queue by; `created` unless asked. Apart from the
 * endpoint's schema (zod) so the route table can build the queue's first read without it.
 */
export const TICKET_SORTS = ["created", "updated", "priority", "status", "due"] as const;
