import { existsSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  DEMO_PASSWORD,
  sessionCookie,
  type TestApp,
} from "../../../tests/support/test-app.ts";
import type { PolicyListItem } from "../../shared/schemas/policy.ts";
import { seedScale } from "../db/seed/scale.ts";

// Pages need the production build (see guest-pages.test.ts).
const built = existsSync("dist/client/index.html") && existsSync("dist/server/entry-server.js");

const ORIGIN = "http://127.0.0.1:5000";
const host = new URL(ORIGIN).host;

/** the reads the server made while rendering, as the page carries them to the browser */
function dehydrated(html: string) {
  const m = /<script type="application\/json" id="__APP_STATE__">(.*?)<\/script>/s.exec(html);
  expect(m, "the page carries its dehydrated state").toBeTruthy();
  return (
    JSON.parse(m![1]) as {
      queries: { queryKey: [string]; state: { status: string; data: unknown; error: unknown } }[];
    }
  ).queries;
}

describe("pages rendered in production mode", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    expect(built, "no build in dist/: run `npm run build` first").toBe(true);
    // production: the site answers only to its own Host, and the page's own reads must too
    t = await createTestApp({ production: true, publicOrigin: ORIGIN }, "demo");
    await seedScale(t.database.db, { tickets: 120, seed: 3, password: "scale-password" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { host, origin: ORIGIN },
      payload: { username: "demo-admin", password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    admin = sessionCookie(res);
  });
  afterAll(() => t?.close());

  it("a guest's page is rendered with its reads answered, not refused for the Host", async () => {
    const res = await t.app.inject({ method: "GET", url: "/b2c", headers: { host } });
    expect(res.statusCode).toBe(200);
    const reads = dehydrated(res.body);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter((q) => q.state.status !== "success").map((q) => q.queryKey[0])).toEqual([]);
  });

  it("/admin arrives with its counts and the queue's first page, rows in the HTML and the total from the headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/admin", headers: { host, cookie: admin } });
    expect(res.statusCode).toBe(200);
    const reads = dehydrated(res.body);
    const byKey = new Map(reads.map((q) => [q.queryKey[0], q.state]));
    expect(byKey.get("/api/admin/stats")?.status).toBe("success");
    expect(byKey.get("/api/admin/staff")?.status).toBe("success");
    const queueKey = "/api/admin/tickets?status=open%2Cin_progress&sort=queue&dir=asc";
    const queue = byKey.get(queueKey);
    expect(queue?.status, [...byKey.keys()].join(", ")).toBe("success");
    const page = queue!.data as {
      items: { ticket: { id: number } }[];
      total: number;
      nextCursor: string | null;
    };
    // the same page the browser would read itself
    const direct = await t.app.inject({ method: "GET", url: queueKey, headers: { host, cookie: admin } });
    expect(page.items.map((i) => i.ticket.id)).toEqual(
      direct.json<{ ticket: { id: number } }[]>().map((i) => i.ticket.id),
    );
    expect(page.total).toBe(Number(direct.headers["x-total-count"]));
    expect(page.nextCursor === null).toBe(direct.headers.link === undefined);
    expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items) expect(res.body).toContain(`data-testid="ticket-row-${item.ticket.id}"`);
  });

  it("the policies tab reads no ticket list, and a guest is sent to sign in", async () => {
    const policies = await t.app.inject({
      method: "GET",
      url: "/admin?tab=policies",
      headers: { host, cookie: admin },
    });
    expect(dehydrated(policies.body).some((q) => q.queryKey[0].startsWith("/api/admin/tickets"))).toBe(false);
    const guest = await t.app.inject({ method: "GET", url: "/admin", headers: { host } });
    expect(guest.statusCode).toBe(302);
  });

  it("/partner arrives with the partner's reads for a partner user, and makes none for anyone else", async () => {
    const login = async (username: string) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/login",
        headers: { host, origin: ORIGIN },
        payload: { username, password: DEMO_PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
      return sessionCookie(res);
    };
    const partner = await login("demo-partner-member");
    const res = await t.app.inject({ method: "GET", url: "/partner", headers: { host, cookie: partner } });
    expect(res.statusCode).toBe(200);
    const byKey = new Map(dehydrated(res.body).map((q) => [q.queryKey[0], q.state]));
    for (const key of [
      "/api/partner",
      "/api/partner/policies?limit=10",
      "/api/partner/claims?limit=10",
      "/api/partner/scorecard",
    ]) {
      expect(byKey.get(key)?.status, `${key} in ${[...byKey.keys()].join(", ")}`).toBe("success");
    }
    const homes = byKey.get("/api/partner/policies?limit=10")!.data as { items: { id: number }[] };
    expect(homes.items.length).toBeGreaterThan(0);
    // the rows and the organisation's name are in the HTML itself
    for (const item of homes.items) expect(res.body).toContain(`data-testid="partner-policy-${item.id}"`);
    expect(res.body).toContain("Nest &amp; Grain Interiors");

    // staff and customers are sent away by the page's guard, with none of its reads made
    for (const cookie of [admin, await login("demo-customer")]) {
      const other = await t.app.inject({ method: "GET", url: "/partner", headers: { host, cookie } });
      expect(other.statusCode, other.body.slice(0, 200)).toBe(302);
      expect(other.headers.location).toBe("/");
      expect(other.body).not.toContain("/api/partner");
    }
  });
});

