/**
 * The Lighthouse row of the benchmark: Lighthouse 12 (mobile, simulated throttling, the default
 * config) on the public pages, against a control that serves the same HTML and CSS with no
 * script at all, so the LCP ratio shows what hydration and the page's own scripts cost.
 *
 *   node --import tsx scripts/bench/lighthouse.ts [--runs 5] [--paths /,/b2c]
 *
 * Run directly it builds the client when needed, starts the production server on a fresh
 * seeded PGlite, prints a markdown table and writes it to .tmp/bench/lighthouse/table.md;
 * every Lighthouse report is kept under .tmp/bench/lighthouse/ to look up failing audits.
 * `runLighthouse()` does the measuring against a server that is already running.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result as LighthouseResult } from "lighthouse";
import { commandOptions } from "../../src/server/cli/args.ts";
import { median } from "../lib/median.ts";

export const DEFAULT_PATHS = ["/", "/b2c", "/city/chennai"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const OUT_DIR = ".tmp/bench/lighthouse";
const CHROME_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** the targets this row is judged by */
export const TARGETS = { performance: 95, accessibility: 100, bestPractices: 100, seo: 100, lcpRatio: 1.25 };

export interface SideFigures {
  /** category scores, 0-100, median over the runs that completed */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** simulated (mobile, slow 4G, 4x CPU) metrics in ms, medians */
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** runs that produced a report without a runtime error */
  runs: number;
  /** audits that scored below 1 in a scored category: id -> in how many runs */
  failingAudits: Record<string, number>;
  reports: string[];
}

export interface LighthouseRow {
  path: string;
  app: SideFigures;
  control: SideFigures;
  /** app LCP / control LCP (medians) */
  lcpRatio: number;
  /** Lighthouse's CPU benchmark of the machine during the runs (median): higher is faster, and it drops while other work shares the cores */
  benchmarkIndex: number;
  met: boolean;
}

const slug = (p: string) => (p === "/" ? "home" : p.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-"));

interface StaticFile {
  type: string;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The control: the app's HTML for each page with every <script> (inline state, JSON-LD,
 * the theme snippet and the bundle) and every modulepreload removed, and the same
 * stylesheets, icon, images and robots.txt served from memory at the same paths with the
 * app's content types. Bodies are compressed once (brotli 9, like the app's page cache),
 * so the only difference Lighthouse sees is the script.
 */
export async function startControl(
  appUrl: string,
  paths: string[],
): Promise<{ url: string; close(): Promise<void> }> {
  const files = new Map<string, StaticFile>();
  const server = http.createServer((req, res) => {
    const f = files.get((req.url ?? "/").split("?")[0]);
    if (!f || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found");
      return;
    }
    const accept = String(req.headers["accept-encoding"] ?? "");
    const [encoding, body] = /\bbr\b/.test(accept)
      ? ["br", f.br]
      : /\bgzip\b/.test(accept)
        ? ["gzip", f.gzip]
        : [undefined, f.body];
    res.writeHead(200, {
      "content-type": f.type,
      "content-length": body.length,
      vary: "accept-encoding",
      ...(encoding ? { "content-encoding": encoding } : {}),
    });
    res.end(req.method === "HEAD" ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const add = (p: string, type: string, body: Buffer) =>
    files.set(p, {
      type,
      body,
      br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(body, { level: 9 }),
    });
  const fetchAsset = async (p: string) => {
    if (files.has(p)) return;
    const res = await fetch(appUrl + p);
    if (!res.ok) throw new Error(`control: GET ${p} on the app answered ${res.status}`);
    add(
      p,
      res.headers.get("content-type") ?? "application/octet-stream",
      Buffer.from(await res.arrayBuffer()),
    );
  };

  for (const p of paths) {
    const res = await fetch(appUrl + p);
    if (!res.ok) throw new Error(`control: GET ${p} on the app answered ${res.status}`);
    const html = (await res.text())
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/gi, "")
      .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>\s*/gi, "")
      // canonical, og:url and JSON-LD name the origin the page was asked on: the control's own
      .replaceAll(appUrl, url);
    add(p, res.headers.get("content-type") ?? "text/html; charset=utf-8", Buffer.from(html));
    // everything the browser would load for this page besides scripts: stylesheets, icon, images
    const refs = [
      ...html.matchAll(/<link\b[^>]*\bhref="(\/[^"]*)"[^>]*>/gi),
      ...html.matchAll(/<img\b[^>]*\bsrc="(\/[^"]*)"/gi),
    ]
      .filter((m) => !/\brel="canonical"/.test(m[0]))
      .map((m) => m[1]);
    for (const ref of refs) await fetchAsset(ref);
  }
  await fetchAsset("/robots.txt");
  // CSS may pull in fonts or images of its own; none today, but they would belong to the control too
  for (const f of [...files.values()]) {
    if (!f.type.startsWith("text/css")) continue;
    for (const m of f.body.toString("utf8").matchAll(/url\(\s*["']?(\/[^"')]+)["']?\s*\)/g))
      await fetchAsset(m[1]);
  }
  return {
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface OneRun {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  benchmarkIndex: number;
  failing: string[];
  report: string;
}

/**
 * One Lighthouse run in its own Chrome. Lighthouse recommends a fresh browser per run
 * (docs/variability.md): it clears the HTTP cache and storage between runs, but not the
 * compiled-code cache, sockets or whatever memory the previous page left behind, and a
 * hung Chrome then costs one run instead of the rest of the set. Launching Chromium takes
 * about half a second here, against 10-15 s for the run itself.
 */
async function runOnce(url: string, reportFile: string): Promise<OneRun | { error: string }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (!result) return { error: "no result" };
    writeFileSync(reportFile, result.report as string);
    const lhr: LighthouseResult = result.lhr;
    if (lhr.runtimeError) return { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? Number.NaN) * 100)]),
    ) as OneRun["scores"];
    const failing = new Set<string>();
    for (const c of CATEGORIES) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        // weight 0 audits (diagnostics, metrics are reported as numbers) do not move the score
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) failing.add(`${c}/${ref.id}`);
      }
    }
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      scores,
      lcpMs: metric("largest-contentful-paint"),
      fcpMs: metric("first-contentful-paint"),
      tbtMs: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      failing: [...failing],
      report: reportFile,
    };
  } finally {
    chrome.kill();
  }
}

