import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pdfLinks, pdfText } from "../../../../tests/support/pdf-text.ts";
import { appForFile, createSignedInTestApp, createTestApp } from "../../../../tests/support/test-app.ts";
import { INDIA_TIME_ZONE } from "../../../shared/dates.ts";
import type { PolicyDetail, PolicyListItem } from "../../../shared/schemas/policy.ts";
import { purchases } from "../../db/schema.ts";
import { VERIFY_CHECKS_PER_MINUTE } from "./certificates.routes.ts";

/**
 * The certificate PDF (holder and staff only, made once and then served from the cache)
 * and the public verification: by the code in the certificate's QR code, or by policy
 * number and PIN code, with the holder shown only as initials.
 */
const t = appForFile(createSignedInTestApp);
let policies: PolicyListItem[];
const ORIGIN = "http://localhost:5000";

beforeAll(async () => {
  policies = (await get("/api/purchases", t.customer)).json();
});

const get = (url: string, cookie?: string) => t.call("GET", url, cookie);
const policyWith = (status: string) => policies.find((p) => p.purchase.status === status)!.purchase;
const detail = async (id: number) => (await get(`/api/purchases/${id}`, t.customer)).json() as PolicyDetail;

describe("the certificate PDF", () => {
  it("is a PDF of the holder's policy, with its QR code leading to the verification page", async () => {
    const policy = policyWith("active");
    const res = await get(`/api/purchases/${policy.id}/certificate.pdf`, t.customer);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${policy.policyNumber}.pdf"`);
    // private to the holder: like every signed-in answer, no cache keeps it
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    // lines a long item wraps onto are read as one
    const text = pdfText(res.rawPayload).replace(/\s+/g, " ");
    expect(text).toContain(policy.policyNumber);
    expect(text).toContain("Karthik Subramanian");
    expect(text).toContain("Premium Plan");
    expect(text).toContain("Chennai 600040");
    // en-IN dates, as the policy page prints them
    const start = new Intl.DateTimeFormat("en-IN", { dateStyle: "long", timeZone: INDIA_TIME_ZONE }).format(
      new Date(`${policy.startDate}T12:00:00Z`),
    );
    expect(text).toContain(start);
    expect(text).toContain("Home Interior Project Warranty Solutions");
    expect(text).toContain("+91 44 4850 2200");
    // the plan's covered items
    const { features, verifyCode } = await detail(policy.id);
    for (const f of features.filter((x) => x.included)) expect(text).toContain(f.name);
    // the full street address stays off the certificate
    expect(text).not.toContain("Lotus Residency");

    const verifyAddress = `${ORIGIN}/verify/${verifyCode}`;
    expect(pdfLinks(res.rawPayload)).toContain(verifyAddress);
    expect(text).toContain(verifyAddress);
  });

  it("is made once, then served from the cache until the policy changes", async () => {
    const policy = policyWith("active");
    // a change to the policy (here only its time stamp) starts from an empty cache
    await t.database.db.update(purchases).set({ updatedAt: new Date() }).where(eq(purchases.id, policy.id));
    const first = await get(`/api/purchases/${policy.id}/certificate.pdf`, t.customer);
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-certificate-cache"]).toBe("miss");
    const again = await get(`/api/purchases/${policy.id}/certificate.pdf`, t.admin);
    expect(again.headers["x-certificate-cache"]).toBe("hit");
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    await t.database.db
      .update(purchases)
      .set({ updatedAt: new Date(Date.now() + 1000) })
      .where(eq(purchases.id, policy.id));
    const changed = await get(`/api/purchases/${policy.id}/certificate.pdf`, t.customer);
    expect(changed.headers["x-certificate-cache"]).toBe("miss");
  });

  it("is not found for another customer, and asks a guest to sign in", async () => {
    const policy = policyWith("active");
    const other = await get(`/api/purchases/${policy.id}/certificate.pdf`, t.otherCustomer);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: "Policy not found" });
    expect(other.body).not.toContain(policy.policyNumber);
    expect((await get(`/api/purchases/${policy.id}/certificate.pdf`)).statusCode).toBe(401);
    expect((await get("/api/purchases/999999/certificate.pdf", t.admin)).statusCode).toBe(404);
    expect((await get("/api/purchases/abc/certificate.pdf", t.customer)).statusCode).toBe(400);
  });

  it("is not issued for an expired policy: a certificate says cover is in force", async () => {
    const expired = policyWith("expired");
    const res = await get(`/api/purchases/${expired.id}/certificate.pdf`, t.customer);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/cover has ended, so it has no certificate/);
    expect((await get(`/api/purchases/${expired.id}/certificate.pdf`, t.admin)).statusCode).toBe(409);
  });

  it("is not issued for a pending policy", async () => {
    const pending = policyWith("pending");
    const res = await get(`/api/purchases/${pending.id}/certificate.pdf`, t.customer);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "The certificate is issued once the policy is active. Please check again after activation.",
    );
  });
});

describe("the policy's holder", () => {
  it("is named from the policy's owner, whoever reads it: staff see the customer, not themselves", async () => {
    const policy = policyWith("active");
    const customer = (await get("/api/user", t.customer)).json();
    const staff = (await get("/api/user", t.admin)).json();
    const holder = { firstName: customer.firstName, lastName: customer.lastName };
    expect((await detail(policy.id)).holder).toEqual(holder);
    const asStaff = (await get(`/api/purchases/${policy.id}`, t.admin)).json() as PolicyDetail;
    expect(asStaff.holder).toEqual(holder);
    expect(asStaff.holder).not.toEqual({ firstName: staff.firstName, lastName: staff.lastName });
  });
});

