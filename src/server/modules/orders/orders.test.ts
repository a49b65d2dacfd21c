import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import {
  appForFile,
  b2cPlansByName,
  createSignedInTestApp,
  createTestApp,
  TEST_GST,
} from "../../../../tests/support/test-app.ts";
import { policyEndDate, todayInIndia } from "../../../shared/dates.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import type { InvoiceListItem } from "../../../shared/schemas/invoice.ts";
import type { AdminOrder, Order, PaymentImportResult } from "../../../shared/schemas/order.ts";
import type { PolicyDetail } from "../../../shared/schemas/policy.ts";
import { EXPIRED_REASON, expireOrders, ONLINE_PURCHASE_OFF } from "./orders.service.ts";
import { upiLink } from "./payment-methods.ts";
import { placeOrder } from "./place-order.service.ts";

/**
 * Buying a plan online: the order and its UPI link, the buyer's UTR, staff's confirmation
 * (the policy in force with its invoice), cancellation, expiry after 7 days, and the bank
 * statement that confirms orders by UTR or reference at the exact amount, once.
 */
const VPA = "hipws@testbank";
const t = appForFile(async () => {
  const app = await createSignedInTestApp({ gst: TEST_GST, upiVpa: VPA });
  return { ...app, customerId: app.demo.customer.id, plans: await b2cPlansByName(app.t.app) };
});

const PROPERTY = {
  propertyAddress: "12 Lotus Residency, Anna Nagar",
  propertyCity: "Chennai",
  propertyState: "Tamil Nadu",
  propertyPincode: "600040",
};

