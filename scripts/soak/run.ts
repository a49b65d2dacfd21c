/**
 * `npm run test:soak`: the long reliability runs, one after another, each pass/fail:
 *   fuzz   the bad-input property tests with FUZZ_RUNS=1000 per route (Vitest, PGlite)
 *   crash  50 SIGKILLs during writes and e-mail sending (to a real SMTP peer), on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set
 *   load   100 connections for 60 s of mixed traffic, zero 5xx and zero connection errors
 * Options: --only fuzz,crash,load  --rounds N  --seconds N  --fuzz-runs N
 * Results go to .tmp/soak/results.json as well as the screen.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { commandOptions } from "../../src/server/cli/args.ts";
import { runCrash } from "./crash.ts";
import { runLoad } from "./load.ts";

const options = commandOptions(
  {
    only: { type: "string" },
    rounds: { type: "string" },
    seconds: { type: "string" },
    "fuzz-runs": { type: "string" },
  },
  "Usage: npm run test:soak -- [--only fuzz,crash,load] [--rounds N] [--seconds N] [--fuzz-runs N]",
);
const only = new Set((options.only ?? "fuzz,crash,load").split(","));
const rounds = Number(options.rounds ?? 50);
const seconds = Number(options.seconds ?? 60);
const fuzzRuns = options["fuzz-runs"] ?? "1000";
const postgres = process.env.TEST_DATABASE_URL;

const results: Record<string, unknown> = {
  startedAt: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  loadavgAtStart: os.loadavg().map((x) => x.toFixed(1)),
};
const verdicts: string[] = [];
let failed = false;
const record = (name: string, ok: boolean, detail: unknown, summary: string) => {
  results[name] = detail;
  verdicts.push(`${ok ? "PASS" : "FAIL"}  ${name}: ${summary}`);
  if (!ok) failed = true;
  console.log(`${ok ? "PASS" : "FAIL"}  ${name}: ${summary}`);
};

if (only.has("fuzz")) {
  console.log(`\n== fuzz: FUZZ_RUNS=${fuzzRuns} per route ==`);
  const started = Date.now();
  const r = spawnSync(
    "node_modules/.bin/vitest",
    ["run", "--project", "pglite", "src/server/fuzz.test.ts", "src/server/payloads.test.ts"],
    { stdio: "inherit", env: { ...process.env, FUZZ_RUNS: fuzzRuns } },
  );
  const ms = Date.now() - started;
  record(
    "fuzz",
    r.status === 0,
    { runsPerRoute: Number(fuzzRuns), ms },
    `${fuzzRuns} runs per route, ${(ms / 1000).toFixed(0)} s`,
  );
}

if (only.has("crash")) {
  for (const backend of ["pglite", "postgres"] as const) {
    if (backend === "postgres" && !postgres) {
      console.log("\n*** crash on PostgreSQL SKIPPED: TEST_DATABASE_URL is not set ***");
      verdicts.push("SKIP  crash-postgres: TEST_DATABASE_URL is not set");
      continue;
    }
    console.log(`\n== crash: ${rounds} SIGKILLs on ${backend} ==`);
    const r = await runCrash(backend, rounds);
    const a = r.acknowledged;
    record(
      `crash-${backend}`,
      r.ok,
      r,
      `${r.kills} kills, ${a.inquiry + a.ticket + a.message} acknowledged writes (${a.inquiry} enquiries, ${a.ticket} tickets, ${a.message} messages) all present, ${r.unacknowledged} cut off; restart median ${r.startMs.median} ms, max ${r.startMs.max} ms; e-mail: ${r.mail.acknowledgementsArrived}/${r.mail.acknowledgementsExpected} enquiry acknowledgements arrived, ${r.mail.killsMidSend} kills mid-send, ${r.mail.duplicates} resent with the same Message-ID${r.missing.length ? `; PROBLEMS: ${r.missing.slice(0, 5).join("; ")}` : ""}`,
    );
  }
}

if (only.has("load")) {
  console.log(`\n== load: 100 connections, ${seconds} s ==`);
  const r = await runLoad({ seconds, connections: 100 });
  record(
    "load",
    r.ok,
    r,
    `${r.requests} requests (${r.rps}/s), 5xx ${r.status["5xx"]}, 4xx ${r.status["4xx"]}, errors ${r.errors}, timeouts ${r.timeouts}, latency p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, peak RSS ${r.peakRssMb} MB`,
  );
}

results.loadavgAtEnd = os.loadavg().map((x) => x.toFixed(1));
mkdirSync(".tmp/soak", { recursive: true });
const resultsFile = `.tmp/soak/results-${[...only].sort().join("-")}.json`;
writeFileSync(resultsFile, JSON.stringify(results, null, 2));
console.log(`\n${verdicts.join("\n")}\n(details in ${resultsFile})`);
process.exit(failed ? 1 : 0);
