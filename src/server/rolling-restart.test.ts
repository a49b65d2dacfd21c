import { randomBytes } from "node:crypto";
import https from "node:https";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/db-rows.ts";
import { createScratchDatabase, type ScratchDatabase } from "../../tests/support/global-setup.ts";
import { type NginxProxy, nginxBinary, ORIGIN, startNginx } from "../../tests/support/nginx.ts";
import { freePort, type ServerProcess, startServer } from "../../tests/support/server-process.ts";
import { SAMPLE_ENQUIRY } from "../../tests/support/test-app.ts";
import { openDatabase } from "./db/client.ts";

/**
 * A rolling restart as docs/deployment.md describes it, under load: two app processes on one
 * PostgreSQL database behind the page's nginx block, 50 clients sending reads and writes for
 * 30 s (and until both are back), and each process restarted in turn (SIGTERM, start again,
 * wait for /readyz, then for nginx's fail_timeout). Not one request may fail, and every write
 * the clients saw acknowledged must be in the database. PostgreSQL only: two processes share
 * one database.
 */
const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === "postgres" && !!url;
const runsHere = onPostgres && !!nginxBinary;

const CLIENTS = 50;
const LOAD_MS = 30_000;
// nginx's default: a process it could not reach is left alone this long
const NGINX_FAIL_TIMEOUT_MS = 10_000;

let database: ScratchDatabase | undefined;
let proxy: NginxProxy | undefined;
const ports: number[] = [];
const servers: (ServerProcess | undefined)[] = [];
const run = randomBytes(3).toString("hex");

const env = (): Record<string, string> => ({
  NODE_ENV: "production",
  SESSION_SECRET: "rolling-restart-test-secret-0123456789ab",
  PUBLIC_ORIGIN: ORIGIN,
  TRUST_PROXY: "127.0.0.1",
  HOST: "127.0.0.1",
  DATABASE_URL: database!.url,
  // every client comes from 127.0.0.1: the enquiry form's limit per address must not be what is tested
  RATE_LIMIT_FACTOR: "100000",
  LOG_LEVEL: "info",
});

async function startAt(i: number) {
  servers[i] = await startServer({ ...env(), PORT: String(ports[i]) });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${ports[i]}/readyz`).catch(() => undefined);
    if (res?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`process ${i} not ready in 30 s: ${await res?.text()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGTERM, the exit code, then the same port again */
async function restart(i: number): Promise<{ exitCode: number | null; readyAfterMs: number }> {
  const started = Date.now();
  const exitCode = await servers[i]!.stop();
  await startAt(i);
  return { exitCode, readyAfterMs: Date.now() - started };
}

describe.runIf(runsHere)("a rolling restart behind nginx (docs/deployment.md)", () => {
  beforeAll(async () => {
    database = await createScratchDatabase(url!, "rolling");
    ports.push(await freePort(), await freePort());
    // the first start migrates and seeds; the second waits for it (advisory lock)
    await Promise.all([startAt(0), startAt(1)]);
    proxy = await startNginx([ports[0], ports[1]]);
  }, 120_000);

  afterAll(async () => {
    await proxy?.stop();
    await Promise.all(servers.map((s) => s?.kill()));
    await database?.drop();
  });

  it(`loses no request and no write while both processes restart, under ${CLIENTS} clients`, async () => {
    const failures: string[] = [];
    const acknowledged = new Set<number>();
    let reads = 0;
    // at least 30 s, and until both processes are back (a start takes several seconds here)
    const minimumEnd = Date.now() + LOAD_MS;
    let restarted = false;
    const loading = () => Date.now() < minimumEnd || !restarted;

    const client = async (n: number) => {
      // each client keeps its connection to nginx, as a browser does
      const agent = new https.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let i = 0; loading(); i++) {
          const write = i % 2 === 1;
          try {
            const res = write
              ? await proxy!.send("POST", "/api/inquiries", {
                  agent,
                  headers: { origin: ORIGIN },
                  body: { ...SAMPLE_ENQUIRY, message: `rolling ${run} client ${n} write ${i}` },
                })
              : await proxy!.send("GET", "/api/plans/B2C", { agent });
            if (res.status !== (write ? 201 : 200)) {
              failures.push(`${write ? "POST" : "GET"} ${res.status} ${res.body.slice(0, 120)}`);
            } else if (write) {
              acknowledged.add(JSON.parse(res.body).id);
            } else {
              reads++;
            }
          } catch (err) {
            failures.push(`${write ? "POST" : "GET"} ${(err as Error).message}`);
          }
        }
      } finally {
        agent.destroy();
      }
    };

    const restarts = (async () => {
      try {
        await new Promise((r) => setTimeout(r, 3_000));
        const a = await restart(0);
        // nginx leaves a process it could not reach alone for fail_timeout, counted from its
        // last failed try: only after that is the first process in the rotation again
        await new Promise((r) => setTimeout(r, NGINX_FAIL_TIMEOUT_MS + 1_000));
        const b = await restart(1);
        // and the second one, before the clients stop
        await new Promise((r) => setTimeout(r, 2_000));
        return [a, b];
      } finally {
        restarted = true;
      }
    })();

    const [results] = await Promise.all([restarts, ...Array.from({ length: CLIENTS }, (_, n) => client(n))]);
    expect(results.map((r) => r.exitCode)).toEqual([0, 0]);
    if (failures.length > 0) {
      // what nginx said about its upstreams, and the restarts' timings, to see which step failed
      console.log(proxy!.output().slice(0, 3000), JSON.stringify(results));
    }
    expect(failures).toEqual([]);
    expect(reads).toBeGreaterThan(CLIENTS);
    expect(acknowledged.size).toBeGreaterThan(CLIENTS);

    // every acknowledged write is there, and nothing else was written twice
    const db = await openDatabase({ databaseUrl: database!.url });
    try {
      const rows = await queryRows<{ id: number }>(
        db.db,
        sql`select id from inquiries where message like ${`rolling ${run} %`}`,
      );
      expect(rows.length).toBe(acknowledged.size);
      expect(new Set(rows.map((r) => r.id))).toEqual(acknowledged);
    } finally {
      await db.close();
    }
    // both new processes still run
    for (const s of servers) expect(s!.child.exitCode).toBeNull();
  }, 240_000);
});

describe.skipIf(runsHere)("a rolling restart behind nginx", () => {
  it.skip(
    !onPostgres
      ? "SKIPPED: needs PostgreSQL (TEST_DATABASE_URL): two processes share one database"
      : "SKIPPED: nginx is not installed (apt-get install nginx)",
    () => {},
  );
});
