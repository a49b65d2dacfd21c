import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import {
  appForFile,
  closeSecond,
  createMailTestApp,
  login,
  mailThrough,
  SAMPLE_ENQUIRY,
  secondDatabase,
} from "../../../../tests/support/test-app.ts";
import type { OutboxItem } from "../../../shared/schemas/outbox.ts";
import type { Database, Db, Tx } from "../../db/client.ts";
import { createMailSystem } from "../mail/mail.ts";
import { queueEmail } from "../mail/outbox.ts";
import { enqueue } from "./queue.ts";
import { JobRunner } from "./runner.ts";

/**
 * The job queue on a real database with a real SMTP server: jobs commit or roll back with
 * the change that causes them, failures back off and end dead, two runners never send one
 * e-mail twice, and a scheduled task is added once per period.
 */
const STAFF = "staff-desk@hipws.test";
const t = appForFile(() =>
  createMailTestApp(STAFF, {
    // a minute between attempts: long enough that a drain never retries at once
    jobs: { backoff: () => 60_000 },
  }),
);
afterEach(() => {
  t.peer.refuse = null;
});

type JobRow = { id: number; status: string; attempts: number; last_error: string | null; delay_s: number };
const jobRows = (where = sql`true`) =>
  queryRows<JobRow>(
    t.database.db,
    sql`select id::int as id, status, attempts, last_error,
          extract(epoch from run_at - now())::float8 as delay_s
        from jobs where ${where} order by id`,
  );
/** the welcome e-mail a new customer gets, queued in `tx` */
const queueWelcome = (tx: Tx | Db, to: string, name: string, username: string) =>
  queueEmail(tx, { template: "welcome", to, audience: "customer", data: { name, username } });
const maxJobId = async () =>
  (await queryRows<{ m: number }>(t.database.db, sql`select coalesce(max(id), 0)::int as m from jobs`))[0].m;

describe("a job is part of the transaction that causes it", () => {
  it("commits with the change and disappears with a rollback", async () => {
    const before = await maxJobId();
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueue(tx, { kind: "email", payload: { template: "welcome" } });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await jobRows(sql`id > ${before}`)).toEqual([]);

    const res = await t.app.inject({ method: "POST", url: "/api/inquiries", payload: SAMPLE_ENQUIRY });
    expect(res.statusCode).toBe(201);
    const jobs = await jobRows(sql`id > ${before}`);
    expect(jobs.map((j) => j.status)).toEqual(["pending", "pending"]);
    await t.app.jobs.drain();
  });

  it("sends the staff alert and the visitor's acknowledgement, each with a stable Message-ID", async () => {
    const before = await maxJobId();
    const seen = t.peer.received.length;
    await t.app.inject({
      method: "POST",
      url: "/api/inquiries",
      payload: { ...SAMPLE_ENQUIRY, name: "Meena Raghavan", email: "meena@example.in" },
    });
    await t.app.jobs.drain();
    const mails = (await t.peer.waitFor(seen + 2)).slice(seen);
    const ids = (await jobRows(sql`id > ${before}`)).map((j) => j.id);
    const byTo = Object.fromEntries(mails.map((m) => [m.rcptTo.join(","), m.parsed]));
    expect(byTo[STAFF].subject).toBe("New enquiry from Meena Raghavan");
    expect(byTo["meena@example.in"].subject).toBe("We received your message");
    // when to expect a call: the business hours
    expect(byTo["meena@example.in"].text).toContain("Monday to Friday, 9:00 AM to 6:00 PM");
    expect(mails.map((m) => m.parsed.messageId).sort()).toEqual(
      ids.map((id) => `<job-${id}@localhost>`).sort(),
    );
    expect(await jobRows(sql`id > ${before}`)).toEqual(
      ids.map((id) => expect.objectContaining({ id, status: "done", attempts: 1 })),
    );
  });
});

