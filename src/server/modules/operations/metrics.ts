import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import { sameSignature } from "../../lib/signatures.ts";
import { queueStats } from "../jobs/queue.ts";
import type { JobRunner } from "../jobs/runner.ts";
import { EMAIL_JOB } from "../mail/outbox.ts";
import { openTicketsPastTarget } from "../sla/sla.service.ts";

/**
 * `GET /metrics` in the Prometheus text format, with prom-client (the format's reference
 * library for Node). Registered only when METRICS_TOKEN is set: otherwise the address is
 * one more unknown page (404) and prom-client is not even loaded.
 *
 * What it counts in this process: the request durations by route template (never the raw
 * path, whose ids would make a series per ticket), e-mails sent and failed, and Node's own
 * figures. What it reads from the database at scrape time, in a few index reads whatever
 * the tables' size: the job queue by kind, the open tickets past their service-level target,
 * and this process's connection pool. The queue and ticket figures are the same from every
 * process (one database): alert on their max, not their sum.
 *
 * Called on the app itself, not through `register`: the timing hook must see every route.
 */
export async function registerMetrics(
  app: FastifyInstance,
  opts: { token: string; database: Database; runner: JobRunner },
) {
  const client = await import("prom-client");
  const register = new client.Registry();
  client.collectDefaultMetrics({ register, prefix: "hipws_" });

  const requestDuration = new client.Histogram({
    name: "hipws_http_request_duration_seconds",
    help: "Time to answer a request, by route template, method and status class",
    labelNames: ["route", "method", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  app.addHook("onResponse", (request, reply, done) => {
    // the route as declared (/api/tickets/:id); a request no route matched is one series
    const route = request.routeOptions.url ?? "unmatched";
    requestDuration.observe(
      { route, method: request.method, status: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const emailsSent = new client.Counter({
    name: "hipws_emails_sent_total",
    help: "E-mails this process handed to the mail server (or kept in the Outbox without SMTP_URL)",
    registers: [register],
  });
  const emailsFailed = new client.Counter({
    name: "hipws_emails_failed_total",
    help: "Failed attempts to send an e-mail: retry (due again after a backoff) or dead (no attempt left)",
    labelNames: ["outcome"] as const,
    registers: [register],
  });
  emailsFailed.inc({ outcome: "retry" }, 0);
  emailsFailed.inc({ outcome: "dead" }, 0);
  opts.runner.onOutcome((kind, outcome, count) => {
    if (kind !== EMAIL_JOB) return;
    if (outcome === "done") emailsSent.inc(count);
    else if (outcome === "retry" || outcome === "dead") emailsFailed.inc({ outcome }, count);
  });

  const byKind = (name: string, help: string) =>
    new client.Gauge({ name, help, labelNames: ["kind"] as const, registers: [register] });
  const jobsWaiting = byKind("hipws_jobs_waiting", "Jobs due and not being run");
  const jobsRunning = byKind("hipws_jobs_running", "Jobs being run under a lease");
  const jobsFailed = byKind("hipws_jobs_failed", "Jobs that failed for good (dead); staff may retry them");
  const oldestWaiting = byKind(
    "hipws_jobs_oldest_waiting_seconds",
    "How long the longest-waiting due job has waited (0 when none waits)",
  );
  const pastTarget = new client.Gauge({
    name: "hipws_tickets_past_target",
    help: "Open and in-progress tickets whose service-level target is past due",
    registers: [register],
  });
  const pool = (name: string, help: string) => new client.Gauge({ name, help, registers: [register] });
  const poolGauges = opts.database.poolUse
    ? {
        inUse: pool("hipws_db_pool_connections_in_use", "Database connections running a query"),
        idle: pool("hipws_db_pool_connections_idle", "Database connections open and idle"),
        waiting: pool("hipws_db_pool_waiting_requests", "Queries waiting for a free connection"),
        max: pool("hipws_db_pool_connections_max", "The most connections this process opens"),
      }
    : undefined;

  /** the figures read at scrape time, so they are as fresh as the scrape */
  async function refresh() {
    const [queue, overdue] = await Promise.all([
      queueStats(opts.database.db),
      openTicketsPastTarget(opts.database.db),
    ]);
    for (const gauge of [jobsWaiting, jobsRunning, jobsFailed, oldestWaiting]) gauge.reset();
    // every kind this process runs has its series, at 0 when idle, so an alert's query finds it
    const known = new Set(Object.keys(opts.runner.handlers));
    for (const kind of known) {
      for (const gauge of [jobsWaiting, jobsRunning, jobsFailed, oldestWaiting]) gauge.set({ kind }, 0);
    }
    for (const q of queue) {
      jobsWaiting.set({ kind: q.kind }, q.waiting);
      jobsRunning.set({ kind: q.kind }, q.running);
      jobsFailed.set({ kind: q.kind }, q.failed);
      oldestWaiting.set({ kind: q.kind }, q.oldestWaitingSeconds);
    }
    pastTarget.set(overdue);
    const use = opts.database.poolUse?.();
    if (use && poolGauges) {
      poolGauges.inUse.set(use.total - use.idle);
      poolGauges.idle.set(use.idle);
      poolGauges.waiting.set(use.waiting);
      poolGauges.max.set(use.max);
    }
  }

  app.get("/metrics", async (request, reply) => {
    const header = request.headers.authorization ?? "";
    const given = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
    if (!given || !sameSignature(given, opts.token)) {
      return reply
        .code(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .header("cache-control", "no-store")
        .send({ message: "Send the metrics token as Authorization: Bearer <METRICS_TOKEN>." });
    }
    await refresh();
    return reply
      .header("content-type", register.contentType)
      .header("cache-control", "no-store")
      .send(await register.metrics());
  });
}
