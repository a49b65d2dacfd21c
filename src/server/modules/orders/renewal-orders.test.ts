import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import { policyEndingIn } from "../../../../tests/support/renewable-policy.ts";
import {
  appForFile,
  b2cPlansByName,
  createSignedInTestApp,
  TEST_GST,
} from "../../../../tests/support/test-app.ts";
import { addDays, policyEndDate, todayInIndia } from "../../../shared/dates.ts";
import type { InvoiceListItem } from "../../../shared/schemas/invoice.ts";
import type { AdminOrder, Order } from "../../../shared/schemas/order.ts";
import type { Policy, PolicyDetail } from "../../../shared/schemas/policy.ts";
import type { PolicyRenewal, Renewal } from "../../../shared/schemas/renewal.ts";
import { renderEmail, type TemplateData } from "../mail/templates/index.ts";
import { EXPIRED_REASON, expireOrders } from "./orders.service.ts";

/**
 * A renewal paid online goes through the same order as a purchase: placed from the renewal,
 * listed and confirmed by staff with the same calls, and confirming activates the renewal
 * from its own start (the day after the current cover ends), with its invoice. Left unpaid,
 * it cancels the renewal and leaves the policy in force alone.
 */
const t = appForFile(async () => {
  const app = await createSignedInTestApp({ gst: TEST_GST, upiVpa: "hipws@testbank" });
  return { ...app, customerId: app.demo.customer.id, plans: await b2cPlansByName(app.t.app) };
});
const today = todayInIndia();

/** A policy of the demo customer's whose last day is `endsIn` days from today, and a renewal of it asked for. */
async function renewalAsked(endsIn: number, plan = t.plans.Essential, renewOn = plan) {
  const policy = await policyEndingIn(t, t.customerId, plan, endsIn);
  const asked = await t.call("POST", `/api/purchases/${policy.id}/renewal`, t.customer, {
    planId: renewOn.id,
  });
  expect(asked.statusCode, asked.body).toBe(201);
  return { policy, renewal: asked.json<Renewal>() };
}

const payOnline = (purchaseId: number, cookie = t.customer) =>
  t.call("POST", `/api/purchases/${purchaseId}/renewal/order`, cookie);
const renewalOf = async (id: number) =>
  (await t.call("GET", `/api/purchases/${id}/renewal`, t.customer)).json<PolicyRenewal>();
/** The e-mail the buyer of an order is sent at `step`, as it reads */
async function orderMail(orderId: number, step: string) {
  const [job] = await queryRows<{ data: TemplateData["order"] }>(
    t.database.db,
    sql`select payload->'data' as data from jobs where kind = 'email' and payload->>'template' = 'order'
        and payload->'data'->>'orderId' = ${String(orderId)} and payload->'data'->>'step' = ${step}`,
  );
  return renderEmail("order", job.data, { origin: "https://hipws.example.in" });
}
const policyOf = async (id: number) =>
  (await t.call("GET", `/api/purchases/${id}`, t.customer)).json<PolicyDetail>().purchase;

