import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";
import { rowsOf } from "../../src/server/db/rows.ts";

/** rows of a raw query, the same on PGlite and node-postgres */
export const queryRows = <T>(db: Db, query: SQL): Promise<T[]> => rowsOf<T>(db.execute(query));

/** a user's id and e-mail address, found by username: whom a test expects an e-mail to reach */
export async function userByUsername(db: Db, username: string): Promise<{ id: number; email: string }> {
  const [user] = await queryRows<{ id: number; email: string }>(
    db,
    sql`select id, email from users where username = ${username}`,
  );
  if (!user) throw new Error(`no user named ${username}`);
  return user;
}

export async function publicTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
  );
  return rows.map((r) => r.table_name);
}

/** every row of every application table, in a stable order */
export async function allRows(db: Db): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of await publicTables(db)) {
    // ordered by the whole row: a table keyed by two columns (sla_targets) has ties in its first
    out[table] = await queryRows(db, sql.raw(`select * from "${table}" t order by t::text`));
  }
  return out;
}

export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of await publicTables(db)) {
    const [r] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from "${table}"`));
    out[table] = r.n;
  }
  return out;
}

/**
 * E-mail jobs still waiting or running. Once the job runner has drained the queue, none left
 * means every e-mail queued so far has been sent (the test SMTP peer records a message before
 * it acknowledges it) or given up on: nothing more will arrive, so a test counts what did
 * without waiting for stragglers.
 */
export async function emailJobsLeft(db: Db): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from jobs where kind = 'email' and status in ('pending', 'running')`,
  );
  return r.n;
}
