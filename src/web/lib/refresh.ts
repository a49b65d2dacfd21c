import { splitKey } from "@shared/endpoints/define.ts";
import type { QueryClient } from "@tanstack/react-query";
import type { ReadName } from "./api.ts";

/**
 * After a write, the cached reads that may show what it changed are read again (at once when
 * on screen, else when next shown). Reads are named by their contract key, so a renamed or
 * removed endpoint fails to compile here instead of leaving a screen stale, and a write
 * refreshes what it changes rather than the whole console.
 *
 * A read is cached under its address (see apiQuery), so a name covers every address it
 * makes: "GET /api/tickets/:id" covers "/api/tickets/5" and "/api/tickets/7?x=1", but not
 * "/api/tickets/5/messages", which is a read of its own.
 */
export function refreshReads(queryClient: QueryClient, ...names: readonly ReadName[]) {
  const addresses = names.map(addressPattern);
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const address = query.queryKey[0];
      return typeof address === "string" && addresses.some((pattern) => pattern.test(address));
    },
  });
}

/** "GET /api/tickets/:id" → /^\/api\/tickets\/[^/?]+(?:\?|$)/: any value for each parameter, any query */
function addressPattern(name: ReadName): RegExp {
  const segments = splitKey(name)
    .path.split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/?]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  return new RegExp(`^${segments.join("/")}(?:\\?|$)`);
}

/** everywhere a ticket shows: staff's lists, page and its e-mails, and the customer's list, page and thread */
export const TICKET_READS = [
  "GET /api/admin/tickets",
  "GET /api/admin/tickets/:id",
  "GET /api/admin/tickets/:id/notifications",
  "GET /api/tickets",
  "GET /api/tickets/:id",
  "GET /api/tickets/:id/messages",
  "GET /api/tickets/:id/notifications",
] as const satisfies readonly ReadName[];

/** everywhere a policy shows: staff's list, customers' pages, tickets (their policy), and the holder's own */
export const POLICY_READS = [
  "GET /api/admin/purchases",
  "GET /api/admin/customers",
  "GET /api/admin/customers/:id",
  "GET /api/admin/tickets",
  "GET /api/admin/tickets/:id",
  "GET /api/purchases",
  "GET /api/purchases/:id",
] as const satisfies readonly ReadName[];
