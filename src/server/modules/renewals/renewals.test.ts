import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import { pdfText } from "../../../../tests/support/pdf-text.ts";
import { policyEndingIn } from "../../../../tests/support/renewable-policy.ts";
import { appForFile, createInvoicingTestApp } from "../../../../tests/support/test-app.ts";
import { addDays, policyEndDate, todayInIndia } from "../../../shared/dates.ts";
import type { InvoiceListItem } from "../../../shared/schemas/invoice.ts";
import type { PolicyListItem } from "../../../shared/schemas/policy.ts";
import type { AdminRenewal, PolicyRenewal, Renewal } from "../../../shared/schemas/renewal.ts";

/**
 * Renewal as the holder and staff see it: offered from 60 days before the end (and after it,
 * with an inspection first), one open at a time, activated by staff once paid into a new
 * policy that starts the day after the old one ends, with its own tax invoice.
 */
const t = appForFile(createInvoicingTestApp);
const today = todayInIndia();

/** what the audit log holds about a policy, oldest first */
const auditedActions = async (purchaseId: number) =>
  (
    await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where entity_type = 'purchase' and entity_id = ${purchaseId} order by id`,
    )
  ).map((a) => a.action);

/** A policy of the demo customer's on `plan` whose last day is `endsIn` days from today. */
const policyEnding = (endsIn: number, plan = t.plans.Essential, status: "active" | "pending" = "active") =>
  policyEndingIn(t, t.customerId, plan, endsIn, status);

const renewalOf = async (id: number, cookie = t.customer) =>
  (await t.call("GET", `/api/purchases/${id}/renewal`, cookie)).json<PolicyRenewal>();
const request = (id: number, body: object, cookie = t.customer) =>
  t.call("POST", `/api/purchases/${id}/renewal`, cookie, body);
const activate = (id: number, paymentReference = "UPI 412345678901") =>
  t.call("POST", `/api/admin/renewals/${id}/activate`, t.admin, { paymentReference });
const inspect = (id: number, body: object) =>
  t.call("POST", `/api/admin/renewals/${id}/inspection`, t.admin, body);

describe("when a policy may be renewed", () => {
  it("not before 60 days from its end: a clear message and nothing created", async () => {
    const p = await policyEnding(61);
    const r = await renewalOf(p.id);
    expect(r).toMatchObject({ state: "not_yet", lapsed: false, opensOn: addDays(today, 1), renewal: null });
    const res = await request(p.id, { planId: t.plans.Essential.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Renewal opens on ${addDays(today, 1)}, 60 days before this policy ends`);
    expect((await renewalOf(p.id)).renewal).toBeNull();
  });

  it("from 60 days before its end, on its own plan or a higher one at that plan's price", async () => {
    const p = await policyEnding(60);
    const r = await renewalOf(p.id);
    expect(r.state).toBe("open");
    expect(r.options[0]).toEqual({
      planId: t.plans.Essential.id,
      planName: "Essential",
      price: t.plans.Essential.price * 100,
      durationYears: t.plans.Essential.duration,
      upgrade: false,
    });
    expect(r.options.slice(1).every((o) => o.upgrade && o.price > t.plans.Essential.price * 100)).toBe(true);
    expect(r.options.map((o) => o.planName)).toContain("Premium");
  });

  it("never for a pending or cancelled policy", async () => {
    const pending = await policyEnding(30, t.plans.Essential, "pending");
    expect((await request(pending.id, { planId: t.plans.Essential.id })).statusCode).toBe(409);
    const cancelled = await policyEnding(30);
    await t.call("POST", `/api/admin/purchases/${cancelled.id}/cancel`, t.admin, { reason: "Sold the flat" });
    const res = await request(cancelled.id, { planId: t.plans.Essential.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("A cancelled policy cannot be renewed");
  });

  it("only by its holder (or staff): anyone else is told it does not exist", async () => {
    const p = await policyEnding(20);
    expect((await t.call("GET", `/api/purchases/${p.id}/renewal`, t.otherCustomer)).statusCode).toBe(404);
    expect((await request(p.id, { planId: t.plans.Essential.id }, t.otherCustomer)).statusCode).toBe(404);
    expect((await t.call("GET", `/api/purchases/${p.id}/renewal`)).statusCode).toBe(401);
  });
});