function summarize(runs: OneRun[], reports: string[]): SideFigures {
  const failingAudits: Record<string, number> = {};
  for (const r of runs) for (const id of r.failing) failingAudits[id] = (failingAudits[id] ?? 0) + 1;
  return {
    performance: median(runs.map((r) => r.scores.performance)),
    accessibility: median(runs.map((r) => r.scores.accessibility)),
    bestPractices: median(runs.map((r) => r.scores["best-practices"])),
    seo: median(runs.map((r) => r.scores.seo)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    runs: runs.length,
    failingAudits,
    reports,
  };
}

/**
 * Lighthouse `runs` times on each path of the app at `baseUrl` and on the control, one
 * after the other and alternating which goes first, so drift in the machine's load (other
 * work on a shared machine moves simulated metrics too: Lighthouse scales the trace it
 * observed) falls on both sides alike.
 */
export async function runLighthouse(opts: {
  baseUrl: string;
  runs?: number;
  paths?: string[];
  log?: (line: string) => void;
}): Promise<LighthouseRow[]> {
  const runs = opts.runs ?? 5;
  const paths = opts.paths ?? DEFAULT_PATHS;
  const log = opts.log ?? ((line: string) => console.log(line));
  mkdirSync(OUT_DIR, { recursive: true });
  const control = await startControl(opts.baseUrl, paths);
  const sides = ["app", "control"] as const;
  const done = new Map(paths.map((p) => [p, { app: [] as OneRun[], control: [] as OneRun[] }]));
  const reports = new Map(paths.map((p) => [p, { app: [] as string[], control: [] as string[] }]));
  try {
    for (let i = 1; i <= runs; i++) {
      for (const p of paths) {
        for (const side of i % 2 ? sides : [...sides].reverse()) {
          const file = path.join(OUT_DIR, `${slug(p)}-${side}-${i}.json`);
          const url = (side === "app" ? opts.baseUrl : control.url) + p;
          const t0 = performance.now();
          let r = await runOnce(url, file);
          // Lighthouse now and then loses the trace of a load (NO_NAVSTART, NO_FCP on a busy
          // machine): one more try, so a flake costs a run's time and not a sample
          if ("error" in r) {
            log(`  run ${i} ${p} ${side}: ${r.error}; trying once more`);
            r = await runOnce(url, file);
          }
          const secs = ((performance.now() - t0) / 1000).toFixed(0);
          reports.get(p)![side].push(file);
          if ("error" in r) {
            log(`  run ${i} ${p} ${side}: failed again (${r.error}), ${secs} s`);
            continue;
          }
          done.get(p)![side].push(r);
          log(
            `  run ${i} ${p} ${side}: perf ${r.scores.performance} a11y ${r.scores.accessibility} bp ${r.scores["best-practices"]} seo ${r.scores.seo} LCP ${Math.round(r.lcpMs)} ms TBT ${Math.round(r.tbtMs)} ms, ${secs} s`,
          );
        }
      }
    }
  } finally {
    await control.close();
  }
  return paths.map((p) => {
    const got = done.get(p)!;
    const app = summarize(got.app, reports.get(p)!.app);
    const ctl = summarize(got.control, reports.get(p)!.control);
    const lcpRatio = app.lcpMs / ctl.lcpMs;
    return {
      path: p,
      app,
      control: ctl,
      lcpRatio,
      benchmarkIndex: median([...got.app, ...got.control].map((r) => r.benchmarkIndex)),
      met:
        app.runs > 0 &&
        app.performance >= TARGETS.performance &&
        app.accessibility >= TARGETS.accessibility &&
        app.bestPractices >= TARGETS.bestPractices &&
        app.seo >= TARGETS.seo &&
        lcpRatio <= TARGETS.lcpRatio,
    };
  });
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "-");

/** the row(s) as a markdown table, medians; failing audits listed beneath */
export function lighthouseTable(rows: LighthouseRow[], runs: number): string {
  const lines = [
    `| page | side | performance | accessibility | best practices | SEO | LCP ms | FCP ms | TBT ms | CLS | LCP app/control | verdict |`,
    `| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |`,
  ];
  for (const r of rows) {
    for (const side of ["app", "control"] as const) {
      const s = r[side];
      const isApp = side === "app";
      lines.push(
        `| \`${r.path}\` | ${side}${s.runs < runs ? ` (${s.runs}/${runs} runs)` : ""} | ${fmt(s.performance)} | ${fmt(s.accessibility)} | ${fmt(s.bestPractices)} | ${fmt(s.seo)} | ${fmt(s.lcpMs)} | ${fmt(s.fcpMs)} | ${fmt(s.tbtMs)} | ${fmt(s.cls, 3)} | ${isApp ? fmt(r.lcpRatio, 2) : ""} | ${isApp ? (r.met ? "met" : "**missed**") : ""} |`,
      );
    }
  }
  lines.push("");
  lines.push(
    `Medians of ${runs} runs per side, Lighthouse 12 mobile (simulated slow 4G, 4x CPU slowdown); targets: performance >= ${TARGETS.performance}, accessibility/best practices/SEO 100, LCP <= ${TARGETS.lcpRatio} x the control's. Lighthouse benchmarkIndex of this machine: ${rows.map((r) => fmt(r.benchmarkIndex)).join(", ")}.`,
  );
  for (const r of rows) {
    const failing = Object.entries(r.app.failingAudits).sort((a, b) => b[1] - a[1]);
    if (failing.length) {
      lines.push(
        `- \`${r.path}\` app audits below 1: ${failing.map(([id, n]) => `${id} (${n}/${r.app.runs})`).join(", ")}`,
      );
    }
  }
  return lines.join("\n");
}

/**
 * The whole measurement on its own server: the production server on a fresh seeded PGlite
 * (HSTS and upgrade-insecure-requests included: Chrome ignores HSTS on plain http and does
 * not upgrade requests to 127.0.0.1, a trustworthy origin), Lighthouse, then the table
 * written to .tmp/bench/lighthouse/. `npm run bench` calls this for its Lighthouse row.
 */
export async function measureLighthouse(opts: { runs?: number; paths?: string[] } = {}) {
  const runs = opts.runs ?? 5;
  const paths = opts.paths ?? DEFAULT_PATHS;
  const { prepareDatabase } = await import("../soak/prepare.ts");
  const { startServer } = await import("../../tests/support/server-process.ts");
  const t0 = performance.now();
  const prepared = await prepareDatabase("pglite");
  const server = await startServer({ ...prepared.env, NODE_ENV: "production" });
  try {
    // Warm-up: the first request of a page renders it and fills the guest-page cache. The
    // cache keeps a page 60 s, so some runs find it expired and wait for a render, as a
    // visitor would after a quiet minute.
    for (const p of paths) await (await fetch(server.url + p)).arrayBuffer();
    console.log(`Lighthouse ${runs} x ${paths.length} pages x (app, control)`);
    const rows = await runLighthouse({ baseUrl: server.url, runs, paths });
    const table = lighthouseTable(rows, runs);
    mkdirSync(OUT_DIR, { recursive: true });
    writeFileSync(path.join(OUT_DIR, "table.md"), `${table}\n`);
    writeFileSync(path.join(OUT_DIR, "results.json"), JSON.stringify(rows, null, 2));
    return { rows, table, seconds: Math.round((performance.now() - t0) / 1000) };
  } finally {
    await server.stop();
    await prepared.cleanup();
  }
}

async function main() {
  const built = spawnSync(process.execPath, ["scripts/build-if-missing.mjs"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
  const options = commandOptions(
    { runs: { type: "string" }, paths: { type: "string" } },
    "Usage: npm run bench:lighthouse -- [--runs N] [--paths /,/b2c]",
  );
  const { table, seconds } = await measureLighthouse({
    runs: Number(options.runs ?? 5),
    paths: options.paths?.split(","),
  });
  console.log(`\n${table}\n`);
  console.log(`reports in ${OUT_DIR}/, ${seconds} s in all`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
