import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

// pages are rendered by the production build (`npm test` builds first)
const built = existsSync("dist/client/index.html") && existsSync("dist/server/entry-server.js");

const ORIGIN = "https://warranty.example.in";
const lead = {
  name: "Lead",
  email: "lead@example.in",
  phone: "9876543210",
  interest: "custom",
  message: "Please call me back.",
};
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

/**
 * The site's own address comes from PUBLIC_ORIGIN, never from the Host a visitor sends: a
 * forged Host must not reach links, the sitemap, the page cache or the cross-site check.
 */
describe("in production, the Host header is checked against PUBLIC_ORIGIN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ production: true, publicOrigin: ORIGIN });
  });
  afterAll(() => t?.close());

  it.each(["evil.example", "127.0.0.1:5077/b2b", "warranty.example.in.evil.example", "127.0.0.1"])(
    "answers 400 to Host %s",
    async (host) => {
      for (const url of ["/api/faqs", "/", "/robots.txt", "/sitemap.xml"]) {
        const res = await t.app.inject({ method: "GET", url, headers: { host } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message).toMatch(/host/i);
      }
    },
  );

  it("answers its own host, in any letter case", async () => {
    for (const host of ["warranty.example.in", "Warranty.Example.IN"]) {
      const res = await t.app.inject({ method: "GET", url: "/api/faqs", headers: { host } });
      expect(res.statusCode).toBe(200);
    }
  });

  it("compares the whole origin of a write, scheme included", async () => {
    const post = (origin: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/inquiries",
        headers: { host: "warranty.example.in", origin },
        payload: lead,
      });
    expect((await post("http://warranty.example.in")).statusCode).toBe(403);
    expect((await post("https://warranty.example.in:8443")).statusCode).toBe(403);
    expect((await post(ORIGIN)).statusCode).toBe(201);
  });

  // pages read their data through the API under the site's own name: if those reads carried
  // another Host, production would refuse them and every page would arrive without its content
  it.runIf(built)("renders a page's data into its HTML", async () => {
    const res = await t.app.inject({ method: "GET", url: "/blog", headers: { host: "warranty.example.in" } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("How to Care for Soft-Close Hinges and Drawer Channels");
  });

  it("writes PUBLIC_ORIGIN into robots.txt", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/robots.txt",
      headers: { host: "warranty.example.in" },
    });
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe("in development, a forged Host reaches neither links nor the page cache", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicOrigin: "http://localhost:5000" });
  });
  afterAll(() => t?.close());

  it("builds robots.txt and the sitemap from PUBLIC_ORIGIN", async () => {
    const headers = { host: "evil.example", "x-forwarded-host": "evil.example" };
    const robots = await t.app.inject({ method: "GET", url: "/robots.txt", headers });
    expect(robots.body).toContain("Sitemap: http://localhost:5000/sitemap.xml");
    const sitemap = await t.app.inject({ method: "GET", url: "/sitemap.xml", headers });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain("<loc>http://localhost:5000/</loc>");
    expect(sitemap.body).not.toContain("evil.example");
  });

  it("refuses a write from the same host over another scheme", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/inquiries",
      headers: { host: "localhost:5000", origin: "https://localhost:5000" },
      payload: lead,
    });
    expect(res.statusCode).toBe(403);
  });

  it.runIf(built)("builds canonical and og:url links from PUBLIC_ORIGIN", async () => {
    const res = await t.app.inject({ method: "GET", url: "/b2c", headers: { host: "evil.example" } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:5000/b2c"');
    expect(res.body).toMatch(/<meta property="og:url" content="http:\/\/localhost:5000\/b2c"/);
    expect(res.body).not.toContain("evil.example");
  });

  it.runIf(built)(
    "a Host carrying a path cannot put one page in the cache under another's address",
    async () => {
      const home = await t.app.inject({
        method: "GET",
        url: "/?utm=poc",
        headers: { host: "127.0.0.1:5077/b2b" },
      });
      expect(home.statusCode).toBe(200);
      const b2b = await t.app.inject({
        method: "GET",
        url: "/b2b/?utm=poc",
        headers: { host: "127.0.0.1:5077" },
      });
      const fresh = await t.app.inject({ method: "GET", url: "/b2b", headers: { host: "localhost:5000" } });
      expect(titleOf(b2b.body)).toBe(titleOf(fresh.body));
      expect(titleOf(b2b.body)).not.toBe(titleOf(home.body));
    },
  );
});
