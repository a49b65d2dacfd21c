import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, login, type TestApp } from "../../../tests/support/test-app.ts";

// the login page is rendered by the production build (`npm test` builds first)
const built = existsSync("dist/client/index.html") && existsSync("dist/server/entry-server.js");

/** `?next=` values that look like a path here but lead to another site once normalised or decoded */
const ESCAPES = [
  "/.//evil.example",
  "/..//evil.example/phish",
  "/%2e%2e//evil.example",
  "/a/../..//evil.example",
  "/%2F%2Fevil.example",
  "/.%2F/evil.example",
  "/\\evil.example",
  "/.\\/evil.example",
  "/\t/evil.example",
  "https://evil.example/",
];

describe("the login page's ?next= never leaves the site", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    expect(built, "no build in dist/: run `npm run build` first").toBe(true);
    t = await createTestApp({}, "demo");
    cookie = await login(t.app, "demo-customer");
  });
  afterAll(() => t?.close());

  it.each(ESCAPES)("sends a signed-in visitor home for next=%j", async (next) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/auth?next=${encodeURIComponent(next)}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/");
  });

  it("still sends a signed-in visitor on to a page of this site, normalised", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/auth?next=${encodeURIComponent("/./dashboard?tab=tickets")}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/dashboard?tab=tickets");
  });

  it.each(ESCAPES)("shows a guest the login form for next=%j", async (next) => {
    const res = await t.app.inject({ method: "GET", url: `/auth?next=${encodeURIComponent(next)}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Welcome back");
    expect(res.body).not.toContain("Please log in to continue to that page.");
  });
});
