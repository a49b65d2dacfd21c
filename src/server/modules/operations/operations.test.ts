import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import { appForFile, createDemoTestApp, createTestApp } from "../../../../tests/support/test-app.ts";
import { enqueue } from "../jobs/queue.ts";
import { queueEmail } from "../mail/outbox.ts";

/**
 * The probes and the metrics as a supervisor, a load balancer and Prometheus call them:
 * through the app's own routing, on this file's database (PGlite, or PostgreSQL in the
 * postgres project).
 */
const TOKEN = "metrics-token-0123456789abcdef";
const t = appForFile(() => createDemoTestApp({ metricsToken: TOKEN }));

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });
const scrape = async () => {
  const res = await get("/metrics", { authorization: `Bearer ${TOKEN}` });
  expect(res.statusCode).toBe(200);
  return res.body;
};
/** the value of one series in a scrape, e.g. value(text, 'hipws_jobs_waiting{kind="email"}') */
const value = (text: string, series: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe("GET /healthz", () => {
  it("answers 200 while the process runs, whatever the rest", async () => {
    const res = await get("/healthz");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});

describe("GET /readyz", () => {
  it("is not ready until the job runner works, and names that part", async () => {
    const before = await get("/readyz");
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({
      status: "not ready: jobs",
      checks: { database: "ok", migrations: "ok", jobs: "not running", shutdown: "ok" },
    });
    await t.app.jobs.start();
    try {
      const ready = await get("/readyz");
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: "ready" });
    } finally {
      await t.app.jobs.stop();
    }
  });

  it.runIf(t.database?.kind !== "pglite" && process.env.TEST_DB === "postgres")(
    "names the database when it does not answer within a second, and gives away nothing about it",
    async () => {
      await t.app.jobs.start();
      try {
        // another session holds the table the probe reads: the probe's query waits behind it
        const held = t.database.db.transaction(async (tx) => {
          await tx.execute(sql`lock table drizzle.__drizzle_migrations in access exclusive mode`);
          await tx.execute(sql`select pg_sleep(1.5)`);
        });
        await new Promise((r) => setTimeout(r, 100));
        const started = Date.now();
        const res = await get("/readyz");
        expect(Date.now() - started).toBeLessThan(1_400);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({
          status: "not ready: database, migrations",
          checks: { database: "not answering within 1000 ms", migrations: "unknown", jobs: "ok" },
        });
        expect(res.body).not.toMatch(/postgres|password|select|drizzle|127\.0\.0\.1/i);
        await held;
        expect((await get("/readyz")).statusCode).toBe(200);
      } finally {
        await t.app.jobs.stop();
      }
    },
  );

  it("names the database when it is gone, and gives away nothing about it", async () => {
    const gone = await createTestApp();
    try {
      await gone.database.close();
      const res = await gone.app.inject({ method: "GET", url: "/readyz" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: "not ready: database, migrations, jobs",
        checks: { database: "not answering", migrations: "unknown" },
      });
      expect(res.body).not.toMatch(/postgres|pglite|password|select|drizzle|closed/i);
    } finally {
      // its database is closed already: what closing the app would still write there fails
      await gone.app.close().catch(() => {});
    }
  });

  it("names the migrations when the database lacks one this code needs", async () => {
    await t.app.jobs.start();
    const [newest] = await queryRows<{ id: number; hash: string; created_at: string }>(
      t.database.db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    try {
      await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
      const res = await get("/readyz");
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: "not ready: migrations",
        checks: { database: "ok", migrations: "not applied: restart to apply them" },
      });
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at})`,
      );
      await t.app.jobs.stop();
    }
    expect((await get("/readyz")).json().checks.migrations).toBe("ok");
  });

  it("answers 503 from the moment a shutdown begins", async () => {
    await t.app.jobs.start();
    try {
      t.app.lifecycle.stopping = true;
      const res = await get("/readyz");
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: "not ready: shutdown",
        checks: { shutdown: "shutting down" },
      });
      // the liveness probe still answers: the supervisor must not kill a process that is draining
      expect((await get("/healthz")).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.stopping = false;
      await t.app.jobs.stop();
    }
  });
});

describe("GET /metrics", () => {
  it("answers only the bearer token, and never says more to anyone else", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-0123456789abcd", `Basic ${TOKEN}`, TOKEN]) {
      const res = await get("/metrics", authorization ? { authorization } : {});
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain("hipws_");
    }
    const res = await get("/metrics", { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it("has the process's and Node's figures", async () => {
    const text = await scrape();
    for (const name of [
      "hipws_process_cpu_user_seconds_total",
      "hipws_process_resident_memory_bytes",
      "hipws_nodejs_eventloop_lag_seconds",
      "hipws_nodejs_heap_size_used_bytes",
    ]) {
      expect(text).toMatch(new RegExp(`^${name} `, "m"));
    }
  });

  it("times requests by route template, method and status class, never by the raw path", async () => {
    expect((await get("/api/tickets/987654")).statusCode).toBe(401);
    expect((await get("/api/plans/B2C")).statusCode).toBe(200);
    expect((await get("/api/no-such-call/4242")).statusCode).toBe(404);
    const text = await scrape();
    expect(
      value(
        text,
        'hipws_http_request_duration_seconds_count{route="/api/tickets/:id",method="GET",status="4xx"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(
        text,
        'hipws_http_request_duration_seconds_count{route="/api/plans/:type",method="GET",status="2xx"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    // the pages (and any other address) are answered by the one catch-all route: one series
    expect(
      value(text, 'hipws_http_request_duration_seconds_count{route="/*",method="GET",status="4xx"}'),
    ).toBeGreaterThanOrEqual(1);
    // only the labels: a sample's value (memory in bytes, a sum of seconds) may hold any digits
    const routes = [...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]);
    expect(routes).toContain("/api/tickets/:id");
    expect(routes.filter((r) => /987654|4242/.test(r))).toEqual([]);
  });

  it("counts the job queue by kind: waiting, running, failed and the oldest wait", async () => {
    const idle = await scrape();
    expect(value(idle, 'hipws_jobs_waiting{kind="email"}')).toBe(0);
    expect(value(idle, 'hipws_jobs_oldest_waiting_seconds{kind="email"}')).toBe(0);
    // one e-mail due for twenty minutes, one failed for good, one not due yet (a retry's backoff)
    const waiting = (await enqueue(t.database.db, {
      kind: "email",
      payload: {},
      runAt: new Date(Date.now() - 20 * 60_000),
    }))!;
    const dead = (await enqueue(t.database.db, { kind: "email", payload: {} }))!;
    const later = (await enqueue(t.database.db, {
      kind: "email",
      payload: {},
      runAt: new Date(Date.now() + 3_600_000),
    }))!;
    await t.database.db.execute(sql`update jobs set status = 'dead' where id = ${dead}`);
    try {
      const text = await scrape();
      expect(value(text, 'hipws_jobs_waiting{kind="email"}')).toBe(1);
      expect(value(text, 'hipws_jobs_running{kind="email"}')).toBe(0);
      expect(value(text, 'hipws_jobs_failed{kind="email"}')).toBeGreaterThanOrEqual(1);
      const age = value(text, 'hipws_jobs_oldest_waiting_seconds{kind="email"}')!;
      expect(age).toBeGreaterThanOrEqual(20 * 60 - 5);
      expect(age).toBeLessThan(20 * 60 + 60);
    } finally {
      await t.database.db.execute(sql`delete from jobs where id in (${waiting}, ${dead}, ${later})`);
    }
  });

  it("counts the e-mails this process sent", async () => {
    const before = value(await scrape(), "hipws_emails_sent_total") ?? 0;
    await t.database.db.transaction((tx) =>
      queueEmail(tx, {
        template: "welcome",
        to: "metrics@example.in",
        audience: "customer",
        data: { name: "Kavya", username: "kavya" },
      }),
    );
    await t.app.jobs.drain();
    const text = await scrape();
    expect(value(text, "hipws_emails_sent_total")).toBe(before + 1);
    expect(value(text, 'hipws_emails_failed_total{outcome="dead"}')).toBe(0);
  });

  it("counts the open tickets past their service-level target", async () => {
    const [ticket] = await queryRows<{ id: number; sla_due_at: string | null }>(
      t.database.db,
      sql`select id, sla_due_at::text from tickets where status in ('open', 'in_progress') order by id limit 1`,
    );
    const due = (when: string) =>
      t.database.db.execute(
        sql`update tickets set sla_due_at = now() + ${when}::interval where id = ${ticket.id}`,
      );
    try {
      await due("1 hour");
      const before = value(await scrape(), "hipws_tickets_past_target")!;
      await due("-1 hour");
      expect(value(await scrape(), "hipws_tickets_past_target")).toBe(before + 1);
    } finally {
      await t.database.db.execute(
        sql`update tickets set sla_due_at = ${ticket.sla_due_at}::timestamptz where id = ${ticket.id}`,
      );
    }
  });

  it("shows the database pool's use on PostgreSQL (the embedded database has no pool)", async () => {
    const text = await scrape();
    if (t.database.kind === "postgres") {
      expect(value(text, "hipws_db_pool_connections_max")).toBe(10);
      expect(value(text, "hipws_db_pool_connections_in_use")).toBeGreaterThanOrEqual(0);
      expect(value(text, "hipws_db_pool_waiting_requests")).toBe(0);
    } else {
      expect(text).not.toContain("hipws_db_pool_");
    }
  });
});

describe("without METRICS_TOKEN", () => {
  const plain = appForFile(async () => ({ t: await createTestApp() }));
  it("has no /metrics at all: 404, as for any unknown address", async () => {
    const res = await plain.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("hipws_");
  });
});

describe("in production", () => {
  const prod = appForFile(async () => ({
    t: await createTestApp({
      production: true,
      publicOrigin: "https://warranty.example.in",
      metricsToken: TOKEN,
    }),
  }));
  it("answers the probes and metrics by the process's own address, and the site only by its name", async () => {
    const host = { host: "127.0.0.1:5121" };
    const call = (url: string, headers: Record<string, string> = {}) =>
      prod.app.inject({ method: "GET", url, headers: { ...host, ...headers } });
    expect((await call("/healthz")).statusCode).toBe(200);
    expect((await call("/readyz")).statusCode).toBe(503);
    expect((await call("/metrics", { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    expect((await call("/api/plans/B2C")).statusCode).toBe(400);
    expect((await call("/healthz?x=1")).statusCode).toBe(400);
  });
});