describe("asking to renew", () => {
  it("one open renewal per policy, even when two requests arrive together", async () => {
    const p = await policyEnding(30);
    const [a, b] = await Promise.all([
      request(p.id, { planId: t.plans.Essential.id }),
      request(p.id, { planId: t.plans.Premium.id }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().message).toBe("A renewal of this policy is already in progress");
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from renewals where purchase_id = ${p.id}`,
    );
    expect(rows[0].n).toBe(1);
  });

  it("refuses a lower or unknown plan and a GSTIN that is not one, naming the field, saving nothing", async () => {
    const p = await policyEnding(30, t.plans.Premium);
    const lower = await request(p.id, { planId: t.plans.Essential.id });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().errors).toEqual({ planId: "Choose one of the plans offered" });
    const badGstin = await request(p.id, { planId: t.plans.Premium.id, gstin: "27AAPFU0939F1ZA" });
    expect(badGstin.statusCode).toBe(400);
    expect(badGstin.json().errors.gstin).toMatch(/valid 15-character GSTIN/);
    expect((await renewalOf(p.id)).renewal).toBeNull();
  });

  it("queues the holder's e-mail and the staff alert, and writes the step into the policy's history", async () => {
    const p = await policyEnding(25);
    const res = await request(p.id, { planId: t.plans.Essential.id });
    expect(res.statusCode).toBe(201);
    const r = res.json<Renewal>();
    expect(r).toMatchObject({
      status: "awaiting_payment",
      lapsed: false,
      amount: t.plans.Essential.price * 100,
    });
    const mails = await queryRows<{ template: string; to: string }>(
      t.database.db,
      sql`select payload->>'template' as template, payload->>'to' as to from jobs
          where kind = 'email' and payload->'data'->>'purchaseId' = ${String(p.id)} order by id`,
    );
    expect(mails.map((m) => m.template)).toEqual(["policy_issued", "renewal", "staff_renewal_requested"]);
    expect(await auditedActions(p.id)).toEqual(["purchase.issue", "purchase.renewal_request"]);
  });
});

describe("activation by staff", () => {
  it("starts the day after the old end for the plan's term, with its own invoice, keeping the old policy", async () => {
    const old = await policyEnding(10);
    const gstin = "27AAPFU0939F1ZV";
    const asked = await request(old.id, { planId: t.plans.Premium.id, gstin });
    expect(asked.statusCode).toBe(201);
    const renewal = asked.json<Renewal>();
    expect(renewal.amount).toBe(t.plans.Premium.price * 100);

    const res = await activate(renewal.id);
    expect(res.statusCode).toBe(200);
    const done = res.json<AdminRenewal>();
    const start = addDays(old.endDate, 1);
    expect(done).toMatchObject({
      status: "activated",
      paymentReference: "UPI 412345678901",
      newStartDate: start,
      newEndDate: policyEndDate(start, t.plans.Premium.duration),
    });

    const list = (await t.call("GET", "/api/purchases", t.customer)).json<PolicyListItem[]>();
    const fresh = list.find((l) => l.purchase.id === done.newPurchaseId)!;
    expect(fresh.planName).toBe("Premium");
    expect(fresh.purchase).toMatchObject({
      status: "active",
      renewedFrom: old.id,
      startDate: start,
      totalAmount: t.plans.Premium.price * 100,
      propertyAddress: old.propertyAddress,
    });
    expect(fresh.purchase.policyNumber).not.toBe(old.policyNumber);
    // the old period is as it was: same dates, still active until its last day, its invoice kept
    const before = list.find((l) => l.purchase.id === old.id)!.purchase;
    expect(before).toMatchObject({ startDate: old.startDate, endDate: old.endDate, status: "active" });

    const [inv] = (await t.call("GET", `/api/purchases/${fresh.purchase.id}/invoices`, t.customer)).json<
      InvoiceListItem[]
    >();
    expect(inv.total).toBe(t.plans.Premium.price * 100);
    expect(inv.date).toBe(today);
    const text = pdfText((await t.call("GET", inv.url, t.customer)).rawPayload).replace(/\s+/g, " ");
    expect(text).toContain(`GSTIN ${gstin}`);
    expect(text).toContain(fresh.purchase.policyNumber);
    expect((await t.call("GET", `/api/purchases/${old.id}/invoices`, t.customer)).json()).toHaveLength(1);

    // once: a second activation and a second renewal of the same policy are refused
    expect((await activate(renewal.id)).statusCode).toBe(409);
    const again = await request(old.id, { planId: t.plans.Essential.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This policy has already been renewed");
    expect((await renewalOf(old.id)).state).toBe("renewed");

    expect(await auditedActions(old.id)).toEqual([
      "purchase.issue",
      "purchase.renewal_request",
      "purchase.renewal_activate",
    ]);
    const steps = await queryRows<{ step: string }>(
      t.database.db,
      sql`select payload->'data'->>'step' as step from jobs
          where payload->>'template' = 'renewal' and payload->'data'->>'purchaseId' = ${String(old.id)} order by id`,
    );
    expect(steps.map((s) => s.step)).toEqual(["requested", "activated"]);
  });

  it("needs a payment reference; customers may not activate", async () => {
    const old = await policyEnding(15);
    const r = (await request(old.id, { planId: t.plans.Essential.id })).json<Renewal>();
    const res = await activate(r.id, "");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ paymentReference: "Please enter the payment reference" });
    const byCustomer = await t.call("POST", `/api/admin/renewals/${r.id}/activate`, t.customer, {
      paymentReference: "UPI 1",
    });
    expect(byCustomer.statusCode).toBe(403);
    expect((await renewalOf(old.id)).renewal?.status).toBe("awaiting_payment");
  });
});

describe("a lapsed policy", () => {
  it("needs a passed inspection before activation, and its cover starts on the day it is activated", async () => {
    const old = await policyEnding(-40);
    expect(old.status).toBe("expired");
    const view = await renewalOf(old.id);
    expect(view).toMatchObject({ state: "open", lapsed: true });
    const r = (await request(old.id, { planId: t.plans.Essential.id })).json<Renewal>();
    expect(r).toMatchObject({ status: "inspection_required", lapsed: true });

    const early = await activate(r.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("Record a passed inspection before activating this renewal");

    const noNote = await inspect(r.id, { result: "failed" });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors).toEqual({ note: "Please say what failed (at least 5 characters)" });

    const failed = await inspect(r.id, { result: "failed", note: "Kitchen base unit swollen by a leak" });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ status: "inspection_failed", inspectionResult: "failed" });
    expect((await activate(r.id)).statusCode).toBe(409);

    // after repairs the holder asks again, and this time the inspection passes
    const second = (await request(old.id, { planId: t.plans.Essential.id })).json<Renewal>();
    expect(second.status).toBe("inspection_required");
    const passed = await inspect(second.id, { result: "passed" });
    expect(passed.json()).toMatchObject({ status: "awaiting_payment", inspectionResult: "passed" });
    expect((await inspect(second.id, { result: "passed" })).statusCode).toBe(409);
    const done = (await activate(second.id)).json<AdminRenewal>();
    expect(done.newStartDate).toBe(today);
    expect(done.newEndDate).toBe(policyEndDate(today, t.plans.Essential.duration));

    expect(await auditedActions(old.id)).toEqual([
      "purchase.issue",
      "purchase.renewal_request",
      "purchase.renewal_inspection",
      "purchase.renewal_request",
      "purchase.renewal_inspection",
      "purchase.renewal_activate",
    ]);
  });
});

describe("the console's Renewals list", () => {
  it("newest first, a page at a time, filtered by status", async () => {
    const first = await t.call("GET", "/api/admin/renewals?limit=1", t.admin);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(1);
    expect(Number(first.headers["x-total-count"])).toBeGreaterThan(1);
    expect(first.headers.link).toMatch(/rel="next"/);
    const next = first.headers.link!.toString().match(/<([^>]+)>/)![1];
    const second = (await t.call("GET", next, t.admin)).json<AdminRenewal[]>();
    expect(second[0].id).toBeLessThan(first.json<AdminRenewal[]>()[0].id);

    const waiting = (await t.call("GET", "/api/admin/renewals?status=awaiting_payment", t.admin)).json<
      AdminRenewal[]
    >();
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((r) => r.status === "awaiting_payment")).toBe(true);
    expect(waiting[0]).toMatchObject({ customerName: "Karthik Subramanian", propertyCity: "Chennai" });
    expect((await t.call("GET", "/api/admin/renewals?status=lost", t.admin)).statusCode).toBe(400);
    expect((await t.call("GET", "/api/admin/renewals", t.customer)).statusCode).toBe(403);
  });
});
