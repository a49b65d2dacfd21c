import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { type Database, migrationsFolder } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { safeErrorMessage } from "../../lib/log-redaction.ts";
import type { JobRunner } from "../jobs/runner.ts";

/**
 * What a process supervisor, a load balancer and a monitoring system ask of the service.
 * These answer on any Host name (they are called by the process's own address, and build no
 * link or cached page from it), and are not part of the API: no session, no access rule.
 */
export const OPERATIONS_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/** the database must answer the readiness probe within this time */
const READY_DB_TIMEOUT_MS = 1_000;

class TimedOut extends Error {}

/** Whether the process is on its way out: set on SIGTERM, before it stops accepting. */
export interface Lifecycle {
  stopping: boolean;
}

interface ReadinessCheck {
  database: "ok" | string;
  migrations: "ok" | string;
  jobs: "ok" | string;
  shutdown: "ok" | string;
}

/** the newest migration this code knows: the database is ready when it has applied it */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** Resolves with the promise's value, or rejects once `ms` have passed without one. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TimedOut(`${what} did not answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * `GET /healthz`: 200 while the process can answer at all (the supervisor's liveness probe:
 * restart it when this fails). It checks nothing else, so a database outage does not get
 * every process restarted in a loop.
 *
 * `GET /readyz`: 200 when this process can do its work (the load balancer's readiness
 * probe): the database answers within a second, every migration this code needs is applied,
 * and the job runner is working. Otherwise 503 naming the part that fails, and from the
 * moment a shutdown begins, so traffic moves to the other processes first. The answer names
 * parts only: no address, no connection string, no query.
 */
export async function probeRoutes(
  app: FastifyInstance,
  opts: { database: Database; runner: JobRunner; lifecycle: Lifecycle },
) {
  const needed = newestMigration();
  const { db } = opts.database;

  app.get("/healthz", (_request, reply) => {
    reply.header("cache-control", "no-store").send({ status: "ok" });
  });

  app.get("/readyz", async (request, reply) => {
    const checks: ReadinessCheck = {
      database: "ok",
      migrations: "ok",
      jobs: "ok",
      shutdown: opts.lifecycle.stopping ? "shutting down" : "ok",
    };
    try {
      const [row] = await within(
        rowsOf<{ applied: string | number | null }>(
          db.execute(sql`select max(created_at) as applied from drizzle.__drizzle_migrations`),
        ),
        READY_DB_TIMEOUT_MS,
        "the database",
      );
      if (Number(row?.applied ?? 0) < needed) checks.migrations = "not applied: restart to apply them";
    } catch (err) {
      checks.database =
        err instanceof TimedOut ? `not answering within ${READY_DB_TIMEOUT_MS} ms` : "not answering";
      checks.migrations = "unknown";
      // the reason goes to the log, which may hold details the answer must not
      request.log.warn({ err: safeErrorMessage(err) }, "readiness: the database check failed");
    }
    const jobs = opts.runner.state();
    if (jobs !== "running") checks.jobs = jobs === "stalled" ? "stalled" : "not running";
    const failing = Object.entries(checks)
      .filter(([, v]) => v !== "ok")
      .map(([k]) => k);
    reply
      .code(failing.length === 0 ? 200 : 503)
      .header("cache-control", "no-store")
      .send({ status: failing.length === 0 ? "ready" : `not ready: ${failing.join(", ")}`, checks });
  });
}