const SET_UP = "Set up two-factor sign-in";

/** the API paths the server read while rendering */
const readsOf = (html: string) => dehydrated(html).map((q) => q.queryKey[0]);

/**
 * While two-factor sign-in is required of staff, a member of staff without it gets its
 * set-up on every signed-in page, rendered on the server, and the server makes none of the
 * page's reads in their name: the same decision as the API's, so a customer's policy is
 * not in the HTML either.
 */
describe("signed-in pages for staff without two-factor sign-in while it is required", () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  let policy: PolicyListItem;

  const page = (url: string, who: string) =>
    t.app.inject({ method: "GET", url, headers: { host, cookie: cookies[who] } });

  beforeAll(async () => {
    expect(built, "no build in dist/: run `npm run build` first").toBe(true);
    t = await createTestApp({ production: true, publicOrigin: ORIGIN }, "demo");
    for (const who of ["demo-admin", "demo-technician", "demo-customer"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/login",
        headers: { host, origin: ORIGIN },
        payload: { username: who, password: DEMO_PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
      cookies[who] = sessionCookie(res);
    }
    const policies = await t.app.inject({
      method: "GET",
      url: "/api/purchases",
      headers: { host, cookie: cookies["demo-customer"] },
    });
    policy = policies.json<PolicyListItem[]>().find((p) => p.purchase.status === "active")!;
    await t.database.db.execute(
      sql`insert into app_settings (key, value) values ('staff_two_factor_required', 'true'::jsonb)`,
    );
    t.app.twoFactor.setStaffRule(true);
  });
  afterAll(() => t?.close());

  it("the console shows the set-up, and none of its reads are made", async () => {
    for (const [url, who] of [
      ["/admin", "demo-admin"],
      ["/admin/customers", "demo-admin"],
      ["/admin/tickets", "demo-technician"],
    ]) {
      const res = await page(url, who);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(SET_UP);
      const reads = readsOf(res.body);
      expect(reads, url).toContain("/api/user/two-factor");
      expect(
        reads.filter((path) => path.startsWith("/api/admin/")),
        url,
      ).toEqual([]);
    }
  });

  it("a customer's policy page shows staff the set-up, not the policy", async () => {
    const url = `/purchases/${policy.purchase.id}`;
    const res = await page(url, "demo-admin");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(SET_UP);
    expect(res.body).not.toContain(policy.purchase.policyNumber);
    expect(readsOf(res.body).filter((path) => path.startsWith("/api/purchases"))).toEqual([]);
  });

  it("the customer's own page is as before", async () => {
    const url = `/purchases/${policy.purchase.id}`;
    const res = await page(url, "demo-customer");
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(SET_UP);
    expect(res.body).toContain(policy.purchase.policyNumber);
    expect(readsOf(res.body)).toContain(url.replace("/purchases/", "/api/purchases/"));
  });
});
