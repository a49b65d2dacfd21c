import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import { createTestApp, SAMPLE_ENQUIRY, type TestApp } from "../../../../tests/support/test-app.ts";
import { DONE_JOB_RETENTION_DAYS, deleteFinishedJobs } from "./cleanup.ts";
import { enqueue } from "./queue.ts";

/**
 * Finished jobs do not pile up: once a day one process deletes the done jobs (and their
 * e-mails' copies) older than the retention; recent ones, dead ones and waiting ones stay.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const maxJobId = async () =>
  (await queryRows<{ m: number }>(t.database.db, sql`select coalesce(max(id), 0)::int as m from jobs`))[0].m;
const jobIds = async (where = sql`true`) =>
  (
    await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from jobs where ${where} order by id`,
    )
  ).map((r) => r.id);
const enquire = async () => {
  const before = await maxJobId();
  const res = await t.app.inject({ method: "POST", url: "/api/inquiries", payload: SAMPLE_ENQUIRY });
  expect(res.statusCode).toBe(201);
  await t.app.jobs.drain();
  return jobIds(sql`id > ${before} and kind = 'email'`);
};
const ago = (days: number) => sql`now() - make_interval(days => ${days})`;

describe("old finished jobs", () => {
  it("are deleted by the daily cleanup with their e-mails; recent, dead and waiting jobs stay", async () => {
    const old = await enquire();
    const recent = await enquire();
    expect(old).toHaveLength(2);
    expect(recent).toHaveLength(2);
    const db = t.database.db;
    // the first enquiry's e-mails went out long ago; the second's 10 days inside the retention
    await db.execute(sql`update jobs set finished_at = ${ago(DONE_JOB_RETENTION_DAYS + 1)}
      where id in (${sql.join(old, sql`, `)})`);
    await db.execute(sql`update jobs set finished_at = ${ago(DONE_JOB_RETENTION_DAYS - 10)}
      where id in (${sql.join(recent, sql`, `)})`);
    // a job that failed for good long ago, for staff to see, and one still waiting
    const dead = (await enqueue(db, {
      kind: "email",
      payload: {},
      runAt: new Date(Date.now() + 86_400_000),
    }))!;
    await db.execute(sql`update jobs set status = 'dead', finished_at = ${ago(400)} where id = ${dead}`);
    const waiting = (await enqueue(db, {
      kind: "email",
      payload: {},
      runAt: new Date(Date.now() + 86_400_000),
    }))!;

    const emailsOf = async (ids: number[]) =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from emails where job_id in (${sql.join(ids, sql`, `)})`,
        )
      )[0].n;
    // the acknowledgement was kept (the staff alert has no address here and was skipped)
    expect(await emailsOf(old)).toBe(1);
    expect(await emailsOf(recent)).toBe(1);

    // every process adds the day's cleanup; it is one job, and it runs once
    const now = new Date();
    await Promise.all([t.app.jobs.schedule(now), t.app.jobs.schedule(now)]);
    const cleanups = await jobIds(sql`kind = 'jobs.cleanup'`);
    expect(cleanups).toHaveLength(1);
    await t.app.jobs.drain();

    const left = new Set(await jobIds());
    expect(old.filter((id) => left.has(id))).toEqual([]);
    expect(await emailsOf(old)).toBe(0);
    expect([...recent, dead, waiting, cleanups[0]].every((id) => left.has(id))).toBe(true);
    expect(await emailsOf(recent)).toBe(1);
    expect(await jobIds(sql`id = ${cleanups[0]} and status = 'done'`)).toEqual(cleanups);
    // nothing more is old enough: a second pass deletes nothing
    expect(await deleteFinishedJobs(db)).toBe(0);
  });
});
