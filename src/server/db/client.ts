import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { CHECKOUT_ROOT } from "../lib/checkout-root.ts";
import { acquireDataDirLock, restrictToOwner } from "./data-dir-lock.ts";
import * as schema from "./schema.ts";

type Schema = typeof schema;
/** The same Drizzle API over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction of a Db: what a command's writes go through, so they commit or fail together. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The time of the write itself, for rows a command writes under a row lock. The column
 * default, now(), is when the transaction began: a command that waited for the lock would
 * be dated before the one it waited for, and a ticket's history or messages, listed by
 * time, would show them the wrong way round.
 */
export const writtenNow = () => sql`clock_timestamp()`;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** the embedded database itself, for consistent backups through the owning process */
  pglite?: PGlite;
  /** runs pending migrations; on PostgreSQL under an advisory lock so app processes can start together */
  migrate(): Promise<void>;
  /** runs fn while no other process of this app runs it (start-up seeding) */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Follows a NOTIFY channel, whichever process sent it; `changed` gets the notification's
   * payload. `live(false)` means
   * notifications may be missed until `live(true)` comes again. Returns the stop function.
   */
  watch(channel: string, handlers: WatchHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PostgreSQL: the connection pool's use now, for the metrics (the embedded database has no pool) */
  poolUse?(): PoolUse;
}

interface PoolUse {
  /** connections open, idle among them, requests waiting for one, and the most the pool opens */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

interface WatchHandlers {
  changed(payload: string): void;
  live(isLive: boolean): void;
}

export const migrationsFolder = path.join(CHECKOUT_ROOT, "src/server/db/migrations");
const MIGRATION_LOCK_KEY = 727_405_001;

/**
 * Every embedded database is created through here: the staff search indexes use the
 * trigram extension, and the visit calendar's no-overlap constraint btree_gist, which
 * PGlite only finds when they are loaded with the database.
 */
export async function createPglite(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite> {
  const withExtensions = { ...options, extensions: { pg_trgm, btree_gist, ...options.extensions } };
  if (!dataDir) return PGlite.create(withExtensions);
  const client = await PGlite.create(dataDir, withExtensions);
  // PGlite unpacks a new cluster (or a restored one) with every file 0666, whatever the
  // umask; the files PostgreSQL makes afterwards are 0600 on their own
  restrictToOwner(dataDir);
  return client;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** an already created PGlite (tests load one from a dumped image) */
  pglite?: PGlite;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  if (opts.pglite) return wrapPglite(opts.pglite, () => {});
  if (!opts.dataDir) throw new Error("openDatabase needs databaseUrl, dataDir or pglite");
  const release = acquireDataDirLock(opts.dataDir);
  try {
    const client = await createPglite(path.join(opts.dataDir, "pg"));
    return wrapPglite(client, release);
  } catch (err) {
    release();
    throw err;
  }
}

function wrapPglite(client: PGlite, release: () => void): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: "pglite",
    pglite: client,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    // one process owns the folder (lock file), so nothing else can run concurrently
    exclusive: (fn) => fn(),
    // in-process: a notification arrives with the results of the statement that caused it
    async watch(channel, handlers) {
      const unlisten = await client.listen(channel, (payload) => handlers.changed(payload));
      handlers.live(true);
      // unlisten's optional argument is a transaction: never pass it anything else
      return () => unlisten();
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

const POOL_MAX = 10;

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_MAX });
  // fail fast with a clear message when the server is unreachable
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema });
  const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    const lockClient = await pool.connect();
    try {
      await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      return await fn();
    } finally {
      await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
      lockClient.release();
    }
  };
  return {
    db: db as unknown as Db,
    kind: "postgres",
    migrate: () => exclusive(() => migratePg(db, { migrationsFolder })),
    exclusive,
    watch: (channel, handlers) => watchPostgres(url, channel, handlers),
    close: () => pool.end(),
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: POOL_MAX,
    }),
  };
}

const WATCH_RETRY_MS = 2_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). When
 * it breaks, notifications are lost: say so at once, and listen again a little later.
 */
async function watchPostgres(url: string, channel: string, handlers: WatchHandlers) {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    const lost = () => {
      if (client !== c) return;
      client = undefined;
      handlers.live(false);
      c.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => connect().catch(() => {}), WATCH_RETRY_MS);
    };
    c.on("error", lost);
    c.on("end", lost);
    c.on("notification", (n) => {
      if (n.channel === channel) handlers.changed(n.payload ?? "");
    });
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      lost();
      throw err;
    }
    if (client === c) handlers.live(true);
  };
  // the app works without notifications (it just does not cache): a failure here only retries
  await connect().catch(() => {});
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    handlers.live(false);
    await c?.end();
  };
}
