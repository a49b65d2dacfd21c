import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import { closeSecond, freshDatabase, secondDatabase } from "../../../../tests/support/test-app.ts";
import type { Database } from "../../db/client.ts";
import { type ClaimedJob, enqueue, type JobRecorder } from "./queue.ts";
import { JobRunner } from "./runner.ts";

/**
 * Two workers and one job whose first worker was too slow: its lease ran out and the second
 * worker took the job over. Whatever the first one does afterwards (finish, fail, skip), the
 * second one's run decides the job, so it neither ends early nor runs a third time. On
 * PostgreSQL the workers have pools of their own, as two processes do.
 */
let first: Database;
let second: Database;
beforeAll(async () => {
  first = await freshDatabase();
  second = await secondDatabase(first);
});
afterAll(async () => {
  await closeSecond(second, first);
  await first.close();
});
beforeEach(async () => {
  // only this file's jobs: a runner takes whatever is due
  await first.db.execute(sql`delete from jobs`);
});

// long enough that a loaded machine claims and checks well within it
const LEASE_MS = 2_000;
const KIND = "test.race";

/** A promise the test settles by hand: a job's work that ends when the test says so. */
function gate() {
  let open!: () => void;
  let fail!: (err: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

/** a runner whose job waits on the gate of the attempt it runs, and records what finished */
function worker(database: Database, gates: Map<number, ReturnType<typeof gate>>, recorded: string[]) {
  const record: JobRecorder = async (_tx, done) => {
    for (const d of done) recorded.push(String(d.result));
  };
  return new JobRunner({
    database,
    leaseMs: LEASE_MS,
    batch: 1,
    handlers: {
      [KIND]: async (job: ClaimedJob) => {
        await gates.get(job.attempts)!.promise;
        return `attempt ${job.attempts}`;
      },
    },
    recorders: { [KIND]: record },
  });
}

type Row = { status: string; attempts: number; last_error: string | null };
const jobRow = async (id: number) =>
  (await queryRows<Row>(first.db, sql`select status, attempts, last_error from jobs where id = ${id}`))[0];

/** a due job, the gates of its first two attempts, and what the workers record of it */
async function oneJob() {
  const id = (await enqueue(first.db, { kind: KIND, payload: {} }))!;
  const gates = new Map([
    [1, gate()],
    [2, gate()],
  ]);
  return { id, gates, recorded: [] as string[] };
}

/** A job the first worker claims and holds past its lease, then the second worker takes over. */
async function takenOver() {
  const { id, gates, recorded } = await oneJob();
  const slow = worker(first, gates, recorded);
  const fast = worker(second, gates, recorded);
  const slowRun = slow.runOnce();
  // the first worker holds it: nobody else may take it while its lease lasts
  await expect.poll(async () => (await jobRow(id)).attempts).toBe(1);
  expect(await worker(second, gates, recorded).runOnce()).toBe(0);
  // the lease runs out (by the database's clock) and the second worker takes the job over
  await new Promise((r) => setTimeout(r, LEASE_MS + 100));
  const fastRun = fast.runOnce();
  await expect.poll(async () => (await jobRow(id)).attempts).toBe(2);
  return { id, gates, recorded, slowRun, fastRun };
}

describe("a worker whose lease ran out", () => {
  it("cannot mark the job done while the worker that took it over is still running it", async () => {
    const { id, gates, recorded, slowRun, fastRun } = await takenOver();
    gates.get(1)!.open();
    expect(await slowRun).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: "running", attempts: 2 });
    expect(recorded).toEqual([]);

    gates.get(2)!.open();
    await fastRun;
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 2, last_error: null });
    expect(recorded).toEqual(["attempt 2"]);
  });

  it("cannot put the job back in the queue by failing late, so it is not run a third time", async () => {
    const { id, gates, recorded, slowRun, fastRun } = await takenOver();
    gates.get(1)!.fail(new Error("the mail server hung up"));
    await slowRun;
    expect(await jobRow(id)).toMatchObject({ status: "running", attempts: 2, last_error: null });

    gates.get(2)!.open();
    await fastRun;
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 2 });
    expect(recorded).toEqual(["attempt 2"]);
  });

  it("cannot mark the job dead or done when the run that took it over fails", async () => {
    const { id, gates, slowRun, fastRun } = await takenOver();
    gates.get(2)!.fail(new Error("refused"));
    await fastRun;
    // the second run's failure decided: due again after a backoff
    expect(await jobRow(id)).toMatchObject({ status: "pending", attempts: 2, last_error: "refused" });
    gates.get(1)!.open();
    await slowRun;
    expect(await jobRow(id)).toMatchObject({ status: "pending", attempts: 2, last_error: "refused" });
  });
});

describe("a worker that stops before its jobs finish", () => {
  it("gives them back at once, and its late result is ignored", async () => {
    const { id, gates, recorded } = await oneJob();
    const stopping = worker(first, gates, recorded);
    await stopping.start();
    await expect.poll(async () => (await jobRow(id)).status).toBe("running");
    await stopping.stop(100);
    expect(stopping.state()).toBe("stopped");
    expect(await jobRow(id)).toMatchObject({ status: "pending", attempts: 1 });

    // another process takes it at once, without waiting for the lease to run out
    gates.get(2)!.open();
    expect(await worker(second, gates, recorded).drain()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 2 });
    // the first run ends after all: nothing of it is recorded, nothing changes
    gates.get(1)!.open();
    await new Promise((r) => setTimeout(r, 100));
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 2 });
    expect(recorded).toEqual(["attempt 2"]);
  });
});
