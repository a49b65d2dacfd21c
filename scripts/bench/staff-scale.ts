/**
 * The staff console at the business's size, as staff meet it: the production server
 * (`node`, NODE_ENV=production, the built client) on a database that already holds the
 * volume (`npm run seed:scale -- --tickets 1000000`), signed in as a staff member.
 *
 *   - every call of staff-scale-calls.ts through HTTP, one at a time: the four lists with
 *     many filter combinations, search, the find box, the counters, the metrics and the CSV
 *     exports (to their first byte): median and p95 of --runs calls each (a row of several
 *     addresses: of all their calls, naming the slowest), and the answer's size;
 *   - `/admin` in Chromium (staff-scale-browser.ts): time from navigation until the first
 *     ticket row is in the page, and the page's JS heap once it has settled.
 *
 * A call over its target is explained after the server stops, with the plans (EXPLAIN
 * ANALYZE) of the statements the same call runs (staff-scale-explain.ts).
 *
 * The bench adds one staff account to the scale data when it has none of its own
 * ("bench-staff"), so it can sign in; nothing else in the data changes.
 */
import { randomBytes } from "node:crypto";
import { type AddressInfo, createServer } from "node:net";
import { eq, sql } from "drizzle-orm";
import { type Browser, chromium } from "playwright-core";
import { openDatabase } from "../../src/server/db/client.ts";
import { rowsOf } from "../../src/server/db/rows.ts";
import { users } from "../../src/server/db/schema.ts";
import { ensureUser } from "../../src/server/db/seed/factories.ts";
import { hashPassword } from "../../src/server/modules/auth/password.ts";
import { nextPageLink } from "../../src/shared/endpoints/define.ts";
import { startServer } from "../../tests/support/server-process.ts";
import { median } from "../lib/median.ts";
import { BROWSER_TARGETS, measureBrowser, type ScaleBrowser, type ScaleKind } from "./staff-scale-browser.ts";
import { type ScaleCallSpec, scaleCalls, scaleSample } from "./staff-scale-calls.ts";
import { explainMissed, type Missed } from "./staff-scale-explain.ts";

export type { ScaleKind };

export interface ScaleTarget {
  kind: ScaleKind;
  databaseUrl?: string;
  dataDir?: string;
}

/** every staff answer, on PostgreSQL at 1,000,000 tickets and on PGlite at 100,000 */
export const SCALE_TARGETS = { p95Ms: 100, maxBytes: 100 * 1024 } as const;

export interface ScaleCall {
  name: string;
  medianMs: number;
  p95Ms: number;
  bytes: number;
  /** X-Total-Count, "~" before an estimate; "none" where the answer has no total */
  total: string;
  met: boolean;
  /** of a row of several addresses: how many, and the slowest (by median) */
  paths: number;
  slowest?: string;
}

export interface ScaleResult {
  kind: ScaleKind;
  tickets: number;
  calls: ScaleCall[];
  browser?: ScaleBrowser;
  /** why the browser row was not measured */
  browserSkipped?: string;
}

const STAFF = {
  username: "bench-staff",
  password: "bench-staff-password-8d41",
  firstName: "Bench",
  lastName: "Staff",
  email: "bench-staff@example.in",
};

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** the staff account the bench signs in as, and the search values, read before the server starts */
async function prepare(target: ScaleTarget) {
  const database = await openDatabase(target);
  try {
    // the server migrates at start too; doing it first lets the account be written here
    await database.migrate();
    const { db } = database;
    // an account of its own, with a password it knows, whatever the data held before
    const staff = await ensureUser(db, { ...STAFF, role: "admin" });
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(STAFF.password), role: "admin" })
      .where(eq(users.id, staff.id));
    const [count] = await rowsOf<{ n: number }>(db.execute(sql`select count(*)::int as n from tickets`));
    return { sample: await scaleSample(db), tickets: Number(count.n) };
  } finally {
    await database.close();
  }
}

async function signIn(base: string): Promise<{ header: string; name: string; value: string }> {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: STAFF.username, password: STAFF.password }),
  });
  if (res.status !== 200) throw new Error(`bench staff sign-in answered ${res.status}: ${await res.text()}`);
  const [pair] = (res.headers.get("set-cookie") ?? "").split(";");
  const eq = pair.indexOf("=");
  return { header: pair, name: pair.slice(0, eq), value: pair.slice(eq + 1) };
}

export async function timedGet(url: string, cookie: string) {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body.toString().slice(0, 300)}`);
  return { ms, res, bytes: body.length };
}

/** an export's time to its first byte of data: the rest of the download is cancelled */
async function timedFirstByte(url: string, cookie: string) {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  if (res.status !== 200)
    throw new Error(`${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const reader = res.body!.getReader();
  const first = await reader.read();
  const ms = performance.now() - t0;
  await reader.cancel();
  return { ms, res, bytes: first.value?.length ?? 0 };
}

