// types only: every page of the site reads this file, and zod itself must not come with it
import type { z } from "zod";

/**
 * Who may call an endpoint. `public`: anyone; `user`: any signed-in person (401 for a
 * guest); `office`: the office staff only, role `admin` (401 for a guest, 403 for a
 * customer, a technician or a partner); `staff`: anyone who works in the console, the office
 * staff or a technician (403 for anyone else), where the service then lets a technician
 * reach only the tickets assigned to them (404 for others);
 * `partner`: a user of a B2B partner who is still one of its members (403 for anyone else,
 * and for a member who was removed), who reaches only their own partner's records.
 */
const ACCESS_LEVELS = ["public", "user", "office", "staff", "partner"] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** `"GET /api/tickets/:id"`: the method and the Fastify-style path name an endpoint. */
export type EndpointKey = `${Method} /api/${string}`;

/** One endpoint, described once: who may call it, what it takes and what it answers. */
export interface Endpoint {
  access: Access;
  /**
   * `true`: a member of staff who must set up two-factor sign-in (it is required of staff
   * and theirs is off) may still call this; every other signed-in call refuses them (see
   * decideAccess in src/shared/access.ts). For the set-up itself and the caller's own profile.
   */
  staffTwoFactorExempt?: true;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** the answer on success */
  response: z.ZodType;
  /** the success status: 200 unless said */
  status?: 200 | 201;
  /**
   * a download that is not JSON, not serialized from `response`: the enquiry CSV, or a
   * stored file (an attachment) served with its own type
   */
  download?: "text/csv" | "file";
  /** the body is multipart/form-data, read as a stream by the handler rather than parsed by a schema */
  multipart?: true;
  /**
   * A list answered a page at a time (see `Page`): the body is the page's rows (`response`
   * is their array), and the headers say the rest: `X-Total-Count`, `X-Total-Count-Estimate:
   * true` when that total is the planner's estimate, and `Link: <address>; rel="next"` with
   * the next page's address, absent on the last page.
   */
  paged?: true;
}

/** One page of a paged list, as the server's list queries return it and the browser reads it. */
export interface Page<T> {
  items: T[];
  /** the cursor of the page after this one; null on the last page */
  nextCursor: string | null;
  /** every row that matches the filters and search, on all pages (see `totalIsEstimate`) */
  total: number;
  /** beyond 10,000 matching rows the total is the database's estimate, not a count */
  totalIsEstimate: boolean;
}

/** The headers of a paged answer */
export const PAGE_HEADERS = {
  total: "x-total-count",
  estimate: "x-total-count-estimate",
  link: "link",
} as const;

/** The next page's address from a `Link` header: `</api/x?...&cursor=...>; rel="next"` */
export function nextPageLink(link: string | null | undefined): string | null {
  if (!link) return null;
  for (const part of link.split(",")) {
    const m = /^\s*<([^>]*)>\s*;\s*rel="?next"?\s*$/.exec(part);
    if (m) return m[1];
  }
  return null;
}

/** Keeps the literal keys and schemas, so both sides get exact types from the table. */
export const defineEndpoints = <const T extends { [K in keyof T]: K extends EndpointKey ? Endpoint : never }>(
  table: T,
) => table;

export type MethodOf<K> = K extends `${infer M extends Method} ${string}` ? M : never;
export type PathOf<K> = K extends `${Method} ${infer P}` ? P : never;

/** `{ id: string | number }` for "/api/tickets/:id" */
export type PathParams<P> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

/** "/api/tickets/:id" with { id: 5 } → "/api/tickets/5"; each value is URL-encoded */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * A query string with empty values left out, keys in the order the caller lists them
 * (each screen builds its filter in one place, so one filter makes one address and one
 * cache key).
 */
export function queryString(query: Record<string, string | number | undefined | null> = {}): string {
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") qs.set(key, String(value));
  }
  const s = qs.toString();
  return s ? `?${s}` : "";
}

/** Splits "GET /api/x" into its method and path. */
export function splitKey(key: string): { method: Method; path: string } {
  const space = key.indexOf(" ");
  return { method: key.slice(0, space) as Method, path: key.slice(space + 1) };
}
