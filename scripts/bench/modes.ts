// The bench's single modes (`--scale-only`, `--uploads-only`, ...), each on its own.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchBackend } from "./backend.ts";
import { METRICS_TARGET_MS, measureMetrics } from "./metrics-scale.ts";
import { HOME_TARGET, PUBLIC_TARGET, publicNote, publicRows } from "./notes.ts";
import { CONNECTIONS, OUT_DIR, options, pin, pinnable, ROUNDS, SECONDS } from "./options.ts";
import { DEFAULT_PARTNER_PG, measurePartnerScale, partnerTable } from "./partner-scale.ts";
import { measureScale, type ScaleKind, type ScaleResult, scaleTable } from "./staff-scale.ts";
import { measureUploads, uploadRows } from "./uploads.ts";

/**
 * The staff console at scale on each database given, one after the other (each run has
 * the machine to itself); a database not given is a row that says why it was not run.
 */
export async function benchScale(): Promise<string> {
  const results: Partial<Record<ScaleKind, ScaleResult>> = {};
  const skipped: Partial<Record<ScaleKind, string>> = {};
  const loadBefore = os.loadavg()[0];
  const how = (n: string) => `made by \`npm run seed:scale -- --tickets ${n}\``;
  const given: [ScaleKind, string | undefined, string][] = [
    [
      "postgres",
      options["scale-pg"],
      `not run: no scale database (--scale-pg URL of a database ${how("1000000")})`,
    ],
    ["pglite", options["scale-dir"], `not run: no scale data (--scale-dir DATA_DIR ${how("100000")})`],
  ];
  for (const [kind, where, reason] of given) {
    if (!where) {
      skipped[kind] = reason;
      console.log(`
staff console at scale, ${kind}: ${reason}`);
      continue;
    }
    try {
      results[kind] = await measureScale(
        kind === "postgres" ? { kind, databaseUrl: where } : { kind, dataDir: where },
        {
          runs: Number(options["scale-runs"] ?? 20),
          loads: Number(options["scale-loads"] ?? 5),
          browser: !options["no-scale-browser"],
        },
      );
    } catch (err) {
      skipped[kind] = `failed: ${(err as Error).message.split("\n")[0]}`;
      console.error(err);
    }
  }
  const load = os.loadavg()[0];
  return `${scaleTable(results, skipped)}\n\nLoad average ${loadBefore.toFixed(1)} before, ${load.toFixed(1)} after on ${os.cpus().length} cores (other work on the machine slows every figure).`;
}

/**
 * The partner dashboard at 20,000 homes, on a scratch database of the PostgreSQL server of
 * --partner-pg (the local one unless said): its table, or a line saying why it did not run.
 */
export async function benchPartner(): Promise<string> {
  if (spawnSync("node", ["scripts/build-if-missing.mjs"], { stdio: "inherit" }).status !== 0)
    throw new Error("build failed");
  try {
    const table = partnerTable(await measurePartnerScale(options["partner-pg"] ?? DEFAULT_PARTNER_PG));
    writeFileSync(path.join(OUT_DIR, "partner.md"), `${table}\n`);
    return table;
  } catch (err) {
    console.error(err);
    return `Partner dashboard at scale: not run (${(err as Error).message.split("\n")[0]}).`;
  }
}

/** `--partner-only`: the partner dashboard at 20,000 homes */
export async function partnerOnly() {
  console.log(`\n${await benchPartner()}\n\n(written to ${OUT_DIR}/partner.md)`);
}

/** `--uploads-only`: a 10 MB photo stored with its thumbnail, and ten uploads at once */
export async function uploadsOnly() {
  // a separate arm: a 10 MB photo stored with its thumbnail, and ten uploads at once
  const table = [
    "| figure | measured | target | |",
    "| --- | --- | --- | --- |",
    ...uploadRows(await measureUploads()).map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
  console.log(`\n${table}`);
  writeFileSync(path.join(OUT_DIR, "uploads.md"), `${table}\n`);
}

/** `--metrics-only`: the console's metrics on data made by seed:scale */
export async function metricsOnly() {
  // the console's metrics on data made by seed:scale (scripts/bench/metrics-scale.ts)
  const url = options["scale-pg"];
  if (!url) throw new Error("--metrics-only needs --scale-pg URL of a database made by seed:scale");
  const rows = await measureMetrics(url);
  const table = [
    `| metrics (PostgreSQL) | tickets raised | median | p95 | target |`,
    "| --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) =>
        `| ${r.period} | ${r.raised} | ${r.medianMs.toFixed(1)} ms | ${r.p95Ms.toFixed(1)} ms | ${METRICS_TARGET_MS} ms |`,
    ),
  ].join("\n");
  writeFileSync(path.join(OUT_DIR, "metrics.md"), `${table}\n`);
  console.log(`\n(written to ${OUT_DIR}/metrics.md)`);
}

