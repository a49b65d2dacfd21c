/**
 * Why a call of the staff console at scale missed its target, in the database's words: once
 * the bench's server has stopped, the call is made again through the same app built in this
 * process over a connection that notes every statement it runs, and each statement's plan
 * (EXPLAIN (ANALYZE, BUFFERS)) is printed. Any endpoint, with its own session and access
 * checks, so a new row of the bench needs nothing here.
 */
import { buildApp } from "../../src/server/app.ts";
import { openExplainingDatabase } from "./staff-lists.ts";

export interface Missed {
  /** the row's name, and what it missed */
  name: string;
  why: string;
  path: string;
}

export async function explainMissed(
  target: { databaseUrl?: string; dataDir?: string },
  secret: string,
  staff: { username: string; password: string },
  missed: Missed[],
): Promise<void> {
  if (missed.length === 0) return;
  const explaining = await openExplainingDatabase(target);
  const app = await buildApp({
    database: { ...explaining.database, db: explaining.db },
    config: {
      // the server's secret: page 201's cursor was signed with it
      sessionSecret: secret,
      production: false,
      dev: false,
      logLevel: "silent",
      rateLimitFactor: 1000,
      publicOrigin: "http://localhost:5000",
    },
  });
  try {
    await app.ready();
    const login = await app.inject({ method: "POST", url: "/api/login", payload: staff });
    const cookie = String(login.headers["set-cookie"] ?? "").split(";")[0];
    for (const m of missed) {
      console.log(`\n${m.name} missed its target (${m.why}): ${m.path}`);
      await explaining.printPlans(m.name, async () => {
        const res = await app.inject({ method: "GET", url: m.path, headers: { cookie } });
        if (res.statusCode !== 200) console.log(`  answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      });
    }
  } finally {
    await app.close();
    await explaining.close();
  }
}