describe("a mail server that refuses", () => {
  it("leaves the request successful and the job due again after a backoff", async () => {
    t.peer.refuse = { code: 451, message: "Try again later" };
    const before = await maxJobId();
    const res = await t.app.inject({ method: "POST", url: "/api/inquiries", payload: SAMPLE_ENQUIRY });
    expect(res.statusCode).toBe(201);
    await t.app.jobs.drain();
    const jobs = await jobRows(sql`id > ${before}`);
    expect(jobs).toHaveLength(2);
    for (const j of jobs) {
      expect(j).toMatchObject({ status: "pending", attempts: 1 });
      expect(j.last_error).toContain("451");
      expect(j.delay_s).toBeGreaterThan(50);
    }
    // the server is back: once due, they go
    t.peer.refuse = null;
    const seen = t.peer.received.length;
    await t.database.db.execute(sql`update jobs set run_at = now() where id > ${before}`);
    await t.app.jobs.drain();
    await t.peer.waitFor(seen + 2);
    expect((await jobRows(sql`id > ${before}`)).map((j) => [j.status, j.attempts])).toEqual([
      ["done", 2],
      ["done", 2],
    ]);
  });

  it("stops a job after its last attempt, shows it dead in the Outbox, and staff can retry it", async () => {
    t.peer.refuse = { code: 550, message: "Mailbox unavailable" };
    const before = await maxJobId();
    await queueWelcome(t.database.db, "nobody-home@example.in", "Nobody", "nobody");
    const [job] = await jobRows(sql`id > ${before}`);
    for (let i = 0; i < 8; i++) {
      await t.database.db.execute(sql`update jobs set run_at = now() where id = ${job.id}`);
      await t.app.jobs.drain();
    }
    expect((await jobRows(sql`id = ${job.id}`))[0]).toMatchObject({ status: "dead", attempts: 8 });

    const admin = await login(t.app, "demo-admin");
    const list = await t.app.inject({ url: "/api/admin/outbox?status=dead", headers: { cookie: admin } });
    expect(list.statusCode).toBe(200);
    const item = (list.json() as OutboxItem[]).find((i) => i.id === job.id);
    expect(item).toMatchObject({ status: "dead", to: "nobody-home@example.in", attempts: 8 });
    expect(item?.lastError).toContain("550");

    t.peer.refuse = null;
    const seen = t.peer.received.length;
    const retry = await t.app.inject({
      method: "POST",
      url: `/api/admin/outbox/${job.id}/retry`,
      headers: { cookie: admin },
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ status: "pending", attempts: 0 });
    await t.app.jobs.drain();
    const [mail] = (await t.peer.waitFor(seen + 1)).slice(seen);
    expect(mail.rcptTo).toEqual(["nobody-home@example.in"]);
    // only a dead job can be retried
    const again = await t.app.inject({
      method: "POST",
      url: `/api/admin/outbox/${job.id}/retry`,
      headers: { cookie: admin },
    });
    expect(again.statusCode).toBe(409);
    const audit = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'email.retry' and entity_id = ${job.id}`,
    );
    expect(audit[0].n).toBe(1);
  });
});

describe("header injection", () => {
  it("keeps a line break in a name or subject from adding a header or a recipient", async () => {
    const seen = t.peer.received.length;
    await queueEmail(t.database.db, {
      template: "ticket_received",
      to: "victim@example.in",
      toName: "Ravi\r\nBcc: thief@evil.example",
      audience: "customer",
      data: { name: "Ravi", ticketId: 1, subject: "Leak\r\nBcc: thief@evil.example\r\nX-Evil: 1" },
    });
    await t.app.jobs.drain();
    const [mail] = (await t.peer.waitFor(seen + 1)).slice(seen);
    expect(mail.rcptTo).toEqual(["victim@example.in"]);
    expect(mail.parsed.bcc).toBeUndefined();
    expect(mail.parsed.headers.has("x-evil")).toBe(false);
    expect(mail.parsed.subject).toBe("We received your ticket #1: Leak Bcc: thief@evil.example X-Evil: 1");
  });

  it("refuses an address that is more than one address, and the job stops at once", async () => {
    const before = await maxJobId();
    await queueWelcome(t.database.db, "a@example.in\r\nRCPT TO:<thief@evil.example>", "A", "a");
    await t.app.jobs.drain();
    const [job] = await jobRows(sql`id > ${before}`);
    expect(job).toMatchObject({ status: "dead", attempts: 1 });
    expect(job.last_error).toContain("not valid");
  });
});

describe("several runners", () => {
  let other: Database;
  beforeAll(async () => {
    other = await secondDatabase(t.database);
  });
  afterAll(() => closeSecond(other, t.database));

  it("never send the same e-mail twice", async () => {
    const before = await maxJobId();
    const seen = t.peer.received.length;
    const N = 40;
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < N; i++) {
        await queueWelcome(tx, `bulk${i}@example.in`, `Bulk ${i}`, `bulk${i}`);
      }
    });
    const mk = (database: Pick<Database, "db" | "watch">) =>
      createMailSystem({
        database,
        mail: mailThrough(t.peer, STAFF),
        origin: "http://localhost:5000",
        runner: { batch: 3 },
        secret: "test-secret-test-secret-test-secret-0000",
      });
    const a = mk(t.database);
    const b = mk(other);
    try {
      await Promise.all([a.runner.drain(), b.runner.drain(), a.runner.drain(), b.runner.drain()]);
    } finally {
      a.mailer.close();
      b.mailer.close();
    }
    // every job ran once and is done, so every e-mail has arrived: count them without waiting
    const jobs = await jobRows(sql`id > ${before}`);
    expect(jobs.every((j) => j.status === "done" && j.attempts === 1)).toBe(true);
    const mails = t.peer.received.slice(seen);
    expect(mails).toHaveLength(N);
    expect(new Set(mails.map((m) => m.parsed.messageId)).size).toBe(N);
  });

  it("add a scheduled task once per period, however many add it", async () => {
    const mk = () =>
      new JobRunner({
        database: t.database,
        handlers: {},
        schedules: [{ kind: "test.daily", period: (now) => now.toISOString().slice(0, 10) }],
        addScheduled: async (db, kind, uniqueKey) => {
          await enqueue(db, { kind, payload: {}, uniqueKey });
        },
      });
    const runners = [mk(), mk(), mk()];
    const day1 = new Date("2026-03-01T10:00:00Z");
    const day2 = new Date("2026-03-02T10:00:00Z");
    await Promise.all(runners.map((r) => r.schedule(day1)));
    await Promise.all(runners.map((r) => r.schedule(new Date(day1.getTime() + 3_600_000))));
    await Promise.all(runners.map((r) => r.schedule(day2)));
    const rows = await queryRows<{ unique_key: string }>(
      t.database.db,
      sql`select unique_key from jobs where kind = 'test.daily' order by id`,
    );
    expect(rows.map((r) => r.unique_key)).toEqual(["test.daily:2026-03-01", "test.daily:2026-03-02"]);
  });
});
