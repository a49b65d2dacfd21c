import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const dir = mkdtempSync(path.join(tmpdir(), "hipws-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("configuration", () => {
  it("has the contract's defaults", () => {
    const c = loadConfig({ DATA_DIR: dir }, []);
    expect(c).toMatchObject({
      port: 5000,
      host: "0.0.0.0",
      production: false,
      dev: false,
      databaseUrl: undefined,
    });
    expect(c.dataDir).toBe(dir);
  });

  it("keeps a generated session secret in DATA_DIR outside production", () => {
    const first = loadConfig({ DATA_DIR: dir }, []).sessionSecret;
    expect(first).toHaveLength(64);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }, []).sessionSecret).toBe(first);
  });

  it.each([
    [{ PORT: "http" }, /^Invalid PORT: .*; set PORT to a number/],
    [{ DATABASE_URL: "mysql://x" }, /^Invalid DATABASE_URL: .*postgres:\/\//],
    [{ NODE_ENV: "production" }, /^Missing SESSION_SECRET: it is required when NODE_ENV=production/],
    [{ NODE_ENV: "staging" }, /^Invalid NODE_ENV/],
    [{ SESSION_SECRET: "short" }, /^Invalid SESSION_SECRET: must be at least 32 characters/],
    [
      { NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) },
      /^Missing PUBLIC_ORIGIN: it is required when NODE_ENV=production; set PUBLIC_ORIGIN to/,
    ],
    [{ PUBLIC_ORIGIN: "warranty.example.in" }, /^Invalid PUBLIC_ORIGIN: must be a scheme and host only/],
    [{ PUBLIC_ORIGIN: "https://warranty.example.in/portal" }, /^Invalid PUBLIC_ORIGIN/],
    [{ PUBLIC_ORIGIN: "ftp://warranty.example.in" }, /^Invalid PUBLIC_ORIGIN/],
    [{ PUBLIC_ORIGIN: "https://user:pw@warranty.example.in" }, /^Invalid PUBLIC_ORIGIN/],
  ])("refuses %o with one line naming the variable and the fix", (env, message) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dir, ...env }, []);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain("\n");
  });

  it("production with a secret and its public origin turns on secure mode", () => {
    const c = loadConfig(
      {
        DATA_DIR: dir,
        NODE_ENV: "production",
        SESSION_SECRET: "x".repeat(40),
        PUBLIC_ORIGIN: "https://Warranty.Example.in/",
      },
      [],
    );
    expect(c.production).toBe(true);
    expect(c.publicOrigin).toBe("https://warranty.example.in");
  });

  it("takes http://localhost and the port as the public origin outside production", () => {
    expect(loadConfig({ DATA_DIR: dir }, []).publicOrigin).toBe("http://localhost:5000");
    expect(loadConfig({ DATA_DIR: dir, PORT: "6100" }, []).publicOrigin).toBe("http://localhost:6100");
  });
});
