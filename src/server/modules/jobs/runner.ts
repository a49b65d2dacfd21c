import type { FastifyBaseLogger } from "fastify";
import type { Database, Db } from "../../db/client.ts";
import { safeErrorMessage } from "../../lib/log-redaction.ts";
import {
  backoffMs,
  type ClaimedJob,
  claimJobs,
  completeJobs,
  failJob,
  JOBS_CHANNEL,
  type JobHandler,
  type JobRecorder,
  PermanentJobError,
  SkipJob,
  skipJob,
} from "./queue.ts";

/** A scheduled task: added once per period by whichever process gets there first. */
export interface Schedule {
  kind: string;
  /** the period's name, e.g. the India date: the job's unique key is `${kind}:${period}` */
  period: (now: Date) => string;
}

export interface RunnerOptions {
  database: Pick<Database, "db" | "watch">;
  handlers: Record<string, JobHandler>;
  /** per kind: writes what a batch of its finished jobs did, with the batch marked done */
  recorders?: Record<string, JobRecorder>;
  log?: Pick<FastifyBaseLogger, "warn" | "error">;
  /** jobs taken at once; they run side by side */
  batch?: number;
  /** how long a claimed job is ours; past it another process may take it again */
  leaseMs?: number;
  /** how often to look for due jobs when no notification comes (retries, other processes) */
  pollMs?: number;
  backoff?: (attempt: number) => number;
  schedules?: Schedule[];
  /** how often to add the scheduled tasks' jobs for the current period */
  scheduleEveryMs?: number;
  /** adds a scheduled job (kept apart so the queue module does not need the schedules) */
  addScheduled?: (db: Db, kind: string, uniqueKey: string) => Promise<void>;
}

/**
 * Runs the queue in this process: takes due jobs, runs their handler, and marks them done,
 * due again after a backoff, or dead. Each process of a deployment runs one; the claim
 * (FOR UPDATE SKIP LOCKED) keeps them from taking the same job.
 */
export class JobRunner {
  private readonly o: Required<Omit<RunnerOptions, "log" | "addScheduled" | "recorders">> &
    Pick<RunnerOptions, "log" | "addScheduled" | "recorders">;
  private running = false;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private unwatch: (() => Promise<void>) | undefined;
  private scheduleTimer: NodeJS.Timeout | undefined;
  private pending = false;

  constructor(options: RunnerOptions) {
    this.o = {
      batch: 50,
      leaseMs: 5 * 60_000,
      pollMs: 2_000,
      backoff: (attempt) => backoffMs(attempt),
      schedules: [],
      scheduleEveryMs: 10 * 60_000,
      ...options,
    };
  }

  get handlers() {
    return this.o.handlers;
  }

  /**
   * Takes one batch of due jobs (one statement), runs them side by side, and marks the ones
   * that finished done together (one transaction: their records and one update). Returns
   * the number of jobs it took.
   */
  async runOnce(): Promise<number> {
    const jobs = await claimJobs(this.o.database.db, this.o.batch, this.o.leaseMs);
    const done: { job: ClaimedJob; result: unknown }[] = [];
    const runs: Promise<void>[] = [];
    for (const job of jobs) {
      runs.push(
        this.run(job).then((outcome) => {
          if (outcome) done.push({ job, result: outcome.result });
        }),
      );
      // Writing an e-mail is CPU work on this one thread: without a pause here the whole
      // batch is written before the first one is handed to the mail server, and the SMTP
      // connections sit idle meanwhile. A pause between jobs lets the sends already started
      // go on while the next one is written.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    await Promise.all(runs);
    await this.finish(done);
    return jobs.length;
  }

  private async finish(done: { job: ClaimedJob; result: unknown }[]): Promise<void> {
    if (done.length === 0) return;
    try {
      await this.o.database.db.transaction(async (tx) => {
        for (const [kind, record] of Object.entries(this.o.recorders ?? {})) {
          const list = done.filter((d) => d.job.kind === kind);
          if (list.length > 0) await record(tx, list);
        }
        await completeJobs(
          tx,
          done.map((d) => d.job.id),
        );
      });
    } catch (err) {
      // the jobs stay claimed until their lease runs out, and are then run again: an e-mail
      // is sent a second time with the same Message-ID rather than lost
      this.o.log?.error(
        { jobIds: done.map((d) => d.job.id), err },
        "could not mark finished jobs done; they run again when their lease ends",
      );
    }
  }

  /** Runs batches until no job is due: what the tests call instead of waiting. */
  async drain(): Promise<number> {
    let total = 0;
    for (let n = await this.runOnce(); n > 0; n = await this.runOnce()) total += n;
    return total;
  }

  /** Runs one job: its result when it finished, nothing when it failed or had nothing to do. */
  private async run(job: ClaimedJob): Promise<{ result: unknown } | undefined> {
    const db = this.o.database.db;
    const handler = this.o.handlers[job.kind];
    try {
      // a job that crashed its process on every attempt ends here rather than running again
      if (job.attempts > job.maxAttempts)
        throw new Error("Stopped: the job did not finish in any of its attempts");
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      return { result: await handler(job) };
    } catch (err) {
      const message = safeErrorMessage(err);
      try {
        if (err instanceof SkipJob) {
          await skipJob(db, job.id, message);
          return undefined;
        }
        const outcome = await failJob(
          db,
          job,
          message,
          this.o.backoff(job.attempts),
          err instanceof PermanentJobError || job.attempts > job.maxAttempts,
        );
        this.o.log?.[outcome === "dead" ? "error" : "warn"](
          { jobId: job.id, kind: job.kind, attempts: job.attempts },
          `job ${outcome === "dead" ? "failed for the last time" : "failed, will retry"}: ${message}`,
        );
      } catch (e) {
        // the lease runs out and the job is taken again
        this.o.log?.error({ jobId: job.id, err: e }, "could not record a job's failure");
      }
      return undefined;
    }
  }

  /** Adds this period's scheduled jobs; the unique key makes every process's add but the first a no-op. */
  async schedule(now = new Date()): Promise<void> {
    const add = this.o.addScheduled;
    if (!add) return;
    for (const s of this.o.schedules) await add(this.o.database.db, s.kind, `${s.kind}:${s.period(now)}`);
  }

  /** Works in the background until `stop()`: woken by new jobs, and every `pollMs` regardless. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.unwatch = await this.o.database.watch(JOBS_CHANNEL, {
      changed: () => this.nudge(),
      live: () => {},
    });
    const tick = () =>
      this.schedule().catch((err) => this.o.log?.warn({ err }, "could not add the scheduled jobs"));
    void tick();
    this.scheduleTimer = setInterval(tick, this.o.scheduleEveryMs);
    this.scheduleTimer.unref();
    this.loop = this.work();
  }

  private nudge() {
    this.pending = true;
    this.wake?.();
  }

  private async work() {
    while (this.running) {
      this.pending = false;
      let n = 0;
      try {
        n = await this.runOnce();
      } catch (err) {
        this.o.log?.warn({ err }, "could not claim jobs");
      }
      if (!this.running) break;
      // a full batch means more may be waiting: go on at once
      if (n >= this.o.batch || this.pending) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.o.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  /** Stops taking jobs and waits for the ones in hand to finish. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.scheduleTimer);
    this.wake?.();
    await this.loop;
    await this.unwatch?.();
  }
}
