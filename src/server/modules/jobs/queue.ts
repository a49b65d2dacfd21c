import { sql } from "drizzle-orm";
import { type Db, type Tx, writtenNow } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";

/**
 * The job queue is a table of our own rather than pg-boss or graphile-worker: both open
 * their own pool of PostgreSQL connections and wait for work with LISTEN on one of them,
 * which the embedded database (PGlite: one connection, inside this process) cannot give
 * them, and neither can add a job through the caller's transaction on PGlite. A table
 * claimed with FOR UPDATE SKIP LOCKED runs the same on both databases.
 */

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
      locked_until = ${writtenNow()} + make_interval(secs => ${leaseMs / 1000})
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

/**
 * Which run of a job a worker holds: a claim adds one to the attempts, so a job is still
 * this worker's only while it is running under the attempt this worker claimed. A worker
 * whose lease ran out (it was slow, or paused) finds another worker's run there and must
 * leave it alone: marking it done, failed or due again would let the job run a third time
 * or end it while the other worker is still sending its e-mail.
 */
const heldBy = (job: Pick<ClaimedJob, "id" | "attempts">) =>
  sql`id = ${job.id} and status = 'running' and attempts = ${job.attempts}`;

/** the jobs of a batch as one parameter: a statement of the same text whatever their number */
const heldAll = (list: Pick<ClaimedJob, "id" | "attempts">[]) =>
  sql`(id, attempts) in (select * from unnest(${`{${list.map((j) => j.id).join(",")}}`}::bigint[],
    ${`{${list.map((j) => j.attempts).join(",")}}`}::int[])) and status = 'running'`;

/**
 * Marks a batch of jobs done in one statement. Returns the ids it marked: a job another
 * worker took over when this worker's lease ran out is left to that worker, and is not in
 * the list (so what this worker did is not recorded as the job's result).
 */
export async function completeJobs(
  db: Db | Tx,
  list: Pick<ClaimedJob, "id" | "attempts">[],
): Promise<number[]> {
  if (list.length === 0) return [];
  const rows = await rowsOf<{ id: string | number }>(
    db.execute(sql`
    update jobs set status = 'done', finished_at = ${writtenNow()}, locked_until = null, last_error = null
    where ${heldAll(list)}
    returning id`),
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Gives jobs back before their lease ends (the process is shutting down and they did not
 * finish in time): due again at once for another process. The unfinished run still counts
 * as an attempt, so the next run's attempt differs from it and the late end of this one
 * cannot touch that run.
 */
export async function releaseJobs(db: Db, list: Pick<ClaimedJob, "id" | "attempts">[]): Promise<number> {
  if (list.length === 0) return 0;
  const rows = await rowsOf<{ id: string | number }>(
    db.execute(sql`
    with j as (
      update jobs set status = 'pending', locked_until = null, run_at = ${writtenNow()}
      where ${heldAll(list)}
      returning id
    ), n as (select pg_notify(${JOBS_CHANNEL}, '') from j limit 1)
    select id from j, (select count(*) from n) as notified`),
  );
  return rows.length;
}

/**
 * Backoff between attempts: 30 s, 1 min, 2 min, 4 min ... up to 6 h, with a little jitter
 * so that jobs that failed together (the mail server was down) do not all come back at once.
 */
export function backoffMs(attempt: number, baseMs = 30_000): number {
  const exp = Math.min(baseMs * 2 ** (attempt - 1), 6 * 60 * 60 * 1000);
  return Math.round(exp * (0.9 + Math.random() * 0.2));
}

/**
 * A failed attempt: due again after the backoff, or dead when its attempts are used up.
 * "taken" when another worker had already taken the job over (this worker's lease ran out):
 * its failure is only logged, and the other worker's run decides.
 */
export async function failJob(
  db: Db,
  job: ClaimedJob,
  error: string,
  delayMs: number,
  permanent = false,
): Promise<"retry" | "dead" | "taken"> {
  const message = error.slice(0, 1000);
  const dead = permanent || job.attempts >= job.maxAttempts;
  const rows = await rowsOf<{ id: string | number }>(
    db.execute(
      dead
        ? sql`
      update jobs set status = 'dead', finished_at = ${writtenNow()}, locked_until = null, last_error = ${message}
      where ${heldBy(job)} returning id`
        : sql`
      update jobs set status = 'pending', locked_until = null, last_error = ${message},
        run_at = ${writtenNow()} + make_interval(secs => ${delayMs / 1000})
      where ${heldBy(job)} returning id`,
    ),
  );
  if (rows.length === 0) return "taken";
  return dead ? "dead" : "retry";
}

/** Staff give a dead job another go: its attempts start again from zero. */
export async function retryDeadJob(tx: Tx, id: number): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    tx.execute(sql`
    with j as (
      update jobs set status = 'pending', attempts = 0, run_at = ${writtenNow()}, finished_at = null,
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

export async function skipJob(
  db: Db,
  job: Pick<ClaimedJob, "id" | "attempts">,
  reason: string,
): Promise<void> {
  await db.execute(sql`
    update jobs set status = 'done', finished_at = ${writtenNow()}, locked_until = null, last_error = ${reason}
    where ${heldBy(job)}`);
}

/** The queue by kind, for the metrics: what waits, what runs, what failed for good. */
export interface QueueStats {
  kind: string;
  /** due and not being run: pending, or running under a lease that ran out */
  waiting: number;
  running: number;
  /** dead: every attempt failed (or the failure was permanent); staff may retry it */
  failed: number;
  /** how long the longest-waiting due job has waited, in seconds; 0 when none waits */
  oldestWaitingSeconds: number;
}

/**
 * Two reads of small index ranges however large the table grows: the waiting and running
 * jobs come from the claim's index (jobs_due_idx, pending and running only), the dead ones
 * from (status, id). Done jobs, nearly all of the table, are never read.
 */
export async function queueStats(db: Db): Promise<QueueStats[]> {
  const [live, dead] = await Promise.all([
    rowsOf<{ kind: string; waiting: number; running: number; oldest: number }>(
      db.execute(sql`
      select kind,
        count(*) filter (where run_at <= now() and (status = 'pending' or locked_until < now()))::int as waiting,
        count(*) filter (where status = 'running' and locked_until >= now())::int as running,
        coalesce(extract(epoch from now() - min(run_at)
          filter (where run_at <= now() and (status = 'pending' or locked_until < now()))), 0)::float8 as oldest
      from jobs where status in ('pending', 'running')
      group by kind`),
    ),
    rowsOf<{ kind: string; failed: number }>(
      db.execute(sql`select kind, count(*)::int as failed from jobs where status = 'dead' group by kind`),
    ),
  ]);
  const byKind = new Map<string, QueueStats>();
  const of = (kind: string) => {
    let s = byKind.get(kind);
    if (!s) {
      s = { kind, waiting: 0, running: 0, failed: 0, oldestWaitingSeconds: 0 };
      byKind.set(kind, s);
    }
    return s;
  };
  for (const r of live) {
    Object.assign(of(r.kind), {
      waiting: Number(r.waiting),
      running: Number(r.running),
      oldestWaitingSeconds: Number(r.oldest),
    });
  }
  for (const r of dead) of(r.kind).failed = Number(r.failed);
  return [...byKind.values()];
}
