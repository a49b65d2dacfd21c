import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { loadConfig } from "./config.ts";

/**
 * Behind nginx every request comes from the proxy's address: with TRUST_PROXY the rate
 * limits count per client (X-Forwarded-For), without it a forged header changes nothing.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

// login allows ceil(10 × 0.1) = 1 attempt a minute per client address (and, per account,
// 1 in 15 minutes: each attempt names an account of its own, so only the address counts)
let attempts = 0;
const attempt = (app: TestApp["app"], forwardedFor: string) =>
  app.inject({
    method: "POST",
    url: "/api/login",
    headers: { "x-forwarded-for": forwardedFor },
    payload: { username: `nobody-${++attempts}`, password: "nothing-1" },
  });

describe("TRUST_PROXY", () => {
  it("is parsed from the environment, and refuses nonsense with the fix", () => {
    const env = { SESSION_SECRET: "s".repeat(40) };
    expect(loadConfig(env).trustProxy).toBe(false);
    expect(loadConfig({ ...env, TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ ...env, TRUST_PROXY: "127.0.0.1, 10.0.0.0/8" }).trustProxy).toBe(
      "127.0.0.1,10.0.0.0/8",
    );
    expect(() => loadConfig({ ...env, TRUST_PROXY: "yes please" })).toThrow(
      /Invalid TRUST_PROXY: .*; set TRUST_PROXY/,
    );
  });

  it("with a trusted proxy, rate limits count each forwarded client separately", async () => {
    t = await createTestApp({ rateLimitFactor: 0.1, trustProxy: "127.0.0.1" });
    expect((await attempt(t.app, "203.0.113.1")).statusCode).toBe(401);
    expect((await attempt(t.app, "203.0.113.2")).statusCode).toBe(401);
    expect((await attempt(t.app, "203.0.113.1")).statusCode).toBe(429);
  });

  it("without it, a forged X-Forwarded-For does not escape the limit", async () => {
    t = await createTestApp({ rateLimitFactor: 0.1 });
    expect((await attempt(t.app, "203.0.113.1")).statusCode).toBe(401);
    expect((await attempt(t.app, "203.0.113.2")).statusCode).toBe(429);
  });
});