describe("public verification", () => {
  it("every policy has its own unguessable code, given to the holder and staff", async () => {
    const codes = await Promise.all(policies.map(async (p) => (await detail(p.purchase.id)).verifyCode));
    expect(new Set(codes).size).toBe(policies.length);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const id = policyWith("active").id;
    expect((await get(`/api/purchases/${id}`, t.admin)).json().verifyCode).toBe(
      codes[policies.findIndex((p) => p.purchase.id === id)],
    );
  });

  it("answers anyone with the status, plan, cover, city and initials, and nothing personal", async () => {
    const policy = policyWith("active");
    const { verifyCode, features, plan } = await detail(policy.id);
    const res = await get(`/api/verify/${verifyCode}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    const answer = res.json();
    expect(answer).toMatchObject({
      status: "valid",
      policyNumber: policy.policyNumber,
      planName: "Premium",
      durationYears: plan.duration,
      startDate: policy.startDate,
      endDate: policy.endDate,
      city: "Chennai",
      holder: "K. S.",
    });
    expect(answer.covered).toEqual(features.filter((f) => f.included).map((f) => f.name));
    // the demo policy started 420 days ago
    const left = plan.duration! - 420 / 365.25;
    expect(answer.yearsLeft).toBeGreaterThan(left - 0.1);
    expect(answer.yearsLeft).toBeLessThan(left + 0.1);
    for (const secret of ["Karthik", "Subramanian", "demo-customer@", "9840012345", "Lotus", "600040"]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it("the page shows Valid and the masked name, is noindex, and stays out of the sitemap", async () => {
    const { verifyCode } = await detail(policyWith("active").id);
    const page = await get(`/verify/${verifyCode}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(page.body).toContain('<meta name="robots" content="noindex" />');
    expect(page.body).toContain("Valid");
    expect(page.body).toContain("K. S.");
    expect(page.body).toContain("Premium Plan");
    // (the property's PIN code is not checked here: the footer lists localities with theirs)
    for (const secret of [
      "Karthik",
      "Subramanian",
      "demo-customer@",
      "9840012345",
      "Lotus Residency",
      "Second Avenue",
    ]) {
      expect(page.body).not.toContain(secret);
    }
    // the same bytes for the next visitor, signed in or not
    const again = await get(`/verify/${verifyCode}`);
    expect(again.headers.etag).toBe(page.headers.etag);
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.body).not.toContain("/verify");
  });

  it("says expired or cancelled", async () => {
    const expired = await detail(policyWith("expired").id);
    expect((await get(`/api/verify/${expired.verifyCode}`)).json()).toMatchObject({
      status: "expired",
      yearsLeft: 0,
    });
    const pending = policyWith("pending");
    await t.app.inject({
      method: "POST",
      url: `/api/admin/purchases/${pending.id}/cancel`,
      headers: { cookie: t.admin },
      payload: { reason: "Customer chose another plan" },
    });
    const cancelled = await detail(pending.id);
    expect((await get(`/api/verify/${cancelled.verifyCode}`)).json()).toMatchObject({ status: "cancelled" });
    expect((await get(`/api/purchases/${pending.id}/certificate.pdf`, t.customer)).statusCode).toBe(409);
  });

  it("an unknown code is not found, and says nothing more", async () => {
    const res = await get("/api/verify/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(res.statusCode).toBe(404);
    expect(Object.keys(res.json())).toEqual(["message"]);
    const page = await get("/verify/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(page.statusCode).toBe(404);
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(page.body).toContain("No matching certificate");
  });

  it("finds a policy by its number and PIN code, and gives the same no-match for either part wrong", async () => {
    const policy = policyWith("active");
    const q = (number: string, pin: string) =>
      `/api/verify?policyNumber=${encodeURIComponent(number)}&pincode=${pin}`;
    const found = await get(q(policy.policyNumber.toLowerCase(), "600040"));
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      status: "valid",
      holder: "K. S.",
      policyNumber: policy.policyNumber,
    });

    const wrongPin = await get(q(policy.policyNumber, "600041"));
    const wrongNumber = await get(q("HIPW-2020-999999", "600040"));
    expect(wrongPin.statusCode).toBe(404);
    expect(wrongNumber.statusCode).toBe(404);
    expect(wrongPin.body).toBe(wrongNumber.body);

    const bad = await get(q(policy.policyNumber, "12"));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Please enter the 6-digit PIN code");

    const page = await get(`/verify?number=${encodeURIComponent(policy.policyNumber)}&pin=600040`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Valid");
    expect(page.body).toContain("K. S.");
    const noMatch = await get(`/verify?number=${encodeURIComponent(policy.policyNumber)}&pin=600041`);
    expect(noMatch.statusCode).toBe(404);
    expect(noMatch.body).toContain("No matching certificate");
    const form = await get("/verify");
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain("Policy number");
  });
});

describe("rate limit", () => {
  it("a visitor checking many codes is slowed down, page and call alike", async () => {
    const limited = await createTestApp({ rateLimitFactor: 0.1 });
    try {
      const max = Math.ceil(VERIFY_CHECKS_PER_MINUTE * 0.1);
      const from = (url: string, ip: string) => limited.app.inject({ method: "GET", url, remoteAddress: ip });
      for (let i = 0; i < max; i++) {
        expect((await from(`/api/verify/guess-${i}`, "203.0.113.7")).statusCode).toBe(404);
      }
      const blocked = await from("/api/verify/guess-next", "203.0.113.7");
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/^Too many requests/);
      // the page's own read counts the same visitor
      const page = await from("/verify/guess-page", "203.0.113.7");
      expect(page.statusCode).toBe(429);
      expect(page.body).toContain("Too many checks");
      // another visitor is not affected
      expect((await from("/api/verify/guess-other", "198.51.100.2")).statusCode).toBe(404);
      expect((await from("/verify/guess-other", "198.51.100.2")).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
