import { createHash, createHmac } from "node:crypto";
import { type AnyColumn, and, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgSelect, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { Page } from "../../shared/endpoints/define.ts";
import type { Db } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { badRequest } from "../errors.ts";
import { sameSignature } from "./signatures.ts";

/**
 * Keyset pages: each page continues after the last row of the previous one, named by its
 * sort values and id, instead of skipping N rows (OFFSET reads and throws away every
 * skipped row, so page 200 would cost 200 pages). A row that arrives between two pages
 * shifts nothing: the next page still starts right after the row the previous one ended on.
 *
 * The position travels to the browser as an opaque cursor: the values, then an HMAC of
 * them and of the query they belong to (list, sort, direction, filters, search). A cursor
 * that was edited, cut short, or taken from another sort or filter is refused with a 400,
 * never read as a different position; and its values reach SQL only as parameters.
 */

export type Direction = "asc" | "desc";
/** a sort value or id as it travels in a cursor */
export type KeyValue = string | number;

export interface ListQuery<Sort extends string, Filters> {
  sort: Sort;
  direction: Direction;
  filters: Filters;
  /** search text, taken literally */
  q?: string;
  cursor?: string;
  /** rows per page, already within the allowed range */
  limit: number;
}

/**
 * One page (shared with the browser, which reads it from the answer's headers). Beyond
 * COUNT_CAP matching rows its total is PostgreSQL's estimate (from its table statistics),
 * not a count: counting 100,000 rows costs more than the page itself.
 */
export type { Page };

/** Up to this many matching rows the total is exact. */
const COUNT_CAP = 10_000;

const INVALID = "This page link is not valid any more. Please start again from the first page.";

export class CursorCodec {
  readonly #key: Buffer;

  /** `secret` is the server's session secret: every process of one deployment reads the others' cursors */
  constructor(secret: string) {
    this.#key = createHash("sha256").update(`keyset cursor\n${secret}`).digest();
  }

  #sign(scope: string, payload: string): Buffer {
    return createHmac("sha256", this.#key)
      .update(scope)
      .update("\n")
      .update(payload)
      .digest()
      .subarray(0, 16);
  }

  encode(scope: string, values: KeyValue[]): string {
    const payload = Buffer.from(JSON.stringify(values)).toString("base64url");
    return `${payload}.${this.#sign(scope, payload).toString("base64url")}`;
  }

  /** the values of a cursor made by `encode` for the same scope; a 400 for anything else */
  decode(scope: string, cursor: string, arity: number): KeyValue[] {
    const [payload, mac, extra] = cursor.split(".");
    if (!payload || !mac || extra !== undefined || cursor.length > 512) throw badRequest(INVALID);
    if (!sameSignature(mac, this.#sign(scope, payload).toString("base64url"))) throw badRequest(INVALID);
    let values: unknown;
    try {
      values = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    } catch {
      throw badRequest(INVALID);
    }
    if (
      !Array.isArray(values) ||
      values.length !== arity ||
      !values.every((v) => typeof v === "string" || typeof v === "number")
    ) {
      throw badRequest(INVALID);
    }
    return values;
  }
}

/**
 * A list's query as the endpoint parsed it (src/shared/endpoints/filters.ts), with the
 * defaults filled in: the list's first sort, newest first (names A to Z).
 */
export function listQuery<Sort extends string, Filters>(
  wire: { limit: number; cursor?: string; sort?: Sort; dir?: Direction; q?: string },
  defaultSort: Sort,
  filters: Filters,
): ListQuery<Sort, Filters> {
  const sort = wire.sort ?? defaultSort;
  return {
    sort,
    // names A to Z, due times and the ticket queue soonest first; everything else newest (or highest) first
    direction: wire.dir ?? (sort === "name" || sort === "due" || sort === "queue" ? "asc" : "desc"),
    filters,
    q: wire.q || undefined,
    cursor: wire.cursor,
    limit: wire.limit,
  };
}

/** The query a cursor belongs to: the same list, sort, direction, filters and search. */
function cursorScope(list: string, query: ListQuery<string, object>): string {
  return JSON.stringify([list, query.sort, query.direction, sortedEntries(query.filters), query.q ?? ""]);
}

function sortedEntries(filters: object): unknown[] {
  return Object.entries(filters)
    .filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => [k, Array.isArray(v) ? [...v].sort() : v]);
}

/**
 * One column of a sort key: the expression to order by, the expression that reads its
 * value for the cursor (timestamps to the microsecond: PostgreSQL keeps microseconds and a
 * millisecond cursor would skip rows), and how a cursor value is checked and cast back.
 */
export interface KeyColumn {
  order: SQL;
  read: SQL;
  param(value: KeyValue): SQL;
}

const badCursor = () => badRequest(INVALID);

export const timestampKey = (column: AnyColumn | SQL): KeyColumn => ({
  order: sql`${column}`,
  read: sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  param(value) {
    if (typeof value !== "string" || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(value))
      throw badCursor();
    return sql`${value}::timestamptz`;
  },
});

/**
 * A timestamp that may be empty, empties after every time (PostgreSQL's 'infinity'): one
 * key, so the row comparison of the next page stays a plain `>` that an index on the same
 * expression answers; a NULL would compare as unknown and drop rows between pages. The
 * cursor carries an empty one as "infinity".
 */
export const timestampNullsLastKey = (column: AnyColumn): KeyColumn => {
  const time = timestampKey(column);
  return {
    order: sql`coalesce(${column}, 'infinity'::timestamptz)`,
    read: sql`coalesce(${time.read}, 'infinity')`,
    param: (value) => (value === "infinity" ? sql`'infinity'::timestamptz` : time.param(value)),
  };
};

const idKey = (column: AnyColumn | SQL): KeyColumn => ({
  order: sql`${column}`,
  read: sql`${column}`,
  param(value) {
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 2_147_483_647)
      throw badCursor();
    return sql`${value}::int`;
  },
});

/** an enum column sorts in its declared (business) order: low before urgent, open before closed */
export const enumKey = (column: AnyColumn | SQL, typeName: string, values: readonly string[]): KeyColumn => ({
  order: sql`${column}`,
  read: sql`${column}::text`,
  param(value) {
    if (typeof value !== "string" || !values.includes(value)) throw badCursor();
    return sql`${value}::${sql.raw(typeName)}`;
  },
});

export const textKey = (column: AnyColumn | SQL): KeyColumn => ({
  order: sql`${column}`,
  read: sql`${column}`,
  param(value) {
    if (typeof value !== "string" || value.length > 1000) throw badCursor();
    return sql`${value}::text`;
  },
});

/**
 * A list's keys for each of its sorts: the sort's own columns, then the row's id, which
 * orders the rows that share the sort's values, so a page boundary between two of them
 * neither skips nor repeats a row.
 */
export function keysBySort<Sort extends string>(
  id: AnyColumn,
  leads: Record<Sort, KeyColumn | KeyColumn[]>,
): (sort: Sort) => KeyColumn[] {
  return (sort) => [...[leads[sort]].flat(), idKey(id)];
}

/** `(a, b, id) > (x, y, z)`: one row comparison, which a b-tree index on (a, b, id) answers */
function afterKey(columns: KeyColumn[], values: KeyValue[], direction: Direction): SQL {
  const left = sql.join(
    columns.map((c) => c.order),
    sql`, `,
  );
  const right = sql.join(
    columns.map((c, i) => c.param(values[i])),
    sql`, `,
  );
  return direction === "asc" ? sql`(${left}) > (${right})` : sql`(${left}) < (${right})`;
}

function orderByKey(columns: KeyColumn[], direction: Direction): SQL[] {
  return columns.map((c) => (direction === "asc" ? sql`${c.order} asc` : sql`${c.order} desc`));
}

/**
 * What one read of a list asks for: the list's conditions together with the position after
 * the previous page, the order, how many rows, and the key values to select as `k` (the
 * cursor after the last row is made of them).
 */
export interface PageRead {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  key: SQL<KeyValue[]>;
}

/** the read after `values` (or the first, without them) */
function pageRead(
  keys: KeyColumn[],
  direction: Direction,
  where: SQL | undefined,
  values: KeyValue[] | undefined,
  limit: number,
): PageRead {
  return {
    where: values ? and(where, afterKey(keys, values, direction)) : where,
    orderBy: orderByKey(keys, direction),
    limit,
    key: readKey(keys),
  };
}

/** a list's select (made `$dynamic()`) narrowed to the rows, order and count `read` asks for */
export function onPage<Q extends PgSelect>(select: Q, read: PageRead) {
  return select
    .where(read.where)
    .orderBy(...read.orderBy)
    .limit(read.limit);
}

/**
 * `select <fields>, <the key values as k> from` the ids of one page, found on the list's own
 * table alone (aliased "page"), joined back to that table: the joins for the rows' other
 * columns, added after this, then run for the page's rows only, not for every match before
 * the sort. End with `.orderBy(...read.orderBy)`: the join does not keep the page's order.
 */
export function selectOnPage<F extends SelectedFields>(
  db: Db,
  table: PgTable & { id: AnyPgColumn },
  read: PageRead,
  fields: F,
) {
  const page = onPage(db.select({ id: table.id }).from(table).$dynamic(), read).as("page");
  return db
    .select({ ...fields, k: read.key })
    .from(page)
    .innerJoin(table, eq(table.id, sql`page.id`));
}

/** selects a row's key values, for the cursor after it */
export function readKey(columns: KeyColumn[]): SQL<KeyValue[]> {
  return sql<KeyValue[]>`json_build_array(${sql.join(
    columns.map((c) => c.read),
    sql`, `,
  )})`;
}

/** The page's rows and the cursor after its last row, from `limit + 1` fetched rows. */
function toPage<R extends { k: KeyValue[] }, T>(
  codec: CursorCodec,
  scope: string,
  rows: R[],
  limit: number,
  count: { total: number; estimated: boolean },
  map: (row: R) => T,
): Page<T> {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = shown.at(-1);
  return {
    items: shown.map(map),
    nextCursor: more && last ? codec.encode(scope, last.k) : null,
    total: count.total,
    totalIsEstimate: count.estimated,
  };
}

/**
 * How many rows of `table` match `where`: counted up to COUNT_CAP (reading at most that
 * many index entries), estimated by the planner beyond it. An exact count of a large
 * match reads every matching row on every page; on the embedded database 100,000 of them
 * take longer than the page's own query.
 */
export async function cappedCount(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  cap = COUNT_CAP,
): Promise<{ total: number; estimated: boolean }> {
  const filter = where ? sql` where ${where}` : sql``;
  const [counted] = await rowsOf<{ n: number }>(
    db.execute(sql`select count(*)::int as n from (select 1 from ${table}${filter} limit ${cap + 1}) x`),
  );
  const n = Number(counted.n);
  if (n <= cap) return { total: n, estimated: false };
  const [explained] = await rowsOf<Record<string, unknown>>(
    db.execute(sql`explain (format json) select 1 from ${table}${filter}`),
  );
  const raw = Object.values(explained)[0];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: { "Plan Rows": number } }[];
  return { total: Math.max(cap + 1, Math.round(plan[0].Plan["Plan Rows"])), estimated: true };
}