async function place(cookie = t.customer, planId = t.plans.Premium.id): Promise<Order> {
  const res = await t.call("POST", "/api/orders", cookie, { planId, ...PROPERTY });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

const adminOrder = async (id: number) =>
  (await t.call("GET", "/api/admin/orders?limit=200", t.admin))
    .json<AdminOrder[]>()
    .find((o) => o.id === id)!;

const auditActions = async (entity: string, id: number) =>
  (
    await queryRows<{ action: string; details: Record<string, unknown> }>(
      t.database.db,
      sql`select action, details from audit_log where entity_type = ${entity} and entity_id = ${id} order by id`,
    )
  ).map((a) => a.action);

const mailsOfOrder = async (id: number) =>
  (
    await queryRows<{ template: string; step: string | null }>(
      t.database.db,
      sql`select payload->>'template' as template, payload->'data'->>'step' as step from jobs
          where kind = 'email' and payload->'data'->>'orderId' = ${String(id)} order by id`,
    )
  ).map((m) => `${m.template}${m.step ? `:${m.step}` : ""}`);

describe("the demo data", () => {
  it("has one order waiting for its payment and one paid, with its invoice", async () => {
    const all = (await t.call("GET", "/api/admin/orders?limit=200", t.admin)).json<AdminOrder[]>();
    const demo = all.filter((o) => o.customerName === "Meena Iyer");
    expect(demo.map((o) => [o.reference, o.status]).sort()).toEqual([
      ["HIPOPAYED2X4", "paid"],
      ["HIPOWA7TNG2X", "payment_reported"],
    ]);
    const paid = demo.find((o) => o.status === "paid")!;
    const [invoice] = await queryRows<{ total: number }>(
      t.database.db,
      sql`select total from invoices where purchase_id = ${paid.purchaseId}`,
    );
    expect(invoice.total).toBe(paid.amount);
  });
});

describe("placing an order", () => {
  it("makes a pending policy in the buyer's list, with the plan's price in paise and a UPI link", async () => {
    const order = await place();
    expect(order).toMatchObject({ status: "awaiting_payment", amount: 4_599_900 });
    expect(order.reference).toMatch(/^HIPO[A-Z2-9]{8}$/);
    expect(order.upiUri).toBe(
      `upi://pay?pa=hipws%40testbank&pn=Home%20Interior%20Project%20Warranty%20Solutions&am=45999.00&cu=INR&tr=${order.reference}&tn=Premium%20Plan%20${order.reference}`,
    );
    const policy = (
      await t.call("GET", `/api/purchases/${order.purchaseId}`, t.customer)
    ).json<PolicyDetail>();
    expect(policy.purchase).toMatchObject({
      status: "pending",
      totalAmount: 4_599_900,
      propertyPincode: "600040",
    });
    // the pending policy's page leads back to the order waiting for payment
    expect(policy.openOrderId).toBe(order.id);
    expect(await auditActions("order", order.id)).toEqual(["order.place"]);
    expect(await mailsOfOrder(order.id)).toEqual(["order:placed"]);
    // the buyer reads their own order; another customer is told nothing exists
    expect((await t.call("GET", `/api/orders/${order.id}`, t.customer)).json()).toEqual(order);
    const other = await t.call("GET", `/api/orders/${order.id}`, t.otherCustomer);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(order.reference);
  });

  it("refuses a partner's plan, a bad PIN code and staff accounts, changing nothing", async () => {
    const before = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from orders`);
    const b2b = (await t.call("GET", "/api/plans/B2B")).json<{ id: number }[]>()[0];
    const partnerPlan = await t.call("POST", "/api/orders", t.customer, { planId: b2b.id, ...PROPERTY });
    expect(partnerPlan.statusCode).toBe(400);
    expect(partnerPlan.json().message).toBe("Please choose one of our homeowner plans");
    const badPin = await t.call("POST", "/api/orders", t.customer, {
      planId: t.plans.Elite.id,
      ...PROPERTY,
      propertyPincode: "60004",
    });
    expect(badPin.statusCode).toBe(400);
    const staff = await t.call("POST", "/api/orders", t.admin, { planId: t.plans.Elite.id, ...PROPERTY });
    expect(staff.statusCode).toBe(403);
    expect(await queryRows(t.database.db, sql`select count(*)::int as n from orders`)).toEqual(before);
  });

  it("keeps the amount it was placed with when the plan's price changes", async () => {
    const order = await place(t.customer, t.plans.Essential.id);
    await t.database.db.execute(
      sql`update plans set price = price + 1000 where id = ${t.plans.Essential.id}`,
    );
    try {
      expect((await t.call("GET", `/api/orders/${order.id}`, t.customer)).json<Order>().amount).toBe(
        2_499_900,
      );
      const confirmed = await t.call("POST", `/api/admin/orders/${order.id}/confirm`, t.admin, {});
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const [invoice] = (await t.call("GET", `/api/purchases/${order.purchaseId}/invoices`, t.customer)).json<
        InvoiceListItem[]
      >();
      expect(invoice.total).toBe(2_499_900);
    } finally {
      await t.database.db.execute(
        sql`update plans set price = price - 1000 where id = ${t.plans.Essential.id}`,
      );
    }
  });
});

describe("the buyer's UTR", () => {
  it("is 12 digits: anything else is a 400 that changes nothing; another's order is a 404", async () => {
    const order = await place();
    for (const utr of ["41234567890", "4123456789012", "41234567890A", "", "UPI/412345678901"]) {
      const res = await t.call("POST", `/api/orders/${order.id}/payment`, t.customer, { utr });
      expect(res.statusCode, utr).toBe(400);
    }
    expect((await adminOrder(order.id)).reportedUtr).toBeNull();
    const other = await t.call("POST", `/api/orders/${order.id}/payment`, t.otherCustomer, {
      utr: "412345678901",
    });
    expect(other.statusCode).toBe(404);
    const ok = await t.call("POST", `/api/orders/${order.id}/payment`, t.customer, { utr: " 412345678901 " });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Order>().status).toBe("payment_reported");
    expect(await adminOrder(order.id)).toMatchObject({ reportedUtr: "412345678901", utr: null });
    const staffAlert = await queryRows<{ template: string }>(
      t.database.db,
      sql`select payload->>'template' as template from jobs where kind = 'email' and payload->'data'->>'orderId' = ${String(order.id)} and payload->>'template' = 'staff_order_payment'`,
    );
    expect(staffAlert).toHaveLength(1);
  });
});

describe("staff", () => {
  it("list orders a page at a time, filtered by status", async () => {
    await place();
    await place();
    const page = await t.call("GET", "/api/admin/orders?limit=1&status=awaiting_payment", t.admin);
    expect(page.statusCode).toBe(200);
    expect(page.json<AdminOrder[]>()).toHaveLength(1);
    expect(page.json<AdminOrder[]>()[0]).toMatchObject({
      status: "awaiting_payment",
      customerName: "Karthik Subramanian",
    });
    expect(Number(page.headers["x-total-count"])).toBeGreaterThanOrEqual(2);
    expect(page.headers.link).toMatch(/rel="next"/);
    expect((await t.call("GET", "/api/admin/orders?status=unpaid", t.admin)).statusCode).toBe(400);
  });

  it("confirm a payment: the policy is in force from today with its invoice for the amount paid, once", async () => {
    const order = await place();
    await t.call("POST", `/api/orders/${order.id}/payment`, t.customer, { utr: "500000000001" });
    const res = await t.call("POST", `/api/admin/orders/${order.id}/confirm`, t.admin, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminOrder>()).toMatchObject({ status: "paid", utr: "500000000001" });
    const today = todayInIndia();
    const policy = (
      await t.call("GET", `/api/purchases/${order.purchaseId}`, t.customer)
    ).json<PolicyDetail>();
    expect(policy.openOrderId).toBeNull();
    expect(policy.purchase).toMatchObject({
      status: "active",
      startDate: today,
      endDate: policyEndDate(today, 10),
    });
    const invoices = (await t.call("GET", `/api/purchases/${order.purchaseId}/invoices`, t.customer)).json<
      InvoiceListItem[]
    >();
    expect(invoices.map((i) => i.total)).toEqual([4_599_900]);
    expect(await mailsOfOrder(order.id)).toEqual(["order:placed", "staff_order_payment", "order:confirmed"]);
    expect(await auditActions("order", order.id)).toEqual([
      "order.place",
      "order.payment_report",
      "order.confirm",
    ]);

    const again = await t.call("POST", `/api/admin/orders/${order.id}/confirm`, t.admin, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This order has already been paid and confirmed");
    // the same UTR cannot pay a second order
    const second = await place();
    const reused = await t.call("POST", `/api/admin/orders/${second.id}/confirm`, t.admin, {
      utr: "500000000001",
    });
    expect(reused.statusCode).toBe(409);
    expect((await adminOrder(second.id)).status).toBe("awaiting_payment");
  });

  it("cancel an unpaid order with a reason: its pending policy is cancelled and the buyer told", async () => {
    const order = await place();
    const short = await t.call("POST", `/api/admin/orders/${order.id}/cancel`, t.admin, { reason: "no" });
    expect(short.statusCode).toBe(400);
    const res = await t.call("POST", `/api/admin/orders/${order.id}/cancel`, t.admin, {
      reason: "The customer chose another plan",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminOrder>()).toMatchObject({
      status: "cancelled",
      cancelReason: "The customer chose another plan",
    });
    const policy = (
      await t.call("GET", `/api/purchases/${order.purchaseId}`, t.customer)
    ).json<PolicyDetail>();
    expect(policy.purchase).toMatchObject({
      status: "cancelled",
      cancelReason: "The customer chose another plan",
    });
    expect(await mailsOfOrder(order.id)).toEqual(["order:placed", "order:cancelled"]);
    expect((await t.call("POST", `/api/admin/orders/${order.id}/confirm`, t.admin, {})).statusCode).toBe(409);
    expect(
      (await t.call("POST", `/api/orders/${order.id}/payment`, t.customer, { utr: "412345678909" }))
        .statusCode,
    ).toBe(409);
  });
});

describe("an order unpaid after 7 days", () => {
  it("expires: its policy is cancelled with that reason and the buyer told; a newer one waits", async () => {
    const old = await place();
    const recent = await place();
    const eightDaysOn = new Date(Date.now() + 8 * 86_400_000);
    await t.database.db.execute(
      sql`update orders set expires_at = now() - interval '1 day' where id = ${old.id}`,
    );
    // the job runner's hourly run, as it runs on the server
    await t.app.jobs.schedule();
    await t.app.jobs.drain();
    expect((await adminOrder(old.id)).status).toBe("expired");
    expect((await adminOrder(recent.id)).status).toBe("awaiting_payment");
    const policy = (await t.call("GET", `/api/purchases/${old.purchaseId}`, t.customer)).json<PolicyDetail>();
    expect(policy.purchase).toMatchObject({ status: "cancelled", cancelReason: EXPIRED_REASON });
    expect(EXPIRED_REASON).toBe("Not paid within 7 days of the order");
    expect(await mailsOfOrder(old.id)).toEqual(["order:placed", "order:expired"]);
    // a week on, the recent one expires too
    await expireOrders(t.database.db, eightDaysOn);
    expect((await adminOrder(recent.id)).status).toBe("expired");
  });
});

describe("bank reconciliation", () => {
  it("confirms the order a matching credit pays, lists the rest unmatched, and confirms nothing twice", async () => {
    const byUtr = await place();
    await t.call("POST", `/api/orders/${byUtr.id}/payment`, t.customer, { utr: "612345678901" });
    const wrongAmount = await place(t.customer, t.plans.Essential.id);
    // as a bank's statement export reads: account lines first, then the header and transactions
    const csv = [
      "Account Number,XXXXXXXX4321",
      "Statement From,01/11/2026 To 30/11/2026",
      "",
      "Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance",
      `28/11/26,UPI-KARTHIK S-karthik@okhdfc-612345678901-PAYMENT,612345678901,28/11/26,,"45,999.00","1,45,999.00"`,
      `28/11/26,UPI-KARTHIK S-karthik@okhdfc-${wrongAmount.reference},712345678902,28/11/26,,"24,000.00","1,69,999.00"`,
      `28/11/26,NEFT-ACME TRADERS-INVOICE 42,N332260000001,28/11/26,,"12,500.00","1,82,499.00"`,
      `29/11/26,ATM WDL,000000000000,29/11/26,"5,000.00",,"1,77,499.00"`,
    ].join("\r\n");

    const preview = await t.call("POST", "/api/admin/payments/import", t.admin, { csv });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json<PaymentImportResult>();
    expect(p).toMatchObject({ committed: false, confirmed: 0 });
    expect(p.matched.map((l) => [l.row, l.orderId, l.amount])).toEqual([[5, byUtr.id, 4_599_900]]);
    expect(p.unmatched.map((l) => [l.row, l.orderReference])).toEqual([
      [6, wrongAmount.reference],
      [7, null],
    ]);
    expect(p.unmatched[0].note).toBe(`₹24,000 is not order ${wrongAmount.reference}'s ₹24,999`);
    expect((await adminOrder(byUtr.id)).status).toBe("payment_reported");

    const commit = await t.call("POST", "/api/admin/payments/import", t.admin, { csv, commit: true });
    expect(commit.json<PaymentImportResult>()).toMatchObject({ committed: true, confirmed: 1 });
    expect(await adminOrder(byUtr.id)).toMatchObject({ status: "paid", utr: "612345678901" });
    expect((await adminOrder(wrongAmount.id)).status).toBe("awaiting_payment");

    const twice = (
      await t.call("POST", "/api/admin/payments/import", t.admin, { csv, commit: true })
    ).json<PaymentImportResult>();
    expect(twice.confirmed).toBe(0);
    expect(twice.matched[0]).toMatchObject({ orderId: byUtr.id, note: "Already confirmed" });
    expect(twice.unmatched).toHaveLength(2);
    const invoices = (await t.call("GET", `/api/purchases/${byUtr.purchaseId}/invoices`, t.customer)).json<
      InvoiceListItem[]
    >();
    expect(invoices).toHaveLength(1);
    expect(await auditActions("order", byUtr.id)).toEqual([
      "order.place",
      "order.payment_report",
      "order.confirm",
    ]);
  });

  it("refuses a file without a narration and credit column, changing nothing", async () => {
    const res = await t.call("POST", "/api/admin/payments/import", t.admin, {
      csv: "a,b\n1,2\n",
      commit: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/no header row with a narration/);
  });
});

describe("without a UPI payee (UPI_VPA unset)", () => {
  it("says online purchase is off, and places no order", async () => {
    const off = await createTestApp();
    try {
      expect((await off.call("GET", "/api/payment-options")).json()).toEqual({
        onlinePurchase: false,
        gstRatePercent: 18,
      });
      const buyer = { id: t.customerId, role: "customer" } as PublicUser;
      await expect(
        placeOrder(off.database.db, null, buyer, { planId: t.plans.Premium.id, ...PROPERTY }),
      ).rejects.toThrow(ONLINE_PURCHASE_OFF);
    } finally {
      await off.close();
    }
  });
});

describe("the UPI link", () => {
  it("percent-encodes every parameter by the linking format", () => {
    expect(upiLink({ pa: "a.b@okaxis", pn: "A & B", am: 2_499_950, tr: "HIPOAAAA2222", tn: "Plan #1" })).toBe(
      "upi://pay?pa=a.b%40okaxis&pn=A%20%26%20B&am=24999.50&cu=INR&tr=HIPOAAAA2222&tn=Plan%20%231",
    );
  });
});
