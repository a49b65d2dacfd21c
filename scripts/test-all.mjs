// `npm test`: unit and integration tests (Vitest, real databases), then end-to-end tests
// (Playwright against the built production server in headless Chromium). Prints one
// closing line "N passed, N failed, N skipped" and exits non-zero on any failure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

mkdirSync(".tmp", { recursive: true });
// reports of an earlier run must not be counted as this one's
for (const f of [".tmp/vitest.json", ".tmp/playwright.json"]) rmSync(f, { force: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status !== 0) exitCode = r.status ?? 1;
}

// the production build comes first: some integration tests and every end-to-end test run the real server
run("node", ["scripts/build-if-missing.mjs"]);
if (exitCode !== 0) {
  console.log("\n0 passed, 1 failed, 0 skipped");
  process.exit(exitCode);
}

run("node_modules/.bin/vitest", [
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=.tmp/vitest.json",
]);
if (existsSync(".tmp/vitest.json")) {
  const report = JSON.parse(readFileSync(".tmp/vitest.json", "utf8"));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

if (existsSync("playwright.config.ts") && !process.argv.includes("--no-e2e")) {
  const r = spawnSync("node_modules/.bin/playwright", ["test", "--reporter=list,json"], {
    stdio: ["inherit", "inherit", "inherit"],
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: ".tmp/playwright.json" },
  });
  if (r.status !== 0) exitCode = r.status ?? 1;
  if (existsSync(".tmp/playwright.json")) {
    const stats = JSON.parse(readFileSync(".tmp/playwright.json", "utf8")).stats;
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  }
}

if (exitCode !== 0 && totals.failed === 0) totals.failed = 1;
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
