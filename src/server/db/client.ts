import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The same Drizzle API over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** the embedded database itself, for consistent backups through the owning process */
  pglite?: PGlite;
  /** runs pending migrations; on PostgreSQL under an advisory lock so app processes can start together */
  migrate(): Promise<void>;
  /** runs fn while no other process of this app runs it (start-up seeding) */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(import.meta.dirname, "migrations");
const MIGRATION_LOCK_KEY = 727_405_001;

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
    const client = await PGlite.create(path.join(opts.dataDir, "pg"));
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

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
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
    close: () => pool.end(),
  };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
