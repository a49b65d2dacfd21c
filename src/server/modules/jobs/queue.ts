import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";

/**
 * The job queue is a table of our own rather than pg-boss or graphile-worker: both open
 * their own pool of PostgreSQL connections and wait for work with LISTEN on one of them,
 * which the embedded database (PGlite: one connection, inside this process) cannot give
 * them, and neither can add a job through the caller's transaction on PGlite. A table
 * claimed with FOR UPDATE SKIP LOCKED runs the same on both databases.
 */

/** the rows of a raw statement, on either driver */
export async function rowsOf<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

/** the NOTIFY channel that wakes the workers when a job is committed */
export const JOBS_CHANNEL = "jobs_ready";

export interface NewJob {
  kind: string;
  payload: unknown;
  /** one job per key: a second add with the same key is ignored (once per period) */
  uniqueKey?: string;
  /** not before this time; now when absent */
  runAt?: Date;
  /** the ticket the job is about, for the ticket's timeline */
  ticketId?: number;
  maxAttempts?: number;
}

/**
 * Adds a job inside the caller's transaction: it exists if and only if the change that
 * caused it commits. Returns the job's id, or null when its unique key was taken.
 */
export async function enqueue(tx: Tx | Db, job: NewJob): Promise<number | null> {
  return (await enqueueMany(tx, [job]))[0] ?? null;
}

/**
 * Adds several jobs in one statement (the two e-mails of an enquiry, a news message's
 * recipients): the rows, and one notification that PostgreSQL delivers to the workers only
 * at commit. The request pays for one round trip however many jobs it adds; the jobs come
 * as one JSON parameter, so the statement's text is the same every time and is planned once.
 * Returns the ids of the jobs added (a job whose unique key was taken adds none).
 */
export async function enqueueMany(tx: Tx | Db, list: NewJob[]): Promise<number[]> {
  if (list.length === 0) return [];
  const rows = list.map((job) => ({
    kind: job.kind,
    payload: job.payload,
    unique_key: job.uniqueKey ?? null,
    run_at: job.runAt ? job.runAt.toISOString() : null,
    ticket_id: job.ticketId ?? null,
    max_attempts: job.maxAttempts ?? 8,
  }));
  const added = await rowsOf<{ id: string | number }>(
    tx.execute(sql`
    with j as (
      insert into jobs (kind, payload, unique_key, run_at, ticket_id, max_attempts)
      select r.kind, r.payload, r.unique_key, coalesce(r.run_at, now()), r.ticket_id, r.max_attempts
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(kind text, payload jsonb, unique_key text,
        run_at timestamptz, ticket_id integer, max_attempts integer)
      on conflict (unique_key) do nothing
      returning id
    ), n as (select pg_notify(${JOBS_CHANNEL}, '') from j limit 1)
    select id from j, (select count(*) from n) as notified`),
  );
  return added.map((r) => Number(r.id));
}

/**
 * Does a job's work. What it returns is handed to its kind's recorder (below) when the
 * batch is marked done, so the batch's records are written together.
 */
export type JobHandler = (job: ClaimedJob) => Promise<unknown>;

/**
 * Writes what a batch of finished jobs of one kind did (the sent e-mails' copies), in the
 * transaction that marks them done: one statement for the batch rather than one per job.
 */
export type JobRecorder = (tx: Tx, done: { job: ClaimedJob; result: unknown }[]) => Promise<void>;

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  ticketId: number | null;
}

/**
 * Takes up to `limit` due jobs for this process for `leaseMs`. Rows another process is
 * claiming at this moment are skipped, not waited for, so two workers never take one job.
 * A running job whose lease has run out (its process died mid-way) is due again.
 */
export async function claimJobs(db: Db, limit: number, leaseMs: number): Promise<ClaimedJob[]> {
  const rows = await rowsOf<{
    id: string | number;
    kind: string;
    payload: unknown;
    attempts: number;
    max_attempts: number;
    ticket_id: number | null;
  }>(
    db.execute(sql`
    update jobs set status = 'running', attempts = attempts + 1,
      locked_until = clock_timestamp() + make_interval(secs => ${leaseMs / 1000})
    where id in (
      select id from jobs
      where status in ('pending', 'running') and run_at <= clock_timestamp()
        and (locked_until is null or locked_until < clock_timestamp())
      order by run_at, id
      limit ${limit}
      for update skip locked)
    returning id, kind, payload, attempts, max_attempts, ticket_id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    payload: typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload,
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
    ticketId: r.ticket_id,
  }));
}

/** Marks a batch of jobs done in one statement (a job another process took over is left alone). */
export async function completeJobs(db: Db | Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update jobs set status = 'done', finished_at = clock_timestamp(), locked_until = null, last_error = null
    where id = any(${`{${ids.join(",")}}`}::bigint[]) and status = 'running'`);
}

/**
 * Backoff between attempts: 30 s, 1 min, 2 min, 4 min ... up to 6 h, with a little jitter
 * so that jobs that failed together (the mail server was down) do not all come back at once.
 */
export function backoffMs(attempt: number, baseMs = 30_000): number {
  const exp = Math.min(baseMs * 2 ** (attempt - 1), 6 * 60 * 60 * 1000);
  return Math.round(exp * (0.9 + Math.random() * 0.2));
}

/** A failed attempt: due again after the backoff, or dead when its attempts are used up. */
export async function failJob(
  db: Db,
  job: ClaimedJob,
  error: string,
  delayMs: number,
  permanent = false,
): Promise<"retry" | "dead"> {
  const message = error.slice(0, 1000);
  if (permanent || job.attempts >= job.maxAttempts) {
    await db.execute(sql`
      update jobs set status = 'dead', finished_at = clock_timestamp(), locked_until = null, last_error = ${message}
      where id = ${job.id}`);
    return "dead";
  }
  await db.execute(sql`
    update jobs set status = 'pending', locked_until = null, last_error = ${message},
      run_at = clock_timestamp() + make_interval(secs => ${delayMs / 1000})
    where id = ${job.id}`);
  return "retry";
}

/** Staff give a dead job another go: its attempts start again from zero. */
export async function retryDeadJob(tx: Tx, id: number): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    tx.execute(sql`
    with j as (
      update jobs set status = 'pending', attempts = 0, run_at = clock_timestamp(), finished_at = null,
        locked_until = null
      where id = ${id} and status = 'dead'
      returning id
    )
    select id, pg_notify(${JOBS_CHANNEL}, '') from j`),
  );
  return rows.length > 0;
}

/** A failure no retry can fix (a malformed address): the job is dead at once. */
export class PermanentJobError extends Error {}

/** A job with nothing to do (a reminder to someone who opted out): done, and the reason kept. */
export class SkipJob extends Error {}

export async function skipJob(db: Db, id: number, reason: string): Promise<void> {
  await db.execute(sql`
    update jobs set status = 'done', finished_at = clock_timestamp(), locked_until = null, last_error = ${reason}
    where id = ${id} and status = 'running'`);
}
