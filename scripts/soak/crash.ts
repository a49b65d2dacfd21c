/**
 * Crash test: writers create enquiries, tickets and ticket messages through the API while
 * the server is killed with SIGKILL at a random moment, again and again. After every
 * restart the database must open, and at the end every write the API acknowledged (a 201
 * with an id) must be there with exactly the text that was sent.
 *
 * The server sends its e-mails to a real SMTP peer (smtp-server, slowed to 40 ms a message so
 * kills land mid-send). Each enquiry uses its own address; at the end every acknowledged
 * enquiry's acknowledgement must have arrived at least once (a resend after a crash carries
 * the same Message-ID, so duplicates are counted, not failed).
 *
 *   node --import tsx scripts/soak/crash.ts [--rounds 50] [--backend pglite|postgres]
 *
 * PostgreSQL uses a fresh database on TEST_DATABASE_URL's (or DATABASE_URL's) server.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import { commandOptions } from "../../src/server/cli/args.ts";
import { type Database, openDatabase } from "../../src/server/db/client.ts";
import { inquiries, ticketMessages, tickets } from "../../src/server/db/schema.ts";
import { seedBaseContent } from "../../src/server/db/seed/base-content.ts";
import { seedDemo } from "../../src/server/db/seed/demo.ts";
import { createScratchDatabase, type ScratchDatabase } from "../../tests/support/global-setup.ts";
import { type ServerProcess, startServer } from "../../tests/support/server-process.ts";
import { startSmtpPeer } from "../../tests/support/smtp-peer.ts";
import { median } from "../lib/median.ts";

const PASSWORD = "crash-password-1";
const WRITERS = 4;

interface Acked {
  kind: "inquiry" | "ticket" | "message";
  id: number;
  text: string;
  /** an enquiry's own address, where its acknowledgement must arrive */
  email?: string;
}

export interface CrashResult {
  backend: "pglite" | "postgres";
  rounds: number;
  kills: number;
  acknowledged: { inquiry: number; ticket: number; message: number };
  unacknowledged: number;
  missing: string[];
  startMs: { median: number; max: number };
  mail: {
    /** kills that landed while the SMTP peer was receiving a message */
    killsMidSend: number;
    acknowledgementsExpected: number;
    acknowledgementsArrived: number;
    /** the same Message-ID received more than once (at least once after a crash) */
    duplicates: number;
    received: number;
    /** from the last restart until the last acknowledgement arrived */
    catchUpMs: number;
  };
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
  let scratch: ScratchDatabase | undefined;
  const baseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const smtp = await startSmtpPeer({ delayMs: 40 });
  const env: Record<string, string | undefined> = {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    STAFF_EMAIL: "staff-crash@example.in",
    DATABASE_URL: undefined,
    RATE_LIMIT_FACTOR: "100000",
    SESSION_SECRET: randomBytes(24).toString("hex"),
    LOG_LEVEL: "info",
  };
  if (backend === "postgres") {
    if (!baseUrl) throw new Error("the PostgreSQL crash run needs TEST_DATABASE_URL or DATABASE_URL");
    scratch = await createScratchDatabase(baseUrl, "crash");
    env.DATABASE_URL = scratch.url;
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
  let killsMidSend = 0;

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
        const hex = randomBytes(3).toString("hex");
        const token = `crash r${round} w${w} n${n} ${hex}`;
        const email = `crash-r${round}-w${w}-n${n}-${hex}@example.in`;
        const pick = n % 3;
        try {
          if (pick === 0) {
            const res = await post(server, "/api/inquiries", {
              name: "Crash Test",
              email,
              phone: "9840044444",
              interest: "custom",
              message: token,
            });
            if (res.status === 201 && res.json.id)
              acked.push({ kind: "inquiry", id: res.json.id, text: token, email });
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
    const midSend = smtp.inFlight > 0;
    await server.kill();
    kills++;
    if (midSend) killsMidSend++;
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

  // every acknowledged enquiry's acknowledgement arrives, once the server runs again
  const expected = acked.filter((a) => a.kind === "inquiry").map((a) => a.email!);
  const arrivedFor = () => {
    const to = new Set(
      smtp.received
        .filter((m) => m.parsed.subject && !m.rcptTo.includes("staff-crash@example.in"))
        .flatMap((m) => m.rcptTo),
    );
    return expected.filter((e) => to.has(e));
  };
  let catchUpMs = 0;
  if (!failures.length) {
    try {
      // the jobs the killed processes had claimed are leased to them for 5 minutes; end those
      // leases now, as if the time had passed, so the final process takes them again
      const database = await open();
      await database.db.execute(sql`update jobs set locked_until = null where status = 'running'`);
      await database.close();
      const t0 = Date.now();
      const server = await startServer(env, { timeoutMs: 120_000 });
      while (arrivedFor().length < expected.length && Date.now() - t0 < 180_000) await sleep(200);
      catchUpMs = Date.now() - t0;
      await server.stop();
    } catch (err) {
      failures.push(`the last restart failed: ${(err as Error).message.slice(0, 500)}`);
    }
    const got = new Set(arrivedFor());
    const lost = expected.filter((e) => !got.has(e));
    for (const e of lost.slice(0, 20)) missing.push(`acknowledgement e-mail to ${e}`);
    if (lost.length > 20) missing.push(`... and ${lost.length - 20} more acknowledgement e-mails`);
  }
  const ids = smtp.received.map((m) => m.parsed.messageId ?? "");
  const duplicates = ids.length - new Set(ids).size;
  const received = smtp.received.length;
  await smtp.close();

  rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
  const count = (k: Acked["kind"]) => acked.filter((a) => a.kind === k).length;
  const result: CrashResult = {
    backend,
    rounds,
    kills,
    acknowledged: { inquiry: count("inquiry"), ticket: count("ticket"), message: count("message") },
    unacknowledged,
    missing: [...failures, ...missing.map((m) => `missing ${m}`)],
    startMs: { median: median(startTimes, 0), max: Math.max(0, ...startTimes) },
    mail: {
      killsMidSend,
      acknowledgementsExpected: expected.length,
      acknowledgementsArrived: arrivedFor().length,
      duplicates,
      received,
      catchUpMs,
    },
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
