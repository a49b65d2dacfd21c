// `npm test`: unit and integration tests (Vitest, real databases), then end-to-end tests
// (Playwright against the built production server in headless Chromium). Prints one
// closing line "N passed, N failed, N skipped" and exits non-zero on any failure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

mkdirSync(".tmp", { recursive: true });
// reports of an earlier run must not be counted as this one's
for (const f of [".tmp/vitest.json", ".tmp/playwright.json"]) rmSync(f, { force: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
/** the failed tests by name: printed again at the very end, where a log's tail shows them */
const failures = [];
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
  for (const file of report.testResults) {
    const where = file.name.replace(`${process.cwd()}/`, "");
    const failed = file.assertionResults.filter((test) => test.status === "failed");
    for (const test of failed) failures.push(`${where} › ${test.fullName}`);
    // a file that fails before its tests run (an import or setup error) has no failed test of its own
    if (file.status === "failed" && failed.length === 0)
      failures.push(`${where}: ${file.message.split("\n")[0]}`);
  }
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
    collectPlaywrightFailures(JSON.parse(readFileSync(".tmp/playwright.json", "utf8")).suites);
  }
}

if (exitCode !== 0 && totals.failed === 0) totals.failed = 1;
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);

/** Playwright's report nests suites by file and describe block; a test failed when its last try did. */
function collectPlaywrightFailures(suites, titles = []) {
  for (const suite of suites ?? []) {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === "unexpected") failures.push([...path, spec.title].join(" › "));
      }
    }
    collectPlaywrightFailures(suite.suites, path);
  }
}
