import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, DEMO_PASSWORD } from "../../../tests/support/test-app.ts";
import { loadConfig } from "../config.ts";
import { RedisCounters } from "./redis-counters.ts";

/**
 * The Redis store of rate-limit counters, against a real Redis: REDIS_URL, or the one on
 * 127.0.0.1:6379. Skipped only when no Redis answers there (CI runs one).
 */
const url = process.env.REDIS_URL || "redis://127.0.0.1:6379";

async function reachable(): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0 });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

describe("REDIS_URL", () => {
  const env = { SESSION_SECRET: "x".repeat(32), DATA_DIR: "/nonexistent-hipws" };
  it("is read when set, and refused in one line naming the fix when it is not a Redis address", () => {
    expect(loadConfig({ ...env, REDIS_URL: "redis://cache.internal:6379" }, []).redisUrl).toBe(
      "redis://cache.internal:6379",
    );
    expect(loadConfig({ ...env, REDIS_URL: "" }, []).redisUrl).toBeUndefined();
    expect(() => loadConfig({ ...env, REDIS_URL: "http://cache.internal" }, [])).toThrow(
      "Invalid REDIS_URL: must start with redis:// or rediss://; set REDIS_URL to redis://host:6379 (or rediss:// with TLS), or unset it to count rate limits in the database.",
    );
  });
});

const hasRedis = await reachable();
if (!hasRedis) console.warn(`\n*** Redis tests SKIPPED: nothing answers at ${url}. ***\n`);

describe.skipIf(!hasRedis)("Redis rate-limit counters", () => {
  // keys of this run only, so runs at the same time never count each other's hits
  const prefix = `hipws-test:${randomBytes(6).toString("hex")}:`;
  const opened: RedisCounters[] = [];
  const open = async () => {
    const c = await RedisCounters.open(url, { prefix });
    opened.push(c);
    return c;
  };
  afterAll(async () => {
    const admin = new Redis(url);
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length) await admin.del(...keys);
    admin.disconnect();
    for (const c of opened) c.close();
  });

  it("counts hits in a window that ends on its own, and reads without counting", async () => {
    const c = await open();
    expect(await c.read("a")).toEqual({ count: 0, ttlMs: 0 });
    const first = await c.hit("a", 400);
    expect(first.count).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(0);
    expect(first.ttlMs).toBeLessThanOrEqual(400);
    expect((await c.hit("a", 400)).count).toBe(2);
    expect((await c.read("a")).count).toBe(2);
    expect((await c.read("a")).count).toBe(2);
    await new Promise((r) => setTimeout(r, 500));
    expect(await c.read("a")).toEqual({ count: 0, ttlMs: 0 });
    expect((await c.hit("a", 400)).count).toBe(1);
  });

  it("reset forgets a key", async () => {
    const c = await open();
    await c.hit("b", 60_000);
    await c.hit("b", 60_000);
    await c.reset("b");
    expect((await c.hit("b", 60_000)).count).toBe(1);
  });

  it("two processes share one count, and hits sent at once are each counted once", async () => {
    const [one, two] = [await open(), await open()];
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).hit("shared", 60_000)),
    );
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect((await two.read("shared")).count).toBe(40);
  });

  it("an unreachable Redis stops start-up with a message naming REDIS_URL, without its password", async () => {
    await expect(RedisCounters.open("redis://:secret-pass@127.0.0.1:1")).rejects.toThrow(
      /^Could not reach Redis at REDIS_URL \(127\.0\.0\.1:1\): .*; start Redis or unset REDIS_URL$/,
    );
    await expect(RedisCounters.open("redis://:secret-pass@127.0.0.1:1")).rejects.not.toThrow(/secret-pass/);
  });

  it("the app counts its limits in Redis when REDIS_URL is set: 10 sign-ins a minute per address", async () => {
    const t = await createTestApp({ rateLimitFactor: 1, redisUrl: url }, "demo");
    try {
      // an address of this run's own, so the per-address limit starts from nothing
      const ip = `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/login",
          remoteAddress: ip,
          payload: { username: `nobody-${i}-${randomBytes(3).toString("hex")}`, password: DEMO_PASSWORD },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses[10]).toBe(429);
      // the count is in Redis, where a second process would see it
      const admin = new Redis(url);
      const keys = await admin.keys(`hipws:rate:POST /api/login|*${ip}*`);
      expect(keys.length).toBe(1);
      expect(Number(await admin.get(keys[0]))).toBe(11);
      await admin.del(...keys);
      admin.disconnect();
    } finally {
      await t.close();
    }
  });
});