/** one row: each of its addresses warmed up, then called until the row has about `runs` calls */
async function measureCall(base: string, cookie: string, spec: ScaleCallSpec, runs: number) {
  const call = spec.firstByte ? timedFirstByte : timedGet;
  const each = Math.max(2, Math.ceil(runs / spec.paths.length));
  const times: number[] = [];
  const perPath: { path: string; median: number }[] = [];
  let last: Awaited<ReturnType<typeof timedGet>> | undefined;
  let bytes = 0;
  for (const path of spec.paths) {
    for (let i = 0; i < (spec.paths.length > 1 ? 1 : 3); i++) await call(base + path, cookie);
    const mine: number[] = [];
    for (let i = 0; i < each; i++) {
      last = await call(base + path, cookie);
      mine.push(last.ms);
      bytes = Math.max(bytes, last.bytes);
    }
    times.push(...mine);
    perPath.push({ path, median: median(mine) });
  }
  const counted = last!.res.headers.get("x-total-count");
  const slowest = perPath.reduce((a, b) => (b.median > a.median ? b : a));
  const p95Ms = percentile(times, 95);
  return {
    name: spec.name,
    medianMs: median(times),
    p95Ms,
    bytes,
    // the find box and the counters answer no total; a row of several addresses shows none
    total:
      counted === null || spec.paths.length > 1
        ? "none"
        : `${last!.res.headers.get("x-total-count-estimate") ? "~" : ""}${counted}`,
    met: p95Ms <= SCALE_TARGETS.p95Ms && (spec.firstByte || bytes <= SCALE_TARGETS.maxBytes),
    paths: spec.paths.length,
    slowest: spec.paths.length > 1 ? slowest.path : undefined,
    slowestPath: slowest.path,
  };
}

export async function measureScale(
  target: ScaleTarget,
  { runs = 20, loads = 5, browser = true } = {},
): Promise<ScaleResult> {
  const label = target.kind === "postgres" ? "PostgreSQL" : "PGlite";
  console.log(`\nStaff console at scale on ${label} (${target.databaseUrl ?? target.dataDir})`);
  const { sample, tickets } = await prepare(target);
  if (!sample) throw new Error(`${label}: no customer with tickets in the scale data`);
  const secret = randomBytes(24).toString("hex");
  // in production the server answers only to its own address, so it is chosen here
  const port = await freePort();
  const server = await startServer(
    {
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "info",
      SESSION_SECRET: secret,
      RATE_LIMIT_FACTOR: "1000",
      DATABASE_URL: target.databaseUrl,
      DATA_DIR: target.dataDir,
    },
    { timeoutMs: 600_000 },
  );
  const calls: (ScaleCall & { slowestPath: string })[] = [];
  let browserFigures: Awaited<ReturnType<typeof measureBrowser>> | undefined;
  let browserSkipped: string | undefined;
  try {
    const base = server.url;
    const cookie = await signIn(base);
    // page 201 of every ticket, newest first: its address walked to once, outside the timing
    // (the queue alone is 4,500 tickets at 100,000, fewer than 201 pages)
    let deep = "/api/admin/tickets?status=all&sort=created";
    for (let i = 0; i < 200; i++) {
      const { res } = await timedGet(base + deep, cookie.header);
      const next = nextPageLink(res.headers.get("link"));
      if (!next) throw new Error(`${label}: the list ended after ${i + 1} pages`);
      deep = next;
    }
    for (const spec of scaleCalls(sample, deep)) {
      const call = await measureCall(base, cookie.header, spec, runs);
      calls.push(call);
      console.log(
        `  ${spec.name.padEnd(78)} median ${call.medianMs.toFixed(1).padStart(6)} ms  p95 ${call.p95Ms.toFixed(1).padStart(6)} ms  ${(call.bytes / 1024).toFixed(1).padStart(5)} KB  total ${call.total}${call.met ? "" : "  MISSED"}`,
      );
    }

    if (browser) {
      let chrome: Browser | undefined;
      try {
        chrome = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
      } catch (err) {
        browserSkipped = `Chromium did not start: ${(err as Error).message.split("\n")[0]}`;
      }
      if (chrome) {
        try {
          browserFigures = await measureBrowser(chrome, base, cookie, loads, target.kind).catch((err) => {
            browserSkipped = `failed: ${(err as Error).message.split("\n")[0]}`;
            return undefined;
          });
          if (browserFigures)
            console.log(
              `  /admin in Chromium: first ticket row ${Math.round(browserFigures.firstRowMs)} ms, hydrated ${Math.round(browserFigures.hydratedMs)} ms, JS heap ${browserFigures.heapMb.toFixed(1)} MB (${browserFigures.heapAfterGcMb.toFixed(1)} MB after GC), ${browserFigures.rows} rows; median of ${loads} loads${browserFigures.met ? "" : "  MISSED"}`,
            );
        } finally {
          await chrome.close();
        }
      }
    } else {
      browserSkipped = "not run (--no-scale-browser)";
    }
  } finally {
    const code = await server.stop();
    if (code !== 0) console.log(`server exited with ${code}:\n${server.output().slice(-2000)}`);
  }

  // why: the plans of the statements each missed call runs, once the server is gone
  const missed: Missed[] = calls
    .filter((c) => !c.met)
    .map((c) => ({
      name: `${label}: ${c.name}`,
      why: `p95 ${c.p95Ms.toFixed(1)} ms of ${SCALE_TARGETS.p95Ms}, ${(c.bytes / 1024).toFixed(1)} KB of 100${c.slowest ? "; its slowest address" : ""}`,
      path: c.slowestPath,
    }));
  if (browserFigures && !browserFigures.met) {
    console.log(
      `\n${label}: /admin missed its target (first row ${Math.round(browserFigures.firstRowMs)} ms of ${BROWSER_TARGETS.firstRowMs}, heap ${browserFigures.heapMb.toFixed(1)} MB of ${BROWSER_TARGETS.heapMb}). What the page loaded, in order:`,
    );
    for (const r of browserFigures.resources) console.log(`    ${r}`);
    // the reads the server made while rendering it are the same calls the console makes
    for (const path of ["/api/admin/stats", "/api/admin/staff", "/api/admin/tickets"])
      missed.push({ name: `${label}: /admin's read ${path}`, why: "the page missed its target", path });
  }
  await explainMissed(target, secret, STAFF, missed);
  return {
    kind: target.kind,
    tickets,
    calls: calls.map(({ slowestPath: _path, ...c }) => c),
    browser: browserFigures && (({ resources: _resources, ...figures }) => figures)(browserFigures),
    browserSkipped,
  };
}

