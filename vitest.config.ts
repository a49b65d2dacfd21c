import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Integration tests run on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
const postgres = process.env.TEST_DATABASE_URL;

export default defineConfig({
  resolve: {
    alias: {
      "@shared": path.resolve(import.meta.dirname, "src/shared"),
      "@web": path.resolve(import.meta.dirname, "src/web"),
    },
  },
  test: {
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 20_000,
    // Vitest's default leaves one core free, which on a 2-core machine is one test file at a
    // time; the integration tests spend much of their time waiting on PostgreSQL, on servers
    // they start and on SMTP and S3 peers, so two at once keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    hookTimeout: 60_000,
    // a test that checks nothing passes whatever the code does
    expect: { requireAssertions: true },
    // A worker runs its test files one after another in the same module registry instead of
    // importing the server afresh for each (a quarter of the run's processor time went to
    // those imports). Each file still gets a database of its own; in return, state a module
    // keeps between calls must be kept per database (see partner-claims.queries.ts), and a
    // test that changes something global (the clock, an environment variable) puts it back.
    isolate: false,
    projects: [
      {
        extends: true,
        test: { name: "pglite", include: ["src/**/*.test.ts"], env: { TEST_DB: "pglite" } },
      },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: "postgres",
                // the server's tests: the web's and the shared code's never open a database
                include: ["src/server/**/*.test.ts"],
                exclude: ["src/**/*.pglite.test.ts"],
                env: { TEST_DB: "postgres" },
              },
            },
          ]
        : []),
      // components rendered by React in a simulated browser (happy-dom): no database
      {
        extends: true,
        test: { name: "web", include: ["src/web/**/*.test.tsx"], environment: "happy-dom" },
      },
    ],
  },
});
