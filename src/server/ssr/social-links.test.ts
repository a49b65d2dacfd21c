import { existsSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

// Pages need the production build; `npm test` builds before running this file.
const built = existsSync("dist/client/index.html") && existsSync("dist/server/entry-server.js");

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((t) => t.close())));

async function page(t: TestApp, url: string) {
  const res = await t.app.inject({ method: "GET", url });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe("social links", () => {
  it("links no network's home page when none is configured: no social links at all", async () => {
    expect(built, "no build in dist/: run `npm run build` first").toBe(true);
    const t = await createTestApp();
    apps.push(t);
    expect((await t.app.inject({ method: "GET", url: "/api/social-links" })).json()).toEqual([]);
    for (const url of ["/", "/contact"]) {
      const html = await page(t, url);
      expect(html, url).not.toMatch(/facebook\.com|twitter\.com|x\.com|instagram\.com|linkedin\.com/);
      expect(html, url).not.toContain("Follow Us");
      expect(html, url).not.toContain('"sameAs"');
    }
  });

  it("links the business's own pages from configuration, in the footer, the contact page and the structured data", async () => {
    const social = [
      { name: "Facebook" as const, href: "https://www.facebook.com/hipwarranty" },
      { name: "LinkedIn" as const, href: "https://www.linkedin.com/company/hipwarranty" },
    ];
    const t = await createTestApp({ social });
    apps.push(t);
    expect((await t.app.inject({ method: "GET", url: "/api/social-links" })).json()).toEqual(social);
    const contact = await page(t, "/contact");
    expect(contact).toContain("Follow Us");
    // a link in the footer and one on the contact card
    expect(contact.split('href="https://www.facebook.com/hipwarranty"').length - 1).toBe(2);
    expect(contact).toContain('"sameAs":["https://www.facebook.com/hipwarranty"');
    expect(contact).toContain("https://www.linkedin.com/company/hipwarranty");
    expect(contact).not.toMatch(/instagram\.com|x\.com\//);
    const home = await page(t, "/");
    expect(home).toContain('"sameAs":["https://www.facebook.com/hipwarranty"');
  });
});
