import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { desc, sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { type AppConfig, buildApp } from "../../src/server/app.ts";
import type { MailConfig } from "../../src/server/config.ts";
import { createPglite, type Database, openDatabase } from "../../src/server/db/client.ts";
import { auditLog } from "../../src/server/db/schema.ts";
import { seedDemo } from "../../src/server/db/seed/demo.ts";
import type { Plan, PlanWithFeatures } from "../../src/shared/schemas/content.ts";
import type { PolicyListItem } from "../../src/shared/schemas/policy.ts";
import { DEMO_PASSWORD, withDatabaseName } from "./global-setup.ts";
import { type SmtpPeer, startSmtpPeer } from "./smtp-peer.ts";

export { DEMO_PASSWORD };
/** the session secret of every test app: keys derived from it sign links and seal two-factor secrets */
export const TEST_SESSION_SECRET = "test-secret-test-secret-test-secret-0000";

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
  /** a request as the holder of the session `cookie` (none: a guest), with `payload` as its JSON body when given */
  call(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    cookie?: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * What a fresh test database holds: the base content a first start seeds, or that and the
 * demo accounts and data of `seed:demo` (with DEMO_PASSWORD), both made once per run.
 */
export type TestContent = "base" | "demo";

/** A fresh database for this test file: PGlite from the seeded image, or a PostgreSQL clone. */
export async function freshDatabase(content: TestContent = "base"): Promise<Database> {
  if (process.env.TEST_DB === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    const template = inject(content === "demo" ? "postgresDemoTemplate" : "postgresTemplate")!;
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
  const image = readFileSync(inject(content === "demo" ? "pgliteDemoImage" : "pgliteImage"));
  const client = await createPglite(undefined, { loadDataDir: new Blob([image]) });
  return openDatabase({ pglite: client });
}

/**
 * The same database as a second process sees it: on PostgreSQL a pool of its own to the same
 * database; the embedded database has one connection and one owner process, so there it is
 * `database` itself. Close it with `closeSecond`.
 */
export async function secondDatabase(database: Database): Promise<Database> {
  if (database.kind !== "postgres") return database;
  const rows = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  return openDatabase({ databaseUrl: withDatabaseName(process.env.TEST_DATABASE_URL!, rows.rows[0].name) });
}

export async function closeSecond(second: Database, first: Database): Promise<void> {
  if (second !== first) await second.close();
}

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  content: TestContent = "base",
): Promise<TestApp> {
  const database = await freshDatabase(content);
  const app = await buildTestApp(database, overrides);
  return {
    app,
    database,
    call: (method, url, cookie, payload) =>
      app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) }),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The app with the tests' settings on a database the caller opened and closes: createTestApp's,
 * or a second connection to the same one, standing for a second server process.
 */
export async function buildTestApp(database: Database, overrides: Partial<AppConfig> = {}) {
  const app = await buildApp({
    database,
    config: {
      sessionSecret: TEST_SESSION_SECRET,
      production: false,
      dev: false,
      logLevel: "silent",
      rateLimitFactor: 100,
      publicOrigin: "http://localhost:5000",
      // an answer outside its endpoint's contract fails the test that provoked it
      checkResponses: true,
      ...overrides,
    },
  });
  await app.ready();
  return app;
}

/** mail settings that send the app's e-mail to `peer`; staff's alerts go to `staffEmail` if given */
export function mailThrough(peer: SmtpPeer, staffEmail?: string): MailConfig {
  return { smtpUrl: peer.url, from: "HIPWS <no-reply@hipws.test>", ...(staffEmail ? { staffEmail } : {}) };
}

/**
 * A test app with the demo data whose e-mail goes to a real SMTP server on this machine, so a
 * test reads what a mail server would receive. Closing the app stops the server too.
 */
export async function createMailTestApp(staffEmail?: string, overrides: Partial<AppConfig> = {}) {
  const peer = await startSmtpPeer();
  const app = await createTestApp({ mail: mailThrough(peer, staffEmail), ...overrides }, "demo");
  const t: TestApp = {
    ...app,
    async close() {
      await app.close();
      await peer.close();
    },
  };
  return { t, peer, demo: await withDemoData(t) };
}

/**
 * Adds the demo data, or on a database made with it (`createTestApp(…, "demo")`) only finds
 * it, as `seed:demo` run again does; answers the demo people either way.
 */
export async function withDemoData(t: TestApp) {
  return seedDemo(t.database.db, DEMO_PASSWORD);
}

/** what a mail client sends when its reader clicks "Unsubscribe": a form POST to the e-mail's List-Unsubscribe address */
export function oneClickUnsubscribe(app: FastifyInstance, url: string) {
  return app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "List-Unsubscribe=One-Click",
  });
}

/** the session cookie a response set, ready to send back */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === "hipws_sid");
  if (!c) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `hipws_sid=${c.value}`;
}

/** GST for the tests of invoices: a Tamil Nadu GSTIN, charged at 18% */
export const TEST_GST = { gstin: "33AABCH1234K1ZY", ratePercent: 18 } as const;

