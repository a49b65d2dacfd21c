/**
 * The staff console at the business's size, as staff meet it: the production server
 * (`node`, NODE_ENV=production, the built client) on a database that already holds the
 * volume (`npm run seed:scale -- --tickets 100000`), signed in as a staff member.
 *
 *   - the ticket list calls through HTTP: first page, a filtered page, a page 200 pages
 *     deep, and searches by e-mail, phone and policy number; then the console's find box
 *     (GET /api/admin/find) with an e-mail, a common surname, a phone, a policy number and
 *     a ticket number: median and p95 of --runs calls each, and the answer's size;
 *   - `/admin` in Chromium: time from navigation until the first ticket row is in the
 *     page, and the page's JS heap once it has settled; medians of several loads.
 *
 * A call over its target is explained after the server stops, with the plans
 * (EXPLAIN ANALYZE) of the statements the same list query runs.
 *
 * The bench adds one staff account to the scale data when it has none of its own
 * ("bench-staff"), so it can sign in; nothing else in the data changes.
 */
import { randomBytes } from "node:crypto";
import { type AddressInfo, createServer } from "node:net";
import { eq, sql } from "drizzle-orm";
import { type Browser, chromium } from "playwright-core";
import { openDatabase } from "../../src/server/db/client.ts";
import { users } from "../../src/server/db/schema.ts";
import { ensureUser } from "../../src/server/db/seed/factories.ts";
import { CursorCodec } from "../../src/server/lib/keyset.ts";
import { hashPassword } from "../../src/server/modules/auth/password.ts";
import { listStaffTicketsPage, staffTicketQuery } from "../../src/server/modules/tickets/tickets.queries.ts";
import { findAnything } from "../../src/server/modules/users/find.queries.ts";
import { toPublicUser } from "../../src/server/modules/users/public-user.ts";
import { nextPageLink } from "../../src/shared/endpoints/define.ts";
import { TicketListQuerySchema } from "../../src/shared/endpoints/tickets.ts";
import { startServer } from "../../tests/support/server-process.ts";
import { median } from "../lib/median.ts";
import { openExplainingDatabase, searchSample } from "./staff-lists.ts";

export type ScaleKind = "postgres" | "pglite";

export interface ScaleTarget {
  kind: ScaleKind;
  databaseUrl?: string;
  dataDir?: string;
}

export const SCALE_TARGETS = {
  p95Ms: { postgres: 50, pglite: 150 },
  maxBytes: 100 * 1024,
  firstRowMs: { postgres: 1500, pglite: 2000 },
  heapMb: 60,
} as const;

export interface ScaleCall {
  name: string;
  medianMs: number;
  p95Ms: number;
  bytes: number;
  /** X-Total-Count, "~" before an estimate */
  total: string;
  met: boolean;
}

