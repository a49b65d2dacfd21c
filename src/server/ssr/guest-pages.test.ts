import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, login, type TestApp } from "../../../tests/support/test-app.ts";

// Pages need the production build; `npm test` builds before running this file. Without
// one these tests fail: skipped, they would let a broken page cache pass unnoticed.
const built = existsSync("dist/client/index.html") && existsSync("dist/server/entry-server.js");

describe("server-rendered pages", () => {
  let t: TestApp;
  beforeAll(async () => {
    expect(built, "no build in dist/: run `npm run build` first").toBe(true);
    t = await createTestApp({}, "demo");
  });
  afterAll(() => t?.close());

  it("serves a guest the same cached page with an ETag, and 304 when it has it", async () => {
    const first = await t.app.inject({ method: "GET", url: "/b2c" });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain("Essential");
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    const etag = String(first.headers.etag);
    const second = await t.app.inject({ method: "GET", url: "/b2c" });
    expect(second.headers.etag).toBe(etag);
    expect(second.body).toBe(first.body);
    const again = await t.app.inject({ method: "GET", url: "/b2c", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
  });

  it("renders a signed-in visitor's page for them, never from the guest cache", async () => {
    const guest = await t.app.inject({ method: "GET", url: "/b2c" });
    const cookie = await login(t.app, "demo-customer");
    const mine = await t.app.inject({ method: "GET", url: "/b2c", headers: { cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers.etag).toBeUndefined();
    expect(mine.body).toContain("Karthik");
    expect(guest.body).not.toContain("Karthik");
    const guestAfter = await t.app.inject({ method: "GET", url: "/b2c" });
    expect(guestAfter.body).not.toContain("Karthik");
  });

  it("does not cache not-found pages", async () => {
    const res = await t.app.inject({ method: "GET", url: "/city/atlantis" });
    expect(res.statusCode).toBe(404);
    expect(res.headers.etag).toBeUndefined();
  });
});
