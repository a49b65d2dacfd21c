import { TICKET_SORTS } from "@shared/ticket-sorts.ts";
import { type Direction, sortOf } from "@web/components/lists/sort.ts";
import { apiPageQuery, apiQuery } from "@web/lib/api.ts";

// The ticket queue's read as its address describes it, in a module without React or zod:
// the Support Tickets tab reads it, and the server prefetches the same read when it renders
// /admin (src/web/routes.tsx), so the first page of the queue arrives with the HTML instead
// of after the console's scripts have loaded and asked for it.

/** the queue: what still needs someone */
export const QUEUE = "open,in_progress";

/** the queue's sort when the address names none, and each column's first direction */
export const TICKET_SORTING = {
  // missed targets first, then the soonest due, then tickets without a clock (the server's order)
  fallback: { sort: "queue", dir: "asc" },
  firstDir: { updated: "desc", priority: "desc", status: "asc", due: "asc" },
} as const satisfies {
  fallback: { sort: (typeof TICKET_SORTS)[number]; dir: Direction };
  firstDir: Partial<Record<(typeof TICKET_SORTS)[number], Direction>>;
};

/**
 * The ticket status a view shows. Without a choice, the queue (open and in progress); but a
 * search looks through every status, since the ticket someone asks about may be closed.
 */
export function ticketStatusOf(get: (name: string) => string) {
  return get("status") || (get("q") ? "all" : QUEUE);
}

/** GET /api/admin/tickets's query for the view in the address; one view, one cache key */
export function ticketListQuery(get: (name: string) => string) {
  const status = ticketStatusOf(get);
  const { sort, dir } = sortOf(get, TICKET_SORTING.fallback, TICKET_SORTS, TICKET_SORTING.firstDir);
  return {
    // the server lists the queue's statuses unless told "all"
    status,
    priority: get("priority"),
    assignee: get("assignee"),
    plan: get("plan"),
    city: get("city"),
    from: get("from"),
    to: get("to"),
    q: get("q").trim(),
    sort,
    dir,
    cursor: get("cursor"),
  };
}

/** What /admin shows first: the counts, the staff (the assignee filter) and the tab's first list */
export function adminDashboardReads(search: URLSearchParams) {
  const get = (name: string) => search.get(name) ?? "";
  const reads = [apiQuery("GET /api/admin/stats"), apiQuery("GET /api/admin/staff")];
  return get("tab") === "policies"
    ? reads
    : [...reads, apiPageQuery("GET /api/admin/tickets", { query: ticketListQuery(get) })];
}
