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
  releaseJobs,
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

/** what became of one run of a job: counted by the metrics (e-mails sent and failed) */
export type JobOutcome = "done" | "skipped" | "retry" | "dead" | "taken" | "released";

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
  /** the jobs this process is running now, to give back if it must stop before they finish */
  private readonly inHand = new Map<number, ClaimedJob>();
  private readonly listeners: ((kind: string, outcome: JobOutcome, count: number) => void)[] = [];
  /** when the current pass of the loop began (undefined between passes) */
  private passStartedAt: number | undefined;

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

  /** Hears what became of each run (the metrics count e-mails sent and failed from it). */
  onOutcome(listener: (kind: string, outcome: JobOutcome, count: number) => void): void {
    this.listeners.push(listener);
  }

  private tell(kind: string, outcome: JobOutcome, count = 1) {
    for (const listener of this.listeners) listener(kind, outcome, count);
  }

  /**
   * For the readiness probe: "running" while the loop works; "stalled" when one pass has
   * taken longer than a lease (a claim or a job that hangs), "stopped" before start() and
   * after stop().
   */
  state(now = Date.now()): "running" | "stalled" | "stopped" {
    if (!this.running) return "stopped";
    if (this.passStartedAt !== undefined && now - this.passStartedAt > this.o.leaseMs) return "stalled";
    return "running";
  }

  /**
   * Takes one batch of due jobs (one statement), runs them side by side, and marks the ones
   * that finished done together (one transaction: their records and one update). Returns
   * the number of jobs it took.
   */
  async runOnce(): Promise<number> {
    const jobs = await claimJobs(this.o.database.db, this.o.batch, this.o.leaseMs);
    for (const job of jobs) this.inHand.set(job.id, job);
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
    try {
      await this.finish(done);
    } finally {
      for (const job of jobs) this.inHand.delete(job.id);
    }
    return jobs.length;
  }

  private async finish(done: { job: ClaimedJob; result: unknown }[]): Promise<void> {
    if (done.length === 0) return;
    try {
      const marked = await this.o.database.db.transaction(async (tx) => {
        const ids = new Set(
          await completeJobs(
            tx,
            done.map((d) => d.job),
          ),
        );
        // only the runs still ours are recorded: a job another worker took over when this
        // one's lease ran out gets that worker's record
        const ours = done.filter((d) => ids.has(d.job.id));
        for (const [kind, record] of Object.entries(this.o.recorders ?? {})) {
          const list = ours.filter((d) => d.job.kind === kind);
          if (list.length > 0) await record(tx, list);
        }
        return ours;
      });
      for (const d of marked) this.tell(d.job.kind, "done");
      for (const d of done) if (!marked.includes(d)) this.tell(d.job.kind, "taken");
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
          await skipJob(db, job, message);
          this.tell(job.kind, "skipped");
          return undefined;
        }
        const outcome = await failJob(
          db,
          job,
          message,
          this.o.backoff(job.attempts),
          err instanceof PermanentJobError || job.attempts > job.maxAttempts,
        );
        this.tell(job.kind, outcome);
        this.o.log?.[outcome === "dead" ? "error" : "warn"](
          { jobId: job.id, kind: job.kind, attempts: job.attempts },
          `job ${FAILED[outcome]}: ${message}`,
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
      this.passStartedAt = Date.now();
      try {
        n = await this.runOnce();
      } catch (err) {
        this.o.log?.warn({ err }, "could not claim jobs");
      } finally {
        this.passStartedAt = undefined;
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

  /**
   * Stops taking jobs and waits up to `graceMs` for the ones in hand to finish. Those still
   * running then are given back (due again at once, for another process) rather than left
   * claimed until their lease runs out; if one finishes after all, its result is ignored.
   */
  async stop(graceMs = Number.POSITIVE_INFINITY): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.scheduleTimer);
    this.wake?.();
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      this.loop?.then(() => true),
      new Promise<boolean>((resolve) => {
        if (Number.isFinite(graceMs)) timer = setTimeout(() => resolve(false), graceMs);
      }),
    ]);
    clearTimeout(timer);
    if (!finished && this.inHand.size > 0) {
      const unfinished = [...this.inHand.values()];
      try {
        await releaseJobs(this.o.database.db, unfinished);
        for (const job of unfinished) this.tell(job.kind, "released");
        this.o.log?.warn(
          { jobIds: unfinished.map((j) => j.id) },
          "stopping: gave back jobs that had not finished",
        );
      } catch (err) {
        this.o.log?.error(
          { err },
          "stopping: could not give jobs back; they run again when their lease ends",
        );
      }
    }
    await this.unwatch?.();
  }
}

const FAILED: Record<"retry" | "dead" | "taken", string> = {
  retry: "failed, will retry",
  dead: "failed for the last time",
  taken: "failed after another worker had taken it over (its lease had run out)",
};
