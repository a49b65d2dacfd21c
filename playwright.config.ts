import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

/**
 * Debian's headless build of Chromium (the chromium-headless-shell package): the same engine
 * as /usr/bin/chromium without the desktop browser's window machinery, which took about 40 %
 * more processor time for each test on a 2-core machine. The full browser when it is missing.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/**
 * End-to-end tests drive Debian's Chromium (see CHROMIUM above) against the built
 * production server, started once on a fresh database by the global setup (which also
 * seeds the demo accounts). The setup publishes the server's address as E2E_BASE_URL;
 * workers read this file after that, so `baseURL` below sees it.
 */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/fixtures/global-setup.ts",
  // a 2-core machine: two browsers at once is the most that stays reliable
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // one retry in CI so a timing hiccup on a loaded machine does not sink a run; flaky tests are still reported
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: "chromium",
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    // recording a trace (a screenshot and a copy of the page at every step) more than doubled
    // each test's processor time, passed or not; a failed test's retry records one instead
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
});
