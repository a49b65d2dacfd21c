import { existsSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, login, type TestApp } from "../../../tests/support/test-app.ts";

/**
 * What a visitor and a search engine get when a page cannot be shown: an HTML page that
 * says so, with a status that tells "gone" (404) from "unavailable for a moment" (503) and
 * "broken" (500). The database fails for real here: a table is renamed away and back.
 */
let t: TestApp;
beforeAll(async () => {
  expect(
    existsSync("dist/client/index.html") && existsSync("dist/server/entry-server.js"),
    "no build in dist/: run `npm run build` first",
  ).toBe(true);
  t = await createTestApp({}, "demo");
});
afterAll(() => t?.close());

async function withTableAway<T>(table: string, run: () => Promise<T>): Promise<T> {
  await t.database.db.execute(sql.raw(`alter table ${table} rename to ${table}_away`));
  try {
    return await run();
  } finally {
    await t.database.db.execute(sql.raw(`alter table ${table}_away rename to ${table}`));
  }
}

describe("pages that cannot be shown", () => {
  it("a city that does not exist is a 404 page", async () => {
    const res = await t.app.inject({ method: "GET", url: "/city/atlantis" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain("City Not Found");
  });

  it("a city page whose read fails answers 503 with an HTML error page, never 404, and is not cached", async () => {
    const failed = await withTableAway("cities", () => t.app.inject({ method: "GET", url: "/city/chennai" }));
    expect(failed.statusCode).toBe(503);
    expect(failed.headers["content-type"]).toMatch(/^text\/html/);
    expect(failed.body).toContain("Something went wrong");
    expect(failed.body).toContain('<meta name="robots" content="noindex" />');
    expect(failed.body).not.toContain("City Not Found");
    // no scripts: the error page must not try to run the app that just failed
    expect(failed.body).not.toMatch(/<script type="module"|modulepreload/);

    const recovered = await t.app.inject({ method: "GET", url: "/city/chennai" });
    expect(recovered.statusCode).toBe(200);
    expect(recovered.body).toContain("Home Interior Warranty in Chennai");
  });

  it("a blog post whose read fails answers 503, not 404", async () => {
    const failed = await withTableAway("blog_posts", () =>
      t.app.inject({ method: "GET", url: "/blog/caring-for-soft-close-hinges-and-drawer-channels" }),
    );
    expect(failed.statusCode).toBe(503);
    expect(failed.body).not.toContain("Blog post not found");
  });

  it("a failure outside the page's reads answers an HTML 500 page, not the API's JSON", async () => {
    const cookie = await login(t.app, "demo-customer");
    const failed = await withTableAway("sessions", () =>
      t.app.inject({ method: "GET", url: "/b2c", headers: { cookie } }),
    );
    expect(failed.statusCode).toBe(500);
    expect(failed.headers["content-type"]).toMatch(/^text\/html/);
    expect(failed.body).toContain("Something went wrong");
    expect(failed.body).toContain('href="/b2c"');
  });
});