/**
 * A page of a list shown newest first by id, whose cursor is the last id shown. `rows`
 * were read `limit + 1` at a time: the extra one only says that another page follows.
 */
export async function newestFirstPage<R, T extends { id: number }>(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  rows: R[],
  limit: number,
  map: (row: R) => T,
): Promise<Page<T>> {
  const items = rows.slice(0, limit).map(map);
  const count = await cappedCount(db, table, where);
  return {
    items,
    nextCursor: rows.length > limit ? String(items[items.length - 1].id) : null,
    total: count.total,
    totalIsEstimate: count.estimated,
  };
}

/**
 * One page of a list: decodes the cursor for this exact query, fetches `limit + 1` rows
 * after it (the extra row only says whether another page follows) and counts the total.
 * `list` names the list in the cursor, so that a cursor of one list is refused by another.
 */
export async function keysetPage<R extends { k: KeyValue[] }, T>(
  db: Db,
  codec: CursorCodec,
  list: string,
  query: ListQuery<string, object>,
  spec: {
    /** the list's table and conditions, for the total */
    table: PgTable;
    where: SQL | undefined;
    keys: KeyColumn[];
    fetch(read: PageRead): Promise<R[]>;
    map(row: R): T;
  },
): Promise<Page<T>> {
  const { keys } = spec;
  const scope = cursorScope(list, query);
  const after = query.cursor ? codec.decode(scope, query.cursor, keys.length) : undefined;
  const [rows, count] = await Promise.all([
    spec.fetch(pageRead(keys, query.direction, spec.where, after, query.limit + 1)),
    cappedCount(db, spec.table, spec.where),
  ]);
  return toPage(codec, scope, rows, query.limit, count, spec.map);
}

