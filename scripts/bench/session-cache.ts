/**
 * The signed-in read with the remembered-sessions cache and without it, side by side: two
 * copies of the app in this process on the database the server just used, one remembering
 * signed-in users between requests and one reading the session row on every request. The
 * arms take turns (`rounds` rounds of `requests` requests each, ten in flight as under
 * load), and the medians are compared: what the cache saves per request, in milliseconds
 * and as a share of the request.
 */
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/server/app.ts";
import { type Database, openDatabase } from "../../src/server/db/client.ts";
import { USERS_CHANNEL } from "../../src/server/modules/users/remembered-users.ts";
import { median } from "../lib/median.ts";
import { DEMO_PASSWORD } from "../soak/prepare.ts";

const IN_FLIGHT = 10;
const PATH = "/api/tickets";

export interface SessionCacheFigures {
  /** elapsed ms per request, ten in flight, median of the rounds */
  cachedMs: number;
  uncachedMs: number;
  /** CPU ms of this process per request (user + system), median of the rounds */
  cachedCpuMs: number;
  uncachedCpuMs: number;
}

/** the database as the app sees it, minus the session notifications: its session cache stays off */
function withoutSessionNotifications(database: Database): Database {
  return {
    ...database,
    async watch(channel, handlers) {
      if (channel !== USERS_CHANNEL) return database.watch(channel, handlers);
      handlers.live(false);
      return async () => {};
    },
  };
}

async function app(database: Database, sessionSecret: string): Promise<FastifyInstance> {
  const a = await buildApp({
    database,
    config: {
      sessionSecret,
      production: false,
      dev: false,
      logLevel: "silent",
      rateLimitFactor: 100_000,
      publicOrigin: "http://localhost:5000",
    },
  });
  await a.ready();
  return a;
}

async function run(a: FastifyInstance, cookie: string, requests: number) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (let i = 0; i < requests / IN_FLIGHT; i++) {
        const res = await a.inject({ method: "GET", url: PATH, headers: { cookie } });
        if (res.statusCode !== 200) throw new Error(`${PATH} answered ${res.statusCode}`);
      }
    }),
  );
  const wall = (performance.now() - t0) / requests;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 / requests };
}

export async function measureSessionCache(
  env: Record<string, string | undefined>,
  rounds = 3,
  requests = 1000,
): Promise<SessionCacheFigures> {
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
  );
  const secret = env.SESSION_SECRET!;
  const cached = await app(database, secret);
  const uncached = await app(withoutSessionNotifications(database), secret);
  try {
    const login = await cached.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "demo-customer", password: DEMO_PASSWORD },
    });
    const cookie = login.headers["set-cookie"]?.toString().split(";")[0];
    if (login.statusCode !== 200 || !cookie) throw new Error(`login: ${login.statusCode} ${login.body}`);
    await run(cached, cookie, 500);
    await run(uncached, cookie, 500);
    const c: { wall: number; cpu: number }[] = [];
    const u: { wall: number; cpu: number }[] = [];
    for (let r = 0; r < rounds; r++) {
      c.push(await run(cached, cookie, requests));
      u.push(await run(uncached, cookie, requests));
    }
    const m = (xs: { wall: number; cpu: number }[], k: "wall" | "cpu") =>
      +median(xs.map((x) => x[k])).toFixed(3);
    return {
      cachedMs: m(c, "wall"),
      uncachedMs: m(u, "wall"),
      cachedCpuMs: m(c, "cpu"),
      uncachedCpuMs: m(u, "cpu"),
    };
  } finally {
    await cached.close();
    await uncached.close();
    await database.close();
  }
}

/** standalone: `node --import tsx scripts/bench/session-cache.ts` on a fresh database (PostgreSQL too when TEST_DATABASE_URL is set) */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { prepareDatabase } = await import("../soak/prepare.ts");
  const backends: ("pglite" | "postgres")[] = ["pglite"];
  if (process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL) backends.push("postgres");
  for (const backend of backends) {
    const prepared = await prepareDatabase(backend);
    try {
      console.log(backend, await measureSessionCache(prepared.env));
    } finally {
      await prepared.cleanup();
    }
  }
}
