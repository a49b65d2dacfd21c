/**
 * Crash test: writers create enquiries, tickets and ticket messages through the API while
 * the server is killed with SIGKILL at a random moment, again and again. After every
 * restart the database must open, and at the end every write the API acknowledged (a 201
 * with an id) must be there with exactly the text that was sent.
 *
 *   node --import tsx scripts/soak/crash.ts [--rounds 50] [--backend pglite|postgres]
 *
 * PostgreSQL uses a fresh database on TEST_DATABASE_URL's (or DATABASE_URL's) server.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import pg from "pg";
import { commandOptions } from "../../src/server/cli/args.ts";
import { type Database, openDatabase } from "../../src/server/db/client.ts";
import { inquiries, ticketMessages, tickets } from "../../src/server/db/schema.ts";
import { seedBaseContent } from "../../src/server/db/seed/base-content.ts";
import { seedDemo } from "../../src/server/db/seed/demo.ts";
import { withDatabaseName } from "../../tests/support/global-setup.ts";
import { type ServerProcess, startServer } from "../../tests/support/server-process.ts";
import { median } from "../lib/median.ts";

const PASSWORD = "crash-password-1";
const WRITERS = 4;

interface Acked {
  kind: "inquiry" | "ticket" | "message";
  id: number;
  text: string;
}

export interface CrashResult {
  backend: "pglite" | "postgres";
  rounds: number;
  kills: number;
  acknowledged: { inquiry: number; ticket: number; message: number };
  unacknowledged: number;
  missing: string[];
  startMs: { median: number; max: number };
  ok: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function post(server: ServerProcess, url: string, body: unknown, cookie?: string) {
  const res = await fetch(server.url + url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return {
    status: res.status,
    json: (await res.json()) as { id?: number; message?: string },
    setCookie: res.headers.get("set-cookie"),
  };
}

export async function runCrash(
  backend: "pglite" | "postgres",
  rounds: number,
  log = console.log,
): Promise<CrashResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "hipws-crash-"));
  let dbName: string | undefined;
  const baseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const env: Record<string, string | undefined> = {
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    RATE_LIMIT_FACTOR: "100000",
    SESSION_SECRET: randomBytes(24).toString("hex"),
    LOG_LEVEL: "info",
  };
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    await c.query(q).finally(() => c.end());
  };
  if (backend === "postgres") {
    if (!baseUrl) throw new Error("the PostgreSQL crash run needs TEST_DATABASE_URL or DATABASE_URL");
    dbName = `hipws_crash_${process.pid}`;
    await admin(`drop database if exists ${dbName} with (force)`);
    await admin(`create database ${dbName}`);
    env.DATABASE_URL = withDatabaseName(baseUrl, dbName);
  }

  const open = (): Promise<Database> =>
    openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir });
  {
    const database = await open();
    await database.migrate();
    await seedBaseContent(database.db);
    await seedDemo(database.db, PASSWORD);
    await database.close();
  }

  const acked: Acked[] = [];
  let unacknowledged = 0;
  let kills = 0;
  const startTimes: number[] = [];
  let cookie: string | undefined;
  let purchaseId: number | undefined;
  let ticketIds: number[] = [];
  const failures: string[] = [];

  for (let round = 1; round <= rounds; round++) {
    const t0 = Date.now();
    let server: ServerProcess;
    try {
      server = await startServer(env, { timeoutMs: 120_000 });
    } catch (err) {
      failures.push(`round ${round}: the server did not start: ${(err as Error).message.slice(0, 500)}`);
      break;
    }
    startTimes.push(Date.now() - t0);

    if (!cookie) {
      const res = await post(server, "/api/login", { username: "demo-customer", password: PASSWORD });
      cookie = res.setCookie?.split(";")[0];
      const list = (await (
        await fetch(`${server.url}/api/purchases`, { headers: { cookie: cookie! } })
      ).json()) as {
        purchase: { id: number; status: string };
      }[];
      purchaseId = list.find((p) => p.purchase.status === "active")!.purchase.id;
    }

    let stop = false;
    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const token = `crash r${round} w${w} n${n} ${randomBytes(3).toString("hex")}`;
        const pick = n % 3;
        try {
          if (pick === 0) {
            const res = await post(server, "/api/inquiries", {
              name: "Crash Test",
              email: "crash@example.in",
              phone: "9840044444",
              interest: "custom",
              message: token,
            });
            if (res.status === 201 && res.json.id)
              acked.push({ kind: "inquiry", id: res.json.id, text: token });
            else if (!stop)
              failures.push(`round ${round}: enquiry answered ${res.status} ${JSON.stringify(res.json)}`);
          } else if (pick === 1 || ticketIds.length === 0) {
            const res = await post(
              server,
              "/api/tickets",
              { purchaseId, subject: `Crash ticket ${n}`, description: token },
              cookie,
            );
            if (res.status === 201 && res.json.id) {
              acked.push({ kind: "ticket", id: res.json.id, text: token });
              ticketIds.push(res.json.id);
            } else if (!stop)
              failures.push(`round ${round}: ticket answered ${res.status} ${JSON.stringify(res.json)}`);
          } else {
            const ticketId = ticketIds[Math.floor(Math.random() * ticketIds.length)];
            const res = await post(server, `/api/tickets/${ticketId}/messages`, { body: token }, cookie);
            if (res.status === 201 && res.json.id)
              acked.push({ kind: "message", id: res.json.id, text: token });
            else if (!stop)
              failures.push(`round ${round}: message answered ${res.status} ${JSON.stringify(res.json)}`);
          }
        } catch {
          // the connection died with the server: the write may or may not have happened
          unacknowledged++;
          if (!stop) await sleep(20);
        }
      }
    };
    const ackedBefore = acked.length;
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    // kill at a random moment once writes are flowing, so every round cuts some off mid-flight
    for (let waited = 0; acked.length === ackedBefore && waited < 30_000; waited += 20) await sleep(20);
    await sleep(Math.random() * 1500);
    await server.kill();
    kills++;
    stop = true;
    await Promise.all(writers);
    if (failures.length) break;
    if (round % 10 === 0 || round === rounds) {
      log(
        `  ${backend}: round ${round}/${rounds}, ${acked.length} acknowledged writes, ${unacknowledged} cut off`,
      );
    }
  }
  // ticket ids only matter within the run
  ticketIds = [];

  // the database opens once more, and holds every acknowledged write
  const missing: string[] = [];
  try {
    const database = await open();
    const byKind = (k: Acked["kind"]) => acked.filter((a) => a.kind === k);
    const check = (k: Acked["kind"], rows: { id: number; text: string }[]) => {
      const found = new Map(rows.map((r) => [r.id, r.text]));
      for (const a of byKind(k)) if (found.get(a.id) !== a.text) missing.push(`${k} ${a.id} (${a.text})`);
    };
    const ids = (k: Acked["kind"]) => byKind(k).map((a) => a.id);
    if (ids("inquiry").length)
      check(
        "inquiry",
        (
          await database.db
            .select()
            .from(inquiries)
            .where(inArray(inquiries.id, ids("inquiry")))
        ).map((r) => ({
          id: r.id,
          text: r.message,
        })),
      );
    if (ids("ticket").length)
      check(
        "ticket",
        (
          await database.db
            .select()
            .from(tickets)
            .where(inArray(tickets.id, ids("ticket")))
        ).map((r) => ({
          id: r.id,
          text: r.description,
        })),
      );
    if (ids("message").length)
      check(
        "message",
        (
          await database.db
            .select()
            .from(ticketMessages)
            .where(inArray(ticketMessages.id, ids("message")))
        ).map((r) => ({ id: r.id, text: r.body })),
      );
    await database.close();
  } catch (err) {
    failures.push(`the database did not open after the last kill: ${(err as Error).message}`);
  }

  rmSync(dataDir, { recursive: true, force: true });
  if (dbName) await admin(`drop database if exists ${dbName} with (force)`);
  const count = (k: Acked["kind"]) => acked.filter((a) => a.kind === k).length;
  const result: CrashResult = {
    backend,
    rounds,
    kills,
    acknowledged: { inquiry: count("inquiry"), ticket: count("ticket"), message: count("message") },
    unacknowledged,
    missing: [...failures, ...missing.map((m) => `missing ${m}`)],
    startMs: { median: median(startTimes, 0), max: Math.max(0, ...startTimes) },
    ok: failures.length === 0 && missing.length === 0 && kills === rounds,
  };
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const options = commandOptions(
    { rounds: { type: "string" }, backend: { type: "string" } },
    "Usage: node --import tsx scripts/soak/crash.ts [--rounds N] [--backend pglite|postgres]",
  );
  const rounds = Number(options.rounds ?? 50);
  const backend = (options.backend ?? "pglite") as "pglite" | "postgres";
  const result = await runCrash(backend, rounds);
  console.log(JSON.stringify(result, null, 2));
  process.exit(result.ok ? 0 : 1);
}