/**
 * A list whose page depends on its query alone, declared once: the name its cursors carry,
 * its table (for the total), its conditions, its sort keys, how a page's rows are read and
 * what each row becomes. Lists that depend on more (the acting user, one partner's rows)
 * call keysetPage themselves.
 */
export function keysetList<
  Sort extends string,
  Filters extends object,
  R extends { k: KeyValue[] },
  T,
>(spec: {
  list: string;
  table: PgTable;
  where(filters: Filters, q: string | undefined, sort: Sort): SQL | undefined;
  keys(sort: Sort): KeyColumn[];
  fetch(db: Db, read: PageRead): Promise<R[]>;
  map(row: R): T;
}): (db: Db, codec: CursorCodec, query: ListQuery<Sort, Filters>) => Promise<Page<T>> {
  return (db, codec, query) =>
    keysetPage(db, codec, spec.list, query, {
      table: spec.table,
      where: spec.where(query.filters, query.q, query.sort),
      keys: spec.keys(query.sort),
      fetch: (read) => spec.fetch(db, read),
      map: spec.map,
    });
}

/**
 * An export's first batch: small, so its first bytes leave within milliseconds whatever its
 * size (a 1,000-row first batch took 86 ms on PGlite at 50,000 enquiries) and the browser
 * starts the download while the rest follows in full batches.
 */
const FIRST_BATCH = 100;

/**
 * Every row of a list in batches, each continuing after the last: an export of any size
 * holds one batch in memory at a time, and rows added meanwhile neither repeat nor shift it.
 */
export async function* keysetBatches<R extends { k: KeyValue[] }>(
  keys: KeyColumn[],
  direction: Direction,
  where: SQL | undefined,
  fetch: (read: PageRead) => Promise<R[]>,
  batchSize = 1000,
): AsyncGenerator<R[]> {
  let after: KeyValue[] | undefined;
  let size = Math.min(FIRST_BATCH, batchSize);
  for (;;) {
    const rows = await fetch(pageRead(keys, direction, where, after, size));
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1].k;
    size = batchSize;
  }
}
