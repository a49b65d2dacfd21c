import { existsSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

/**
 * What a guest's browser sees of the page cache: a page is the same bytes, with the same
 * ETag, for as long as its content is the same, whatever the campaign tags on the link.
 */
let t: TestApp;
beforeAll(async () => {
  if (!existsSync("dist/client/index.html") || !existsSync("dist/server/entry-server.js")) {
    throw new Error("These tests need the production build: run `npm run build` first");
  }
  t = await createTestApp({}, "demo");
});
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

const get = (url: string, etag?: string) =>
  t.app.inject({ method: "GET", url, headers: etag ? { "if-none-match": etag } : {} });

describe("guest page cache", () => {
  it("a browser revalidating after the cache's 60 s gets a 304: the ETag comes from the content", async () => {
    const first = await get("/city/chennai");
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);

    // a minute later every cached page and answer has expired: the page is rendered again
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61_000);
    const revalidated = await get("/city/chennai", etag);
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");

    vi.setSystemTime(Date.now() + 61_000);
    const rerendered = await get("/city/chennai");
    expect(rerendered.headers.etag).toBe(etag);
    expect(rerendered.body).toBe(first.body);
  });

  it("a campaign link gets the page without its tags, the same page as the plain address", async () => {
    const plain = await get("/b2c");
    const tagged = await get("/b2c?utm_source=newsletter&utm_medium=email&gclid=abc123");
    expect(tagged.statusCode).toBe(200);
    expect(tagged.headers.etag).toBe(plain.headers.etag);
    expect(tagged.body).not.toContain("newsletter");
    const revisit = await get("/b2c?fbclid=xyz", String(plain.headers.etag));
    expect(revisit.statusCode).toBe(304);
  });
});
