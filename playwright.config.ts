import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests drive Debian's Chromium (/usr/bin/chromium) against the built
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
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
});
