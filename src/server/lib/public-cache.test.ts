import { describe, expect, it } from "vitest";
import { PublicCache } from "./public-cache.ts";

describe("public cache", () => {
  it("loads a key once while fresh, and again after invalidation", async () => {
    const cache = new PublicCache();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const [a, b] = await Promise.all([cache.get("k", load), cache.get("k", load)]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
    expect(a.body.toString()).toBe('{"n":1}');
    cache.invalidate("k");
    expect((await cache.get("k", load)).body.toString()).toBe('{"n":2}');
  });

  it("keeps no failed load, and stays bounded however many keys requests invent", async () => {
    const cache = new PublicCache();
    await expect(cache.get("bad", async () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    let loads = 0;
    const load = async () => ++loads;
    for (let i = 0; i < 2_100; i++) await cache.get(`key:${i}`, load);
    await cache.get("key:2099", load);
    expect(loads).toBe(2_100);
    await cache.get("key:0", load);
    expect(loads).toBe(2_101);
  });
});