/** the sessions of the two demo customers and of staff, the people most API tests act as */
export async function demoSessions(app: FastifyInstance) {
  const [customer, otherCustomer, admin] = await Promise.all([
    login(app, "demo-customer"),
    login(app, "demo-customer-2"),
    login(app, "demo-admin"),
  ]);
  return { customer, otherCustomer, admin };
}

/** a homeowner's plan: it always lasts a whole number of years */
export type B2cPlan = Plan & { duration: number };

/** the B2C plans on sale, by name ("Essential", "Premium", "Elite") */
export async function b2cPlansByName(app: FastifyInstance): Promise<Record<string, B2cPlan>> {
  const plans = (await app.inject({ method: "GET", url: "/api/plans/B2C" })).json<PlanWithFeatures[]>();
  return Object.fromEntries(plans.map(({ plan }) => [plan.name, plan as B2cPlan]));
}

/** A test app with the demo data, and the ids of the demo people */
export async function createDemoTestApp(overrides: Partial<AppConfig> = {}) {
  const t = await createTestApp(overrides, "demo");
  return { t, demo: await withDemoData(t) };
}

/** A test app with the demo data, and the two demo customers and staff signed in */
export async function createSignedInTestApp(overrides: Partial<AppConfig> = {}) {
  const app = await createDemoTestApp(overrides);
  return { ...app, ...(await demoSessions(app.t.app)) };
}

/** createMailTestApp's app with the two demo customers and staff signed in */
export async function createSignedInMailTestApp(staffEmail?: string) {
  const app = await createMailTestApp(staffEmail);
  return { ...app, ...(await demoSessions(app.t.app)) };
}

/**
 * The test app a whole file shares, set up the way Vitest sets up a file: this registers a
 * beforeAll that makes it with `make` (one of the create…TestApp functions here) and an
 * afterAll that closes it. The answer is the app with what else `make` answered beside it
 * (the demo ids, sessions, SMTP peer…), all filled in when that beforeAll has run: so read
 * its fields in tests, hooks and the functions they call, never at the top level of a file.
 */
export function appForFile<T extends { t: TestApp }>(make: () => Promise<T>): TestApp & Omit<T, "t"> {
  const file = {} as TestApp & Omit<T, "t">;
  beforeAll(async () => {
    const { t, ...rest } = await make();
    Object.assign(file, t, rest);
    // a fresh app with the demo data takes over a minute on a loaded machine
  }, 180_000);
  // the app may never have been made, when its beforeAll failed
  afterAll(() => file.close?.());
  return file;
}

/**
 * A test app that charges GST on the invoices it issues, for the tests of invoices and
 * renewals: signed in as createSignedInTestApp is, and with the B2C plans by name.
 */
export async function createInvoicingTestApp() {
  const app = await createSignedInTestApp({ gst: TEST_GST });
  return { ...app, customerId: app.demo.customer.id, plans: await b2cPlansByName(app.t.app) };
}

/** a customer raising a ticket, as the portal's form sends it: `ticket` is the body of POST /api/tickets */
export function raiseTicket(app: FastifyInstance, cookie: string, ticket: object) {
  return app.inject({ method: "POST", url: "/api/tickets", headers: { cookie }, payload: ticket });
}

/** the id of the signed-in customer's active policy (each demo customer has one) */
export async function activePolicyId(app: FastifyInstance, cookie: string): Promise<number> {
  const policies = (await app.inject({ method: "GET", url: "/api/purchases", headers: { cookie } })).json<
    PolicyListItem[]
  >();
  return policies.find((p) => p.purchase.status === "active")!.purchase.id;
}

/** signs in and answers the session cookie; `remoteAddress` is the client's address, when a test needs it */
export async function login(
  app: FastifyInstance,
  username: string,
  password = DEMO_PASSWORD,
  remoteAddress?: string,
): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/login",
    payload: { username, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}

/**
 * A test app with the demo data and the rate limits at their real values (factor 1), for the
 * tests of signing in and its limits. `nextAddress()` is a new client address at each call
 * (`${network}.1`, `.2`, … `.250`, then round again): each request comes from an address of its
 * own, so the limit of 10 a minute per address stays out of the way unless it is the subject.
 * `cookieFor(username)` signs in from the next address and answers the session cookie.
 */
export async function createRealLimitsTestApp(network: string) {
  const app = await createDemoTestApp({ rateLimitFactor: 1 });
  let n = 0;
  const nextAddress = () => `${network}.${(n++ % 250) + 1}`;
  const cookieFor = (username: string, password = DEMO_PASSWORD) =>
    login(app.t.app, username, password, nextAddress());
  return { ...app, nextAddress, cookieFor };
}

/**
 * Requests as the holder of the session `cookie`, for a test that makes many as one person;
 * a write without a body sends an empty JSON object, as the console does.
 */
export function callsAs(t: TestApp, cookie: string) {
  return {
    get: (url: string) => t.call("GET", url, cookie),
    patch: (url: string, payload: object = {}) => t.call("PATCH", url, cookie, payload),
    post: (url: string, payload: object = {}) => t.call("POST", url, cookie, payload),
  };
}

/** The newest row of the audit trail. */
export async function lastAudit(t: TestApp) {
  const [row] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row;
}