export interface ScaleBrowser {
  firstRowMs: number;
  /** until the page is hydrated (its controls work); reported, no target */
  hydratedMs: number;
  /** the JS heap in use once the page settled, and after a garbage collection */
  heapMb: number;
  heapAfterGcMb: number;
  rows: number;
  met: boolean;
  runs: number;
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
const ROW = '[data-testid^="ticket-row-"]';

/** the list calls measured, in the table's order */
const CALLS = [
  "first page",
  "filtered page (open + in progress, high + urgent, oldest first)",
  "page 201 (200 pages deep)",
  "search by customer e-mail",
  "search by phone",
  "search by policy number",
  "find box: a customer's e-mail",
  "find box: a common surname",
  "find box: a phone",
  "find box: a policy number",
  "find box: a ticket number",
] as const;

/** the endpoint a call of CALLS goes to, for the table */
const endpointOf = (name: string) =>
  name.startsWith("find box") ? "`GET /api/admin/find`" : "`GET /api/admin/tickets`";

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
    const [count] = (
      (await db.execute(sql`select count(*)::int as n from tickets`)) as unknown as { rows: { n: number }[] }
    ).rows;
    return { sample: await searchSample(db), tickets: Number(count.n) };
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

/** `/admin` in Chromium, `loads` times, each in a new browser context (nothing cached) */
async function measureBrowser(
  browser: Browser,
  base: string,
  cookie: { name: string; value: string },
  loads: number,
  kind: ScaleKind,
): Promise<ScaleBrowser & { resources: string[] }> {
  const firstRow: number[] = [];
  const hydrated: number[] = [];
  const heap: number[] = [];
  const heapAfterGc: number[] = [];
  let rows = 0;
  let resources: string[] = [];
  for (let i = 0; i < loads; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: cookie.name, value: cookie.value, url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/admin`, { waitUntil: "commit" });
    // Playwright watches for the row frame by frame; the page's clock is read the moment it shows
    try {
      await page.waitForSelector(ROW, { state: "visible", timeout: 120_000 });
    } catch (err) {
      await page.screenshot({ path: `.tmp/bench/admin-${kind}.png` });
      throw new Error(
        `no ticket row on /admin within 120 s (screenshot .tmp/bench/admin-${kind}.png): ${(err as Error).message.split("\n")[0]}`,
      );
    }
    firstRow.push(await page.evaluate(() => performance.now()));
    // the rows come with the HTML; the buttons in them work once the scripts have hydrated it
    await page.waitForSelector("html[data-hydrated=true]", { state: "attached", timeout: 120_000 });
    hydrated.push(await page.evaluate(() => performance.now()));
    await page.waitForLoadState("networkidle");
    rows = await page.locator(ROW).count();
    const cdp = await context.newCDPSession(page);
    heap.push((await cdp.send("Runtime.getHeapUsage")).usedSize / 2 ** 20);
    await cdp.send("HeapProfiler.collectGarbage");
    heapAfterGc.push((await cdp.send("Runtime.getHeapUsage")).usedSize / 2 ** 20);
    resources = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => e as PerformanceResourceTiming)
        .map(
          (e) =>
            `${new URL(e.name).pathname}${new URL(e.name).search}: starts ${Math.round(e.startTime)} ms, takes ${Math.round(e.duration)} ms, ${(e.transferSize / 1024).toFixed(1)} KB`,
        ),
    );
    await context.close();
  }
  const result = {
    firstRowMs: median(firstRow),
    hydratedMs: median(hydrated),
    heapMb: median(heap),
    heapAfterGcMb: median(heapAfterGc),
    rows,
    runs: loads,
    resources,
    met: false,
  };
  result.met = result.firstRowMs <= SCALE_TARGETS.firstRowMs[kind] && result.heapMb <= SCALE_TARGETS.heapMb;
  return result;
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
  const p95Target = SCALE_TARGETS.p95Ms[target.kind];
  const calls: (ScaleCall & { path: string })[] = [];
  let browserFigures: (ScaleBrowser & { resources: string[] }) | undefined;
  let browserSkipped: string | undefined;
  try {
    const base = server.url;
    const cookie = await signIn(base);
    const list = "/api/admin/tickets";
    // page 201: its address walked to once, outside the timing
    let deep = list;
    for (let i = 0; i < 200; i++) {
      const { res } = await timedGet(base + deep, cookie.header);
      const next = nextPageLink(res.headers.get("link"));
      if (!next) throw new Error(`${label}: the list ended after ${i + 1} pages`);
      deep = next;
    }
    const q = (s: string) => `${list}?q=${encodeURIComponent(s)}`;
    const paths = [
      list,
      `${list}?status=open,in_progress&priority=high,urgent&dir=asc`,
      deep,
      q(sample.email),
      q(sample.phone),
      q(sample.policy_number),
      ...[sample.email, "Iyer", sample.phone, sample.policy_number, `#${sample.ticket_id}`].map(
        (text) => `/api/admin/find?q=${encodeURIComponent(text)}`,
      ),
    ];
    const cases = CALLS.map((name, i) => [name, paths[i]] as const);
    for (const [name, path] of cases) {
      for (let i = 0; i < 3; i++) await timedGet(base + path, cookie.header);
      const times: number[] = [];
      let last: Awaited<ReturnType<typeof timedGet>> | undefined;
      for (let i = 0; i < runs; i++) {
        last = await timedGet(base + path, cookie.header);
        times.push(last.ms);
      }
      const counted = last!.res.headers.get("x-total-count");
      // the find box answers a few of each kind, with no total
      const total =
        counted === null ? "none" : `${last!.res.headers.get("x-total-count-estimate") ? "~" : ""}${counted}`;
      const call = {
        name,
        path,
        medianMs: median(times),
        p95Ms: percentile(times, 95),
        bytes: last!.bytes,
        total,
        met: percentile(times, 95) <= p95Target && last!.bytes <= SCALE_TARGETS.maxBytes,
      };
      calls.push(call);
      console.log(
        `  ${name.padEnd(70)} median ${call.medianMs.toFixed(1).padStart(6)} ms  p95 ${call.p95Ms.toFixed(1).padStart(6)} ms  ${(call.bytes / 1024).toFixed(1).padStart(5)} KB  total ${total}${call.met ? "" : "  MISSED"}`,
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

  // why: the plans of the same list queries, run in this process once the server is gone
  const missed = calls.filter((c) => !c.met);
  if (missed.length || (browserFigures && !browserFigures.met)) {
    const explaining = await openExplainingDatabase(target);
    try {
      const [staff] = await explaining.db.select().from(users).where(eq(users.username, STAFF.username));
      const actor = toPublicUser(staff);
      const codec = new CursorCodec(secret);
      const planOf = (name: string, path: string) => {
        const url = new URL(path, "http://x");
        if (url.pathname === "/api/admin/find") {
          const text = url.searchParams.get("q") ?? "";
          return explaining.printPlans(name, () => findAnything(explaining.db, text));
        }
        const query = TicketListQuerySchema.parse(Object.fromEntries(new URL(path, "http://x").searchParams));
        return explaining.printPlans(name, () =>
          listStaffTicketsPage(explaining.db, codec, actor, staffTicketQuery(query)),
        );
      };
      for (const c of missed) {
        console.log(
          `\n${label}: ${c.name} missed its target (p95 ${c.p95Ms.toFixed(1)} ms of ${p95Target}, ${(c.bytes / 1024).toFixed(1)} KB of 100)`,
        );
        await planOf(c.name, c.path);
      }
      if (browserFigures && !browserFigures.met) {
        console.log(
          `\n${label}: /admin missed its target (first row ${Math.round(browserFigures.firstRowMs)} ms of ${SCALE_TARGETS.firstRowMs[target.kind]}, heap ${browserFigures.heapMb.toFixed(1)} MB of ${SCALE_TARGETS.heapMb}). What the page loaded, in order:`,
        );
        for (const r of browserFigures.resources) console.log(`    ${r}`);
        const firstList = browserFigures.resources.find((r) => r.startsWith("/api/admin/tickets"));
        if (firstList) await planOf("/admin's ticket list", firstList.slice(0, firstList.indexOf(":")));
      }
    } finally {
      await explaining.close();
    }
  }
  return {
    kind: target.kind,
    tickets,
    calls: calls.map(({ path: _path, ...c }) => c),
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
  const rows: string[][] = CALLS.map((name) => {
    const call = (r: ScaleResult) => r.calls.find((c) => c.name === name);
    const show = (r: ScaleResult) => {
      const c = call(r);
      return c
        ? `median ${c.medianMs.toFixed(1)} ms, p95 ${c.p95Ms.toFixed(1)} ms, ${(c.bytes / 1024).toFixed(1)} KB (total ${c.total})`
        : "not run";
    };
    return [
      `${endpointOf(name)}: ${name}`,
      cell("postgres", show),
      cell("pglite", show),
      "p95 <= 50 ms / <= 150 ms, <= 100 KB",
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
    "<= 1.5 s / <= 2 s, heap <= 60 MB",
    verdict((r) => r.browser?.met),
  ]);
  const tickets = (results.postgres ?? results.pglite)?.tickets;
  const header = `Staff console at scale${tickets ? ` (${tickets.toLocaleString("en-IN")} tickets)` : ""}, through the production server signed in as staff; medians of several runs\n\n| figure | PostgreSQL | PGlite | target (PostgreSQL / PGlite) | verdict |\n| --- | --- | --- | --- | --- |`;
  return `${header}\n${rows.map((r) => `| ${r.join(" | ")} |`).join("\n")}`;
}
