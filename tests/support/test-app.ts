import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { type AppConfig, buildApp } from "../../src/server/app.ts";
import { createPglite, type Database, openDatabase } from "../../src/server/db/client.ts";
import { seedDemo } from "../../src/server/db/seed/demo.ts";
import { withDatabaseName } from "./global-setup.ts";

export const DEMO_PASSWORD = "demo-password-1";

/** An enquiry the public form accepts: tests that only need some valid POST /api/inquiries send this one. */
export const SAMPLE_ENQUIRY = {
  name: "Lead",
  email: "lead@example.in",
  phone: "9876543210",
  interest: "custom",
  message: "Please call me back.",
} as const;

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** A fresh database for this test file: PGlite from the seeded image, or a PostgreSQL clone. */
export async function freshDatabase(): Promise<Database> {
  if (process.env.TEST_DB === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    const template = inject("postgresTemplate")!;
    const name = `hipws_t_${process.ppid}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // template cloning fails while another connection is open on the template: retry briefly
    for (let i = 0; ; i++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        break;
      } catch (err) {
        if (i > 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    await admin.end();
    return openDatabase({ databaseUrl: withDatabaseName(url, name) });
  }
  const image = readFileSync(inject("pgliteImage"));
  const client = await createPglite(undefined, { loadDataDir: new Blob([image]) });
  return openDatabase({ pglite: client });
}

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const app = await buildApp({
    database,
    config: {
      sessionSecret: "test-secret-test-secret-test-secret-0000",
      production: false,
      dev: false,
      logLevel: "silent",
      rateLimitFactor: 100,
      rootDir: process.cwd(),
      publicOrigin: "http://localhost:5000",
      // an answer outside its endpoint's contract fails the test that provoked it
      checkResponses: true,
      ...overrides,
    },
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export async function withDemoData(t: TestApp) {
  return seedDemo(t.database.db, DEMO_PASSWORD);
}

/** the session cookie a response set, ready to send back */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === "hipws_sid");
  if (!c) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `hipws_sid=${c.value}`;
}

export async function login(
  app: FastifyInstance,
  username: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/login", payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}
