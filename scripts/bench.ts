/**
 * `npm run bench`: the speed figures and their targets, measured side by side with controls in one run.
 * This entry picks the mode; each lives in scripts/bench/ (the whole run in full-run.ts).
 *
 * Starts the production server (built client, NODE_ENV=production) on a fresh seeded
 * database, and a bare node:http control answering the very same recorded responses.
 * Each arm (app, control) runs in turn for --seconds, interleaved over --rounds rounds;
 * medians are reported. The servers are pinned to CPU 0 and autocannon to CPU 1 when
 * taskset exists and there are two or more cores.
 *
 *   npm run bench [-- --rounds 3 --seconds 5 --connections 100 --build --profile]
 *   npm run bench -- --arms tickets --no-start     # only some arms: plans, plans304, tickets, home, verify
 *   npm run bench -- --lighthouse-runs 3            # or --no-lighthouse (it takes about 5 minutes)
 *   npm run bench -- --scale-pg URL --scale-dir DIR  # and the staff console at scale (see below)
 *   npm run bench -- --scale-only --scale-pg URL     # only the staff console at scale
 *   npm run bench -- --uploads-only                  # only the upload figures (scripts/bench/uploads.ts)
 *   npm run bench -- --metrics-only --scale-pg URL   # only the console's metrics at scale (scripts/bench/metrics-scale.ts)
 *   npm run bench -- --mail-only                     # only the job queue and e-mail figures (scripts/bench/mail-queue.ts)
 *   npm run bench -- --partner-import-only [--scale-pg URL]  # a partner's 10,000-row CSV import on PostgreSQL (scripts/bench/partner-import.ts)
 *   npm run bench -- --partner-only [--partner-pg URL] # only the partner dashboard at 20,000 homes (scripts/bench/partner-scale.ts)
 *   npm run bench -- --public-only [--rounds 5]     # only the public rows: cached API answer, its 304, GET /
 *
 * --build rebuilds the client first (default: only when dist/ is missing);
 * --profile writes a CPU profile of the app server to .tmp/bench/ (node --cpu-prof).
 * On PostgreSQL too when DATABASE_URL (or TEST_DATABASE_URL) is set: a fresh database is
 * created on that server for the signed-in read.
 * After the arms, the signed-in read is served in process with the session cache and without
 * it, side by side (scripts/bench/session-cache.ts; docs/performance.md says what it decided).
 *
 * The staff console at scale (scripts/bench/staff-scale.ts) runs on data made beforehand
 * by `npm run seed:scale -- --tickets 100000`: --scale-pg names such a PostgreSQL database,
 * --scale-dir such an embedded database's DATA_DIR. Without them its rows say so and the
 * rest of the bench runs as before. --scale-runs (20) calls per list figure, --scale-loads
 * (5) page loads in Chromium, --no-scale-browser leaves Chromium out.
 */
import { mkdirSync } from "node:fs";
import { fullRun } from "./bench/full-run.ts";
import {
  mailOnly,
  metricsOnly,
  partnerImportOnly,
  partnerOnly,
  publicOnly,
  scaleOnly,
  uploadsOnly,
} from "./bench/modes.ts";
import { OUT_DIR, options } from "./bench/options.ts";

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  if (options["partner-only"]) return partnerOnly();
  if (options["uploads-only"]) return uploadsOnly();
  if (options["metrics-only"]) return metricsOnly();
  if (options["mail-only"]) return mailOnly();
  if (options["partner-import-only"]) return partnerImportOnly();
  if (options["scale-only"]) return scaleOnly();
  if (options["public-only"]) return publicOnly();
  return fullRun();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
