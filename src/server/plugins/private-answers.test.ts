import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSignedInTestApp,
  DEMO_PASSWORD,
  SAMPLE_ENQUIRY,
  sessionCookie,
  type TestApp,
} from "../../../tests/support/test-app.ts";

const built = existsSync("dist/client/index.html") && existsSync("dist/server/entry-server.js");

/**
 * A private answer kept by a browser's or a proxy's cache can be shown to the next person
 * on a shared computer (the back button after a logout) or to another customer behind the
 * same proxy: none of them may be stored anywhere.
 */
describe("private answers are never stored by a cache", () => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  beforeAll(async () => {
    ({ t, admin, customer } = await createSignedInTestApp());
  });
  afterAll(() => t?.close());

  it("every API read that needs a sign-in answers Cache-Control: no-store, whoever asks", async () => {
    const reads = t.app.apiRoutes.filter((r) => r.method === "GET" && r.access !== "public");
    expect(reads.length).toBeGreaterThan(5);
    for (const route of reads) {
      const url = route.url.replace(/:[A-Za-z]+/g, "1");
      for (const cookie of [admin, customer, undefined]) {
        const res = await t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
        expect(res.headers["cache-control"], `${url} → ${res.statusCode}`).toBe("no-store");
      }
    }
  });

  it("so do sign-in, sign-up and the answers of writes", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "demo-customer", password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const cookie = sessionCookie(res);
    const me = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    expect(me.headers["cache-control"]).toBe("no-store");
    const lead = await t.app.inject({
      method: "POST",
      url: "/api/inquiries",
      payload: SAMPLE_ENQUIRY,
    });
    expect(lead.statusCode).toBe(201);
    expect(lead.headers["cache-control"]).toBe("no-store");
  });

  it("public content stays cacheable", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/plans/B2C", headers: { cookie: customer } });
    expect(res.headers["cache-control"]).toMatch(/^public, max-age=\d+/);
  });

  it.runIf(built)("a signed-in visitor's pages answer no-store; a guest's are only revalidated", async () => {
    for (const url of ["/dashboard", "/b2c", "/no-such-page"]) {
      const mine = await t.app.inject({ method: "GET", url, headers: { cookie: customer } });
      expect(mine.headers["cache-control"], url).toBe("no-store");
    }
    const redirect = await t.app.inject({ method: "GET", url: "/auth", headers: { cookie: customer } });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers["cache-control"]).toBe("no-store");
    const guest = await t.app.inject({ method: "GET", url: "/b2c" });
    expect(guest.headers["cache-control"]).toBe("private, no-cache");
  });
});
