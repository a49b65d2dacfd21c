import { describe, expect, it } from "vitest";
import { PublicCache, withoutTracking } from "./public-cache.ts";

describe("public cache", () => {
  it("loads a key once while fresh", async () => {
    const cache = new PublicCache(10);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const [a, b] = await Promise.all([cache.get("k", load), cache.get("k", load)]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
    expect(a.body.toString()).toBe('{"n":1}');
    expect((await cache.get("k", load)).body.toString()).toBe('{"n":1}');
  });

  it("keeps no failed load, and stays bounded however many keys requests invent", async () => {
    const cache = new PublicCache(2_000);
    await expect(cache.get("bad", async () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    let loads = 0;
    const load = async () => ++loads;
    for (let i = 0; i < 2_100; i++) await cache.get(`key:${i}`, load);
    await cache.get("key:2099", load);
    expect(loads).toBe(2_100);
    await cache.get("key:0", load);
    expect(loads).toBe(2_101);
  });

  it("gives the same bytes the same ETag, and other bytes another", () => {
    const cache = new PublicCache(10);
    const a = cache.put("a", "<p>same</p>", "text/html");
    expect(cache.put("b", "<p>same</p>", "text/html").etag).toBe(a.etag);
    expect(cache.put("c", "<p>other</p>", "text/html").etag).not.toBe(a.etag);
  });
});

describe("page addresses without tracking parameters", () => {
  it("drops campaign tags and ad click ids, in any case", () => {
    expect(withoutTracking("/b2c?utm_source=newsletter&utm_medium=email&UTM_Campaign=diwali")).toBe("/b2c");
    expect(withoutTracking("/?gclid=abc&fbclid=def&msclkid=ghi&_gl=1*x")).toBe("/");
  });

  it("keeps every other parameter, and addresses without a query as they are", () => {
    expect(withoutTracking("/blog?page=2&utm_source=x")).toBe("/blog?page=2");
    expect(withoutTracking("/city/chennai?utm=1&ref=home")).toBe("/city/chennai?utm=1&ref=home");
    expect(withoutTracking("/city/chennai")).toBe("/city/chennai");
    expect(withoutTracking("/contact?")).toBe("/contact");
  });
});