describe("paying a renewal online", () => {
  it("places an order for the renewal's price, in Orders; confirming it activates the renewal from its own start, with its invoice", async () => {
    // an upgrade: the order is for the renewal's plan and price, not the current one's
    const { policy, renewal } = await renewalAsked(20, t.plans.Essential, t.plans.Premium);
    const placed = await payOnline(policy.id);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    expect(order).toMatchObject({
      purchaseId: policy.id,
      renewalId: renewal.id,
      amount: t.plans.Premium.price * 100,
      status: "awaiting_payment",
    });
    expect(order.amount).toBe(renewal.amount);
    expect(order.upiUri).toContain(`am=${t.plans.Premium.price}.00`);
    expect(order.upiUri).toContain(`tr=${order.reference}`);
    // asked again (a second tap), the same order comes back
    expect((await payOnline(policy.id)).json<Order>().id).toBe(order.id);
    // the renewal shows the order to pay
    expect((await renewalOf(policy.id)).renewal).toMatchObject({
      status: "awaiting_payment",
      orderId: order.id,
    });
    // staff activating by hand is pointed to the order, so it cannot be paid twice
    const byHand = await t.call("POST", `/api/admin/renewals/${renewal.id}/activate`, t.admin, {
      paymentReference: "UPI 412345678901",
    });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().message).toContain(order.reference);

    // the buyer reports the UTR, staff see the order in the console and confirm it
    const reported = await t.call("POST", `/api/orders/${order.id}/payment`, t.customer, {
      utr: "512345678901",
    });
    expect(reported.json<Order>().status).toBe("payment_reported");
    const listed = (await t.call("GET", "/api/admin/orders?status=payment_reported", t.admin)).json<
      AdminOrder[]
    >();
    expect(listed.find((o) => o.id === order.id)).toMatchObject({
      planName: t.plans.Premium.name,
      policyNumber: policy.policyNumber,
      reportedUtr: "512345678901",
    });
    const confirmed = await t.call("POST", `/api/admin/orders/${order.id}/confirm`, t.admin, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<AdminOrder>()).toMatchObject({ status: "paid", utr: "512345678901" });
    expect((await t.call("POST", `/api/admin/orders/${order.id}/confirm`, t.admin, {})).statusCode).toBe(409);

    // the new period starts the day after the current cover ends, not on the day of payment
    const after = (await renewalOf(policy.id)).renewal!;
    const startsOn = addDays(policy.endDate, 1);
    expect(after).toMatchObject({
      status: "activated",
      paymentReference: "512345678901",
      newStartDate: startsOn,
      newEndDate: policyEndDate(startsOn, t.plans.Premium.duration),
      orderId: null,
    });
    expect(startsOn).not.toBe(today);
    expect(await policyOf(after.newPurchaseId!)).toMatchObject({
      status: "active",
      planId: t.plans.Premium.id,
    });
    // the current policy keeps its dates
    expect(await policyOf(policy.id)).toMatchObject({ status: "active", endDate: policy.endDate });
    // its tax invoice, for the amount paid, on the new policy
    const invoices = (await t.call("GET", `/api/purchases/${after.newPurchaseId}/invoices`, t.customer)).json<
      InvoiceListItem[]
    >();
    expect(invoices.map((i) => i.total)).toEqual([order.amount]);
    // the buyer is e-mailed the confirmation with the invoice
    const mails = await queryRows<{ step: string; invoice: string | null; renewal: string }>(
      t.database.db,
      sql`select payload->'data'->>'step' as step, payload->'data'->>'invoiceNumber' as invoice,
          payload->'data'->>'renewal' as renewal from jobs
          where kind = 'email' and payload->>'template' = 'order' and payload->'data'->>'orderId' = ${String(order.id)}
          order by id`,
    );
    expect(mails.map((m) => m.step)).toEqual(["placed", "confirmed"]);
    expect(mails[1].invoice).toBe(invoices[0].number);
    // told as a renewal (its cover starts when the current one ends), not as a new policy
    expect(mails.map((m) => m.renewal)).toEqual(["true", "true"]);
    expect((await orderMail(order.id, "confirmed")).subject).toBe(
      `Payment received: policy ${policy.policyNumber} is renewed`,
    );
    const audited = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where entity_type = 'order' and entity_id = ${order.id} order by id`,
    );
    expect(audited.map((a) => a.action)).toEqual(["order.place", "order.payment_report", "order.confirm"]);
  });

  it("unpaid after 7 days: the renewal is cancelled, the policy in force is untouched, and it can be asked again", async () => {
    const { policy, renewal } = await renewalAsked(30);
    const order = (await payOnline(policy.id)).json<Order>();
    expect(await expireOrders(t.database.db, new Date(Date.now() + 8 * 86_400_000))).toBeGreaterThanOrEqual(
      1,
    );
    const expired = (await t.call("GET", `/api/orders/${order.id}`, t.customer)).json<Order>();
    expect(expired.status).toBe("expired");
    expect(await policyOf(policy.id)).toMatchObject({
      status: "active",
      endDate: policy.endDate,
      cancelReason: null,
    });
    const r = await renewalOf(policy.id);
    expect(r).toMatchObject({
      state: "open",
      renewal: { id: renewal.id, status: "cancelled", orderId: null },
    });
    const audited = await queryRows<{ action: string; reason: string }>(
      t.database.db,
      sql`select action, details->>'reason' as reason from audit_log
          where entity_type = 'purchase' and entity_id = ${policy.id} order by id`,
    );
    expect(audited.at(-1)).toEqual({ action: "purchase.renewal_cancel", reason: EXPIRED_REASON });
    expect((await orderMail(order.id, "expired")).text).toContain(
      `Your current policy ${policy.policyNumber} is not affected`,
    );
    // the holder may ask again and pay again
    expect(
      (await t.call("POST", `/api/purchases/${policy.id}/renewal`, t.customer, { planId: policy.planId }))
        .statusCode,
    ).toBe(201);
    expect((await payOnline(policy.id)).statusCode).toBe(201);
  });

  it("is the holder's own: another customer's policy is a 404, and with no renewal to pay a clear 409", async () => {
    const { policy } = await renewalAsked(40);
    const other = await payOnline(policy.id, t.otherCustomer);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(policy.policyNumber);
    const order = (await payOnline(policy.id)).json<Order>();
    const theirs = await t.call("GET", `/api/orders/${order.id}`, t.otherCustomer);
    expect(theirs.statusCode).toBe(404);
    // a policy with no renewal asked for has nothing to pay
    const res = await t.call("POST", "/api/admin/purchases", t.admin, {
      userId: t.customerId,
      planId: t.plans.Essential.id,
      propertyAddress: "4 Beach Road",
      propertyCity: "Chennai",
      propertyState: "Tamil Nadu",
      propertyPincode: "600041",
      startDate: today,
    });
    const none = await payOnline(res.json<Policy>().id);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe("There is no renewal of this policy waiting for payment");
    const [{ count }] = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from orders where purchase_id = ${res.json<Policy>().id}`,
    );
    expect(count).toBe(0);
  });
});