/** `--mail-only`: the job queue and e-mail figures */
export async function mailOnly() {
  // its own process, with the collector exposed, so its memory figure is the queue's alone
  const r = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", "scripts/bench/mail-queue.ts"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 16 * 1024 * 1024,
    // as the server runs in production: React's development build renders e-mails at half the speed
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) throw new Error(`the mail bench failed (exit ${r.status})`);
  const table = r.stdout.trim();
  console.log(`\n${table}`);
  writeFileSync(path.join(OUT_DIR, "mail.md"), `${table}\n`);
  console.log(`\n(written to ${OUT_DIR}/mail.md)`);
}

/** `--partner-import-only`: a partner's 10,000-row CSV import on PostgreSQL */
export async function partnerImportOnly() {
  // on PostgreSQL (a scratch database on --scale-pg's server, or TEST_DATABASE_URL's, or the local one)
  const pgArgs = options["scale-pg"] ? ["--pg", options["scale-pg"]] : [];
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/bench/partner-import.ts", ...pgArgs], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) throw new Error(`the partner import bench failed (exit ${r.status})`);
  const table = r.stdout.trim();
  console.log(`\n${table}`);
  writeFileSync(path.join(OUT_DIR, "partner-import.md"), `${table}\n`);
  console.log(`\n(written to ${OUT_DIR}/partner-import.md)`);
}

/** `--scale-only`: only the staff console at scale */
export async function scaleOnly() {
  if (spawnSync("node", ["scripts/build-if-missing.mjs"], { stdio: "inherit" }).status !== 0)
    throw new Error("build failed");
  const table = await benchScale();
  console.log(`\n${table}`);
  writeFileSync(path.join(OUT_DIR, "scale.md"), `${table}\n`);
  console.log(`\n(written to ${OUT_DIR}/scale.md)`);
}

/**
 * `--public-only`: the public rows alone (the cached API answer, its 304, a guest's `GET /`),
 * each against its control, with the machine's load average: a few minutes, so it can be
 * repeated to see past the noise other work on the machine makes.
 */
export async function publicOnly() {
  if (spawnSync("node", ["scripts/build-if-missing.mjs"], { stdio: "inherit" }).status !== 0)
    throw new Error("build failed");
  if (pinnable) pin(process.pid, 1);
  const loadBefore = os.loadavg()[0];
  const { figures, homeBytes } = await benchBackend("pglite", ["plans", "plans304", "home"]);
  const load = os.loadavg()[0];
  const notes = [
    publicNote("public answer", figures.plans, PUBLIC_TARGET, 20, Math.max(load, loadBefore)),
    publicNote("public answer, 304", figures.plans304, PUBLIC_TARGET, null, Math.max(load, loadBefore)),
  ].filter(Boolean);
  const table = [
    "| figure | this run | control in the same run | target | verdict |",
    "| --- | --- | --- | --- | --- |",
    ...publicRows(figures, homeBytes).map((r) => `| ${r.join(" | ")} |`),
    "",
    `${ROUNDS} rounds × ${SECONDS} s per arm, ${CONNECTIONS} connections; load average ${loadBefore.toFixed(1)} before, ${load.toFixed(1)} after on ${os.cpus().length} cores (targets: ${Math.round(PUBLIC_TARGET * 100)}% and ${Math.round(HOME_TARGET * 100)}%).`,
    ...(notes.length ? ["", ...notes] : []),
  ].join("\n");
  console.log(`\n${table}`);
  writeFileSync(path.join(OUT_DIR, "public.md"), `${table}\n`);
  console.log(`\n(written to ${OUT_DIR}/public.md)`);
}
