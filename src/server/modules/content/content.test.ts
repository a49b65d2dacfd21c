import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import type {
  BlogPost,
  BlogPostSummary,
  CitySummary,
  LocalitySummary,
  PlanWithFeatures,
} from "../../../shared/schemas/content.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });

describe("public content API", () => {
  it("answers B2C plans as {plan, features} with the contract's prices", async () => {
    const res = await get("/api/plans/B2C");
    expect(res.statusCode).toBe(200);
    const plans = res.json<PlanWithFeatures[]>();
    const byName = Object.fromEntries(plans.map((p) => [p.plan.name, p.plan]));
    expect(byName.Essential).toMatchObject({ price: 24999, duration: 5, type: "B2C" });
    expect(byName.Premium).toMatchObject({ price: 45999, duration: 10 });
    expect(byName.Elite).toMatchObject({ price: 79999, duration: 10 });
    expect(plans.filter((p) => p.plan.isPopular)).toHaveLength(1);
    for (const p of plans) {
      expect(p.features.length).toBeGreaterThan(0);
      expect(p.features[0]).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        included: expect.any(Boolean),
      });
    }
  });

  it("answers B2B plans flat, with 'Standard Plan' and one custom-priced plan", async () => {
    const plans = (await get("/api/plans/B2B")).json<{ name: string; price: number; type: string }[]>();
    expect(plans.map((p) => p.name)).toContain("Standard Plan");
    expect(plans.filter((p) => p.price === 0)).toHaveLength(1);
    expect(plans.every((p) => p.type === "B2B")).toBe(true);
  });

  it("refuses an unknown plan type with a 400 and a message", async () => {
    const res = await get("/api/plans/B2X");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Plan type must be B2B or B2C");
  });

  it.each(["/api/coverages", "/api/testimonials", "/api/faqs", "/api/blog", "/api/cities"])(
    "%s is a non-empty list, cached publicly with an ETag and no cookie",
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json<unknown[]>().length).toBeGreaterThan(0);
      expect(res.headers["cache-control"]).toMatch(/^public, max-age=\d+/);
      expect(res.headers["set-cookie"]).toBeUndefined();
      const etag = String(res.headers.etag);
      expect(etag).toMatch(/^".+"$/);
      const again = await get(url, { "if-none-match": etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
    },
  );

  it("compresses larger answers for clients that accept it", async () => {
    const res = await get("/api/blog", { "accept-encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it("lists the blog's post entities newest first, bodies included, and serves each post by slug", async () => {
    const posts = (await get("/api/blog")).json<BlogPost[]>();
    expect(posts.length).toBeGreaterThanOrEqual(6);
    expect(new Set(posts.map((p) => p.category)).size).toBeGreaterThanOrEqual(3);
    const dates = posts.map((p) => p.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(Object.keys(posts[0]).sort()).toEqual(
      ["author", "category", "content", "coverImage", "id", "publishedAt", "slug", "summary", "title"].sort(),
    );
    const post = (await get(`/api/blog/post/slug/${posts[0].slug}`)).json<BlogPost>();
    expect(post).toEqual(posts[0]);
    expect(post.content).toMatch(/<p>/);
    expect(post.content).not.toMatch(/<script/i);
  });

  it("lists the same posts for the site's pages with a plain-text excerpt instead of the body", async () => {
    const [posts, summaries] = await Promise.all([
      get("/api/blog").then((r) => r.json<BlogPost[]>()),
      get("/api/blog/summaries").then((r) => r.json<BlogPostSummary[]>()),
    ]);
    expect(summaries.map((s) => s.slug)).toEqual(posts.map((p) => p.slug));
    expect(summaries[0]).not.toHaveProperty("content");
    expect(summaries[0].excerpt.length).toBeGreaterThan(20);
    expect(summaries[0].excerpt).not.toMatch(/<[a-z]/i);
  });

  it("answers 404 with a message for an unknown post, city or locality", async () => {
    for (const url of [
      "/api/blog/post/slug/no-such-post",
      "/api/cities/atlantis",
      "/api/localities/nowhere",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    expect((await get("/api/cities/id/9999")).statusCode).toBe(404);
    expect((await get("/api/cities/id/abc")).statusCode).toBe(400);
  });
});

describe("base content invariants", () => {
  it("has 39 cities with unique URL-safe slugs; Bengaluru is id 1 and Chennai id 5", async () => {
    const cities = (await get("/api/cities")).json<CitySummary[]>();
    expect(cities).toHaveLength(39);
    expect(new Set(cities.map((c) => c.slug)).size).toBe(39);
    for (const c of cities) expect(c.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(cities.find((c) => c.id === 1)?.slug).toBe("bengaluru");
    expect(cities.find((c) => c.id === 5)?.slug).toBe("chennai");
    expect(cities.filter((c) => c.tier === "tier1").length).toBeGreaterThan(0);
    expect(cities.filter((c) => c.state === "Tamil Nadu").length).toBeGreaterThanOrEqual(5);
  });

  it("has every city page behind every city slug, by slug and by id", async () => {
    const cities = (await get("/api/cities")).json<CitySummary[]>();
    for (const c of cities) {
      const bySlug = await get(`/api/cities/${c.slug}`);
      expect(bySlug.statusCode, c.slug).toBe(200);
      // each slug is its own cache entry: the answer is the city asked for
      expect(bySlug.json().slug).toBe(c.slug);
      expect(bySlug.json().content.length).toBeGreaterThan(50);
    }
    expect((await get("/api/cities/id/5")).json().name).toBe("Chennai");
  });

  it.each([1, 5])("city %i has more than 20 localities, sorted by name, with PIN codes", async (cityId) => {
    const list = (await get(`/api/localities/city/${cityId}`)).json<LocalitySummary[]>();
    expect(list.length).toBeGreaterThan(20);
    const names = list.map((l) => l.name);
    expect([...names].sort((a, b) => a.localeCompare(b, "en-IN"))).toEqual(names);
    for (const l of list) {
      expect(l.pincode).toMatch(/^[1-9][0-9]{5}$/);
      expect(l.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(l.cityId).toBe(cityId);
    }
    const one = (await get(`/api/localities/${list[0].slug}`)).json();
    expect(one).toMatchObject({ slug: list[0].slug, pincode: list[0].pincode, city: { id: cityId } });
  });
});
