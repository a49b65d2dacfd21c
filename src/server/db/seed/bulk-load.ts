import { setImmediate as nextTurn } from "node:timers/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Db } from "../client.ts";

/**
 * Loading millions of generated rows at once (seed:scale), in one transaction on one
 * connection, so that a failure leaves the database as it was.
 *
 * Three things make it fast. Rows travel with COPY in PostgreSQL's text format, the cheapest
 * form for the server to read (no SQL to parse, no JSON to unpack). While the rows arrive,
 * the tables' secondary indexes and foreign keys are set aside and then made again from their
 * own definitions, as PostgreSQL prints them: building an index from sorted rows costs a
 * fraction of updating it row by row, and one join checks a foreign key for a million rows
 * faster than a million single lookups. And on PostgreSQL the rows are sent while the next
 * ones are being made, so the generator and the server work at the same time.
 */

export interface BulkSession {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** adds rows to `table`; call `add` for each row, `drain` now and then, and `finish` at the end */
  writer(table: string, columns: readonly string[]): TableWriter;
  /** lets sent rows reach the server, and waits while too many are still on their way */
  drain(): Promise<void>;
  /** sends what is left and waits until the server has it all */
  finish(): Promise<void>;
}

type Copy = (statement: string, data: string) => Promise<void>;

/** rows per COPY statement: about a megabyte, small enough to keep a few on their way */
const ROWS_PER_COPY = 10_000;
/** COPY statements sent but not yet finished before the generator waits for the server */
const IN_FLIGHT = 6;

export class TableWriter {
  private lines: string[] = [];
  rows = 0;
  constructor(
    private readonly send: (statement: string, data: string) => void,
    private readonly statement: string,
  ) {}

  add(values: readonly unknown[]) {
    // a plain loop: at nine million rows, an array per row from map() keeps the collector busy
    let line = field(values[0]);
    for (let i = 1; i < values.length; i++) line += `\t${field(values[i])}`;
    this.lines.push(line);
    this.rows++;
    if (this.lines.length >= ROWS_PER_COPY) this.flush();
  }

  flush() {
    if (this.lines.length === 0) return;
    this.send(this.statement, `${this.lines.join("\n")}\n`);
    this.lines = [];
  }
}

const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** one value in COPY's text format: \N for null, with backslash, tab and line breaks escaped */
function field(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  if (typeof value !== "string") return String(value);
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : value;
}

function session(query: BulkSession["query"], copy: Copy, from: string): BulkSession {
  const writers: TableWriter[] = [];
  const inFlight: Promise<void>[] = [];
  let failed: unknown;
  let tail = Promise.resolve();
  const send = (statement: string, data: string) => {
    // queued behind the one before (a connection runs one statement at a time) and not
    // awaited, so that the next rows are made meanwhile; a failure surfaces at the next drain
    tail = tail
      .then(() => (failed ? undefined : copy(statement, data)))
      .catch((err) => {
        failed ??= err;
      });
    inFlight.push(tail);
  };
  const drain = async () => {
    await nextTurn();
    while (inFlight.length > IN_FLIGHT) await inFlight.shift();
    if (failed) throw failed;
  };
  return {
    query,
    writer(table, columns) {
      const cols = columns.map((c) => `"${c}"`).join(", ");
      const w = new TableWriter(send, `copy "${table}" (${cols}) from ${from}`);
      writers.push(w);
      return w;
    },
    drain,
    async finish() {
      for (const w of writers) w.flush();
      await Promise.all(inFlight.splice(0));
      if (failed) throw failed;
    },
  };
}

/**
 * COPY FROM STDIN through node-postgres, which has no call for it: the client hands the
 * connection to an object with `submit`, and passes it each message the server answers with.
 */
class CopyIn {
  readonly done: Promise<void>;
  private settle!: (err?: unknown) => void;
  private error: unknown;
  constructor(
    private readonly text: string,
    private readonly data: string,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.settle = (err) => (err ? reject(err) : resolve());
    });
  }
  submit(connection: { query(text: string): void }) {
    connection.query(this.text);
  }
  handleCopyInResponse(connection: { sendCopyFromChunk(b: Buffer): void; endCopyFrom(): void }) {
    connection.sendCopyFromChunk(Buffer.from(this.data));
    connection.endCopyFrom();
  }
  handleCommandComplete() {}
  handleError(err: unknown) {
    this.error = err;
  }
  handleReadyForQuery() {
    this.settle(this.error);
  }
}

/**
 * Runs `fn` in one transaction with a bulk session: on PostgreSQL on a connection of the
 * pool, on PGlite through its own transaction (COPY reads a Blob there).
 */
export async function bulkTransaction<T>(db: Db, fn: (s: BulkSession) => Promise<T>): Promise<T> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    return client.transaction(async (tx) =>
      fn(
        session(
          async (text, params) => (await tx.query<never>(text, params)).rows,
          async (statement, data) => {
            await tx.query(statement, [], { blob: new Blob([data]) });
          },
          "'/dev/blob'",
        ),
      ),
    );
  }
  if (!(client instanceof pg.Pool)) throw new Error("bulkTransaction needs a PGlite or a pg.Pool database");
  const conn = await client.connect();
  let ok = false;
  try {
    await conn.query("begin");
    // a commit that need not wait for the disk: a crash loses the seed, which is run again
    await conn.query("set local synchronous_commit = off");
    const out = await fn(
      session(
        async (text, params) => (await conn.query(text, params)).rows,
        (statement, data) => conn.query(new CopyIn(statement, data)).done,
        "stdin",
      ),
    );
    await conn.query("commit");
    ok = true;
    return out;
  } finally {
    if (!ok) await conn.query("rollback").catch(() => {});
    conn.release();
  }
}

/**
 * Sets aside the secondary indexes and foreign keys of `tables` inside the caller's
 * transaction, and returns the function that makes them again, each from the definition
 * PostgreSQL printed for it (same name, columns, expression, condition, method and
 * validity), so the tables end with exactly the indexes and constraints they had. Indexes a
 * constraint relies on (primary keys) stay. Dropping an index locks its table until the
 * commit: nothing else writes to these tables meanwhile.
 */
export async function setAsideIndexes(s: BulkSession, tables: readonly string[]) {
  const indexes = await s.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i
      where i.indrelid = any($1::text[]::regclass[])
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
      order by i.indexrelid`,
    [tables],
  );
  const keys = await s.query<{ tbl: string; name: string; def: string }>(
    `select conrelid::regclass::text as tbl, quote_ident(conname) as name, pg_get_constraintdef(oid) as def
       from pg_constraint
      where contype = 'f' and conrelid = any($1::text[]::regclass[])
      order by oid`,
    [tables],
  );
  for (const k of keys) await s.query(`alter table ${k.tbl} drop constraint ${k.name}`);
  for (const i of indexes) await s.query(`drop index ${i.name}`);
  return async () => {
    // room to sort in memory: a trigram index over a million subjects builds several times faster
    await s.query("set local maintenance_work_mem = '256MB'");
    for (const i of indexes) await s.query(i.def);
    for (const k of keys) await s.query(`alter table ${k.tbl} add constraint ${k.name} ${k.def}`);
  };
}

/** `count` consecutive fresh ids of a table whose writers `setAsideIndexes` keeps out: the first */
export async function reserveIds(s: BulkSession, table: string, count: number): Promise<number> {
  const [row] = await s.query<{ first: string }>(
    `select setval(pg_get_serial_sequence($1, 'id'), nextval(pg_get_serial_sequence($1, 'id')) + $2 - 1) - $2 + 1 as first`,
    [table, count],
  );
  return Number(row.first);
}
