import { sql } from "drizzle-orm";
import type { Database } from "../../src/server/db/client.ts";
import { queryRows } from "./db-rows.ts";

/**
 * PostgreSQL only: holds one row locked (SELECT ... FOR UPDATE in a transaction of its own)
 * while `requests` start one after the other, each only once the one before it is waiting
 * for a lock; then lets go. PostgreSQL hands a row lock to its waiters in the order they
 * came, so the requests then run in exactly that order, each having done whatever it does
 * before asking for the lock: the interleaving a race produces only now and then.
 */
export async function queueBehindRowLock<T>(
  database: Database,
  table: string,
  id: number,
  requests: (() => Promise<T>)[],
): Promise<T[]> {
  if (database.kind !== "postgres") throw new Error("row locks only queue requests on PostgreSQL");
  let release!: () => void;
  let held!: () => void;
  const isHeld = new Promise<void>((r) => {
    held = r;
  });
  const holder = database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${sql.identifier(table)} where id = ${id} for update`);
    held();
    await new Promise<void>((r) => {
      release = r;
    });
  });
  await isHeld;
  const started: Promise<T>[] = [];
  try {
    for (const [i, request] of requests.entries()) {
      started.push(request());
      await untilLockWaiters(database, i + 1);
    }
  } finally {
    release();
    await holder;
  }
  return Promise.all(started);
}

async function untilLockWaiters(database: Database, n: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [r] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (r.n >= n) return;
    if (Date.now() > deadline) throw new Error(`fewer than ${n} statements are waiting for a lock`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
