import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";

const ORIGIN = "https://warranty.example.in";
const HOST = new URL(ORIGIN).host;

/**
 * The first GET of a public address is routed; while its cache entry is fresh, the next
 * ones are answered from the cache by the first request hook (PublicCache.answerEarly). A
 * client must not be able to tell the two apart: same status, headers and bytes.
 */
describe("public answers served from the cache before routing", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ production: true, publicOrigin: ORIGIN });
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers: { host: HOST, ...headers } });
  /** every header but the date, in the order sent */
  const headersOf = (res: Awaited<ReturnType<typeof get>>) =>
    Object.entries(res.headers).filter(([name]) => name !== "date");

  it.each([
    ["/api/plans/B2C", {}],
    ["/api/cities/chennai", {}],
    ["/api/blog", { "accept-encoding": "gzip" }],
    ["/api/blog", { "accept-encoding": "gzip, deflate, br" }],
  ])("%s %o: the same status, headers and bytes as the routed answer", async (url, headers) => {
    const routed = await get(url, headers);
    const early = await get(url, headers);
    expect(routed.statusCode).toBe(200);
    expect(early.statusCode).toBe(200);
    expect(headersOf(early)).toEqual(headersOf(routed));
    expect(early.rawPayload.equals(routed.rawPayload)).toBe(true);
    expect(early.headers["content-length"]).toBe(String(early.rawPayload.length));
  });

  it("keeps the security headers and the public cache-control, and answers 304 to its ETag", async () => {
    await get("/api/faqs");
    const res = await get("/api/faqs");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["permissions-policy"]).toContain("camera=()");
    expect(res.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
    expect(res.headers["set-cookie"]).toBeUndefined();
    const etag = String(res.headers.etag);
    const again = await get("/api/faqs", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["content-security-policy"]).toBe(res.headers["content-security-policy"]);
    expect(again.headers["content-length"]).toBeUndefined();
    // a stale or foreign ETag gets the whole answer
    expect((await get("/api/faqs", { "if-none-match": '"other"' })).statusCode).toBe(200);
  });

  it("still refuses a foreign Host, and still answers HEAD and a query string", async () => {
    await get("/api/testimonials");
    const foreign = await t.app.inject({
      method: "GET",
      url: "/api/testimonials",
      headers: { host: "evil.example" },
    });
    expect(foreign.statusCode).toBe(400);
    const head = await t.app.inject({ method: "HEAD", url: "/api/testimonials", headers: { host: HOST } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    const plain = await get("/api/testimonials");
    const withQuery = await get("/api/testimonials?ref=home");
    expect(withQuery.statusCode).toBe(200);
    expect(withQuery.body).toBe(plain.body);
    expect(withQuery.headers.etag).toBe(plain.headers.etag);
  });

  it("answers an unknown slug as before: a 404 is never kept", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get("/api/cities/atlantis");
      expect(res.statusCode).toBe(404);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });
});
