import { z } from "zod";
import { parseId } from "../ids.ts";
import { boundedDay } from "../schemas/ids.ts";
import type { Access } from "./define.ts";

/** A list filter from a query string: empty or "all" means no filter. */
const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === "all" ? undefined : v), schema.optional());

/** Rows on one page of a staff list: 50 unless asked, never more than 200. */
export const PAGE_LIMIT = { default: 50, max: 200 } as const;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${PAGE_LIMIT.max}`;

/** `limit`: a page's size, PAGE_LIMIT.default when absent; every paged list takes it */
const pageLimit = optionalFilter(
  z
    .string()
    .regex(/^\d{1,4}$/, LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(1, LIMIT_MESSAGE).max(PAGE_LIMIT.max, LIMIT_MESSAGE)),
).transform((n) => n ?? PAGE_LIMIT.default);

/**
 * `status=open,in_progress`: one value or several, each from the allowed list; a value off
 * the list is a 400 and never reaches a query.
 */
export const listOf = <const V extends readonly [string, ...string[]]>(values: V) =>
  optionalFilter(
    z.preprocess(
      (v) => (typeof v === "string" ? v.split(",").filter(Boolean) : v),
      z.array(z.enum(values)).min(1).max(values.length),
    ),
  );

/** `name=value`: one value from the allowed list; a value off it is a 400 that names the list */
export const oneOf = <const V extends readonly [string, ...string[]]>(name: string, values: V) =>
  optionalFilter(z.enum(values, { message: `${name} must be one of: ${values.join(", ")}` }));

/** `from` / `to`: a calendar day, YYYY-MM-DD */
const day = boundedDay("Please enter dates as YYYY-MM-DD");

/** an id in a query string: a filter by one record (a plan, a customer, a staff member) */
const queryId = z.string().transform((raw, ctx) => {
  const id = parseId(raw);
  if (id === null) {
    ctx.addIssue({ code: "custom", message: "Invalid id" });
    return z.NEVER;
  }
  return id;
});

/**
 * The query every paged staff list takes: a page size, the cursor from the previous page's
 * `Link`, a sort from the list's own columns and a direction, and search text taken
 * literally. Unknown parameters are refused (400), so a misspelt filter is an error rather
 * than a silently unfiltered list.
 */
export const pagedQuery = <const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sorts: S,
  filters: F,
) =>
  z.strictObject({
    limit: pageLimit,
    cursor: optionalFilter(z.string().max(512)),
    sort: oneOf("sort", sorts),
    dir: optionalFilter(z.enum(["asc", "desc"], { message: "dir must be asc or desc" })),
    /** words in the list's searchable fields, taken literally */
    q: optionalFilter(z.string().trim().max(100)),
    ...filters,
  });

/**
 * The query of a list paged newest first by id (the server's newestFirstPage): a page size,
 * the last id the previous page showed, and the list's own filters; unknown parameters are
 * refused, as in pagedQuery.
 */
export const newestFirstQuery = <F extends z.ZodRawShape>(filters: F) =>
  z.strictObject({
    limit: pageLimit,
    cursor: optionalFilter(z.string().regex(/^[1-9][0-9]{0,15}$/, "Invalid cursor")),
    ...filters,
  });

export const filterOf = {
  id: optionalFilter(queryId),
  day: optionalFilter(day),
  /** a city's name as staff pick it from the list of cities */
  city: optionalFilter(z.string().trim().min(1).max(80)),
  /** `mine`, `unassigned` or a staff member's id */
  assignee: optionalFilter(
    z.union([z.enum(["mine", "unassigned"]), queryId], {
      message: "assignee must be mine, unassigned or a staff member's id",
    }),
  ),
};

/** A list answered a page at a time (see `paged` in define.ts): its query, and one of the rows the page's array holds. */
export const pagedList = <A extends Access, Q extends z.ZodType, I extends z.ZodType>(
  access: A,
  query: Q,
  item: I,
) => ({
  access,
  query,
  response: z.array(item),
  paged: true as const,
});