/** The rows of the bench's table: each figure on PostgreSQL and PGlite side by side with its targets */
export function scaleTable(
  results: Partial<Record<ScaleKind, ScaleResult>>,
  skipped: Partial<Record<ScaleKind, string>>,
) {
  const cell = (kind: ScaleKind, f: (r: ScaleResult) => string) => {
    const r = results[kind];
    return r ? f(r) : (skipped[kind] ?? "not run");
  };
  const verdict = (f: (r: ScaleResult) => boolean | undefined) => {
    const vs = (["postgres", "pglite"] as const).map((k) => (results[k] ? f(results[k]!) : undefined));
    if (vs.every((v) => v === undefined)) return "not run";
    if (vs.some((v) => v === false)) return "**missed**";
    return vs.some((v) => v === undefined) ? "met where run" : "met";
  };
  // the rows in the calls' order; the same names on both databases
  const names = [
    ...new Set([...(results.postgres?.calls ?? []), ...(results.pglite?.calls ?? [])].map((c) => c.name)),
  ];
  const rows: string[][] = names.map((name) => {
    const call = (r: ScaleResult) => r.calls.find((c) => c.name === name);
    const show = (r: ScaleResult) => {
      const c = call(r);
      if (!c) return "not run";
      const size =
        c.total === "none"
          ? `${(c.bytes / 1024).toFixed(1)} KB`
          : `${(c.bytes / 1024).toFixed(1)} KB (total ${c.total})`;
      const slowest = c.slowest ? `; slowest \`${c.slowest}\`` : "";
      return `median ${c.medianMs.toFixed(1)} ms, p95 ${c.p95Ms.toFixed(1)} ms, ${size}${slowest}`;
    };
    return [
      name,
      cell("postgres", show),
      cell("pglite", show),
      `p95 <= ${SCALE_TARGETS.p95Ms} ms${name.startsWith("CSV") ? "" : ", <= 100 KB"}`,
      verdict((r) => call(r)?.met),
    ];
  });
  const browserCell = (r: ScaleResult) =>
    r.browser
      ? `first row ${Math.round(r.browser.firstRowMs)} ms (hydrated ${Math.round(r.browser.hydratedMs)} ms), JS heap ${r.browser.heapMb.toFixed(1)} MB (${r.browser.heapAfterGcMb.toFixed(1)} MB after GC), ${r.browser.rows} rows shown`
      : (r.browserSkipped ?? "not run");
  rows.push([
    "`/admin` in Chromium (production build): first ticket row, JS heap",
    cell("postgres", browserCell),
    cell("pglite", browserCell),
    `<= ${BROWSER_TARGETS.firstRowMs / 1000} s, heap <= ${BROWSER_TARGETS.heapMb} MB`,
    verdict((r) => r.browser?.met),
  ]);
  const size = (kind: ScaleKind) => results[kind]?.tickets.toLocaleString("en-IN") ?? "-";
  const header = `Staff console at scale (PostgreSQL: ${size("postgres")} tickets, PGlite: ${size("pglite")}), through the production server signed in as staff; medians and p95 of about 20 calls a row (a row of several addresses: of all their calls, naming the slowest)\n\n| figure | PostgreSQL | PGlite | target | verdict |\n| --- | --- | --- | --- | --- |`;
  return `${header}\n${rows.map((r) => `| ${r.join(" | ")} |`).join("\n")}`;
}
