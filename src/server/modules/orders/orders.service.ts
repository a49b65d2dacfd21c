import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { type Actor, holderOrOffice } from "../../../shared/access.ts";
import { policyEndDate, todayInIndia } from "../../../shared/dates.ts";
import type { Page } from "../../../shared/endpoints/define.ts";
import { fullName } from "../../../shared/names.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import {
  type AdminOrder,
  OPEN_ORDER_STATUSES,
  ORDER_PAYMENT_DAYS,
  type Order,
  type OrderStatus,
} from "../../../shared/schemas/order.ts";
import type { Db, Tx } from "../../db/client.ts";
import { orders, plans, purchases, renewals, users } from "../../db/schema.ts";
import { conflict, notFound } from "../../errors.ts";
import { newestFirstPage } from "../../lib/keyset.ts";
import { lockRow } from "../../lib/lock-row.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { issueInvoice } from "../invoices/invoices.service.ts";
import { notifyPolicy, person } from "../mail/notifications.ts";
import { queueEmail, STAFF_ADDRESS } from "../mail/outbox.ts";
import { cancelRenewalIn } from "../renewals/renewal-payments.service.ts";
import { activateRenewalIn } from "../renewals/renewals.service.ts";
import type { PaymentMethod } from "./payment-methods.ts";

/**
 * Online orders. A homeowner places an order for a plan: a pending policy is made with it,
 * and the order fixes the amount (the plan's price, GST included) and a reference the bank
 * shows beside the payment. Staff confirm the payment (by hand, or from the bank statement),
 * which puts the policy in force from that day with its tax invoice; an order not paid in
 * ORDER_PAYMENT_DAYS expires, and its pending policy is cancelled. Every change of money
 * (placed, paid, cancelled, expired) is audited in the same transaction as the change.
 *
 * An order pays for one of two things, and each step below asks which: a new policy (the
 * order's pending purchase), or a renewal of a policy in force (`renewalId`; the purchase is
 * the policy being renewed). Paying a renewal activates it from the start the renewal module
 * decides; an unpaid one cancels the renewal, never the policy.
 */

const ORDER_NOT_FOUND = "Order not found";
export const ONLINE_PURCHASE_OFF =
  "Online purchase is not available at the moment. Please choose Select Plan and we will call you.";
export const EXPIRED_REASON = `Not paid within ${ORDER_PAYMENT_DAYS} days of the order`;

/**
 * How orders are paid (UPI to UPI_VPA), or null when online purchase is off; given by the
 * routes from the app's configuration.
 */
export type Payments = PaymentMethod | null;

export function joined(db: Db | Tx) {
  return (
    db
      .select({
        order: orders,
        policyNumber: purchases.policyNumber,
        userId: purchases.userId,
        renewalId: orders.renewalId,
        planName: plans.name,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(orders)
      .innerJoin(purchases, eq(purchases.id, orders.purchaseId))
      // the plan paid for: a renewal's own plan (it may be an upgrade), else the policy's
      .leftJoin(renewals, eq(renewals.id, orders.renewalId))
      .innerJoin(plans, eq(plans.id, sql`coalesce(${renewals.planId}, ${purchases.planId})`))
      .leftJoin(users, eq(users.id, purchases.userId))
  );
}
type Joined = Awaited<ReturnType<ReturnType<typeof joined>["where"]>>[number];

export function toOrder(pay: Payments, j: Joined): Order {
  return {
    id: j.order.id,
    purchaseId: j.order.purchaseId,
    renewalId: j.order.renewalId,
    reference: j.order.reference,
    amount: j.order.amount,
    status: j.order.status,
    // made from the stored order: its amount and reference never change
    upiUri: pay?.paymentLink({ ...j.order, planName: j.planName }) ?? "",
  };
}

function toAdminOrder(pay: Payments, j: Joined): AdminOrder {
  return {
    ...toOrder(pay, j),
    policyNumber: j.policyNumber,
    planName: j.planName,
    customerName: fullName({ firstName: j.firstName ?? "", lastName: j.lastName ?? "" }),
    customerEmail: j.email ?? "",
    reportedUtr: j.order.reportedUtr,
    utr: j.order.utr,
    cancelReason: j.order.cancelReason,
    paidAt: j.order.paidAt?.toISOString() ?? null,
    createdAt: j.order.createdAt.toISOString(),
    expiresAt: j.order.expiresAt.toISOString(),
  };
}

export async function orderById(db: Db | Tx, id: number): Promise<Joined> {
  const [row] = await joined(db).where(eq(orders.id, id));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

/** The buyer's own order (or any, for staff); anyone else's is "not found", not "forbidden". */
async function ownOrder(db: Db | Tx, actor: Actor, id: number): Promise<Joined> {
  const row = await orderById(db, id);
  if (!holderOrOffice(actor, row.userId)) throw notFound(ORDER_NOT_FOUND);
  return row;
}

export async function tellBuyer(
  tx: Tx,
  j: Joined,
  step: "placed" | "confirmed" | "cancelled" | "expired",
  extra: { invoiceNumber?: string; reason?: string } = {},
) {
  const buyer = j.userId === null ? undefined : await person(tx, j.userId);
  if (!buyer) return;
  await queueEmail(tx, {
    template: "order",
    to: buyer.email,
    toName: buyer.name,
    audience: "customer",
    userId: buyer.id,
    data: {
      name: buyer.name,
      orderId: j.order.id,
      reference: j.order.reference,
      purchaseId: j.order.purchaseId,
      policyNumber: j.policyNumber,
      planName: j.planName,
      amount: j.order.amount,
      step,
      ...(j.order.renewalId !== null ? { renewal: true } : {}),
      ...extra,
    },
  });
}

export async function getOrder(db: Db, pay: Payments, actor: Actor, id: number): Promise<Order> {
  return toOrder(pay, await ownOrder(db, actor, id));
}

/** The buyer's UTR of their payment: kept for staff to check against the bank, and staff are told. */
export async function reportPayment(
  db: Db,
  pay: Payments,
  actor: Actor,
  id: number,
  utr: string,
): Promise<Order> {
  await db.transaction(async (tx) => {
    await ownOrder(tx, actor, id);
    const row = await lockRow(tx, orders, id, ORDER_NOT_FOUND);
    if (!isOpen(row.status)) throw conflict(closedMessage(row.status));
    await tx
      .update(orders)
      .set({ reportedUtr: utr, status: "payment_reported", updatedAt: new Date() })
      .where(eq(orders.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "order.payment_report",
      entityType: "order",
      entityId: id,
      details: { utr, amount: row.amount },
    });
    const j = await orderById(tx, id);
    await queueEmail(tx, {
      template: "staff_order_payment",
      to: STAFF_ADDRESS,
      audience: "staff",
      data: {
        name: "",
        orderId: id,
        reference: j.order.reference,
        purchaseId: j.order.purchaseId,
        policyNumber: j.policyNumber,
        planName: j.planName,
        amount: j.order.amount,
        customer: fullName({ firstName: j.firstName ?? "", lastName: j.lastName ?? "" }),
        utr,
      },
    });
  });
  return toOrder(pay, await orderById(db, id));
}

export async function listOrders(
  db: Db,
  pay: Payments,
  query: { limit: number; cursor?: string; status?: OrderStatus[] },
): Promise<Page<AdminOrder>> {
  const where = query.status?.length ? inArray(orders.status, query.status) : undefined;
  const rows = await joined(db)
    .where(and(where, query.cursor ? lt(orders.id, Number(query.cursor)) : undefined))
    .orderBy(desc(orders.id))
    .limit(query.limit + 1);
  return newestFirstPage(db, orders, where, rows, query.limit, (j) => toAdminOrder(pay, j));
}

export const isOpen = (status: OrderStatus) => (OPEN_ORDER_STATUSES as readonly string[]).includes(status);

function closedMessage(status: OrderStatus): string {
  return status === "paid"
    ? "This order has already been paid and confirmed"
    : `This order has ${status === "expired" ? "expired" : "been cancelled"}`;
}

/**
 * The payment arrived: in one transaction under the order's lock, the order is paid, what it
 * pays for comes into force, the tax invoice is issued for the amount paid (the order's,
 * never the plan's price of today), and the buyer is told. A new policy is in force from
 * today (India time) for the plan's term; a renewal from its own start, the day after the
 * current cover ends. A second confirmation is a 409; a UTR already confirming another order
 * is a 409.
 */
export async function confirmOrder(
  tx: Tx,
  actor: PublicUser,
  id: number,
  input: { utr?: string },
  today = todayInIndia(),
): Promise<void> {
  const row = await lockRow(tx, orders, id, ORDER_NOT_FOUND);
  if (!isOpen(row.status)) throw conflict(closedMessage(row.status));
  const utr = input.utr ?? row.reportedUtr ?? null;
  if (utr) {
    const [other] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.utr, utr));
    if (other) throw conflict(`UTR ${utr} has already confirmed another order`, { utr: "Already used" });
  }
  const { invoiceNumber } = row.renewalId
    ? await activateRenewalIn(tx, actor, row.renewalId, utr ?? row.reference, today)
    : await activatePurchase(tx, actor, row.purchaseId, id, today);
  await tx
    .update(orders)
    .set({ status: "paid", utr, paidAt: new Date(), confirmedBy: actor.id, updatedAt: new Date() })
    .where(eq(orders.id, id));
  await recordAudit(tx, {
    actorId: actor.id,
    action: "order.confirm",
    entityType: "order",
    entityId: id,
    details: { amount: row.amount, utr, invoiceNumber, purchaseId: row.purchaseId, renewalId: row.renewalId },
  });
  await tellBuyer(tx, await orderById(tx, id), "confirmed", { invoiceNumber });
}

/** A bought policy comes into force from the day its payment is confirmed, with its invoice. */
async function activatePurchase(
  tx: Tx,
  actor: PublicUser,
  purchaseId: number,
  orderId: number,
  today: string,
): Promise<{ invoiceNumber: string }> {
  const policy = await lockRow(tx, purchases, purchaseId, ORDER_NOT_FOUND);
  if (policy.status !== "pending") throw conflict("This order's policy is no longer pending");
  const [plan] = await tx.select().from(plans).where(eq(plans.id, policy.planId));
  const [active] = await tx
    .update(purchases)
    .set({
      status: "active",
      startDate: today,
      endDate: policyEndDate(today, plan.duration ?? 1),
      updatedAt: new Date(),
    })
    .where(eq(purchases.id, policy.id))
    .returning();
  const invoice = await issueInvoice(tx, actor.id, active, today);
  await recordAudit(tx, {
    actorId: actor.id,
    action: "purchase.activate",
    entityType: "purchase",
    entityId: policy.id,
    details: { from: "pending", to: "active", orderId },
  });
  await notifyPolicy(tx, active, "activated");
  return { invoiceNumber: invoice.number };
}

export async function confirmOrderById(
  db: Db,
  pay: Payments,
  actor: PublicUser,
  id: number,
  input: { utr?: string },
): Promise<AdminOrder> {
  await db.transaction((tx) => confirmOrder(tx, actor, id, input));
  return toAdminOrder(pay, await orderById(db, id));
}

/**
 * An unpaid order ends: withdrawn by staff (cancelled, with their reason) or past its days
 * (expired). What it would have paid for is cancelled with the same reason (the pending
 * policy, or the renewal: the policy in force stays as it is), and the buyer is told.
 */
async function closeOrder(
  tx: Tx,
  /** null: the scheduled expiry */
  actor: PublicUser | null,
  id: number,
  to: "cancelled" | "expired",
  reason: string,
): Promise<void> {
  const row = await lockRow(tx, orders, id, ORDER_NOT_FOUND);
  if (!isOpen(row.status)) throw conflict(closedMessage(row.status));
  await tx
    .update(orders)
    .set({ status: to, cancelReason: reason, updatedAt: new Date() })
    .where(eq(orders.id, id));
  await recordAudit(tx, {
    actorId: actor?.id ?? null,
    action: to === "expired" ? "order.expire" : "order.cancel",
    entityType: "order",
    entityId: id,
    details: { amount: row.amount, reason, purchaseId: row.purchaseId, renewalId: row.renewalId },
  });
  if (row.renewalId) {
    await cancelRenewalIn(tx, actor?.id ?? null, row.renewalId, reason);
  } else {
    await tx
      .update(purchases)
      .set({ status: "cancelled", cancelReason: reason, updatedAt: new Date() })
      .where(and(eq(purchases.id, row.purchaseId), eq(purchases.status, "pending")));
    await recordAudit(tx, {
      actorId: actor?.id ?? null,
      action: "purchase.cancel",
      entityType: "purchase",
      entityId: row.purchaseId,
      details: { from: "pending", to: "cancelled", reason, orderId: id },
    });
  }
  await tellBuyer(tx, await orderById(tx, id), to, { reason });
}

export async function cancelOrder(
  db: Db,
  pay: Payments,
  actor: PublicUser,
  id: number,
  reason: string,
): Promise<AdminOrder> {
  await db.transaction((tx) => closeOrder(tx, actor, id, "cancelled", reason));
  return toAdminOrder(pay, await orderById(db, id));
}

/** The scheduled run: every open order past its days expires, each in its own transaction. */
export async function expireOrders(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.status, [...OPEN_ORDER_STATUSES]), lt(orders.expiresAt, now)));
  let expired = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, id))
        .for("update");
      // paid or withdrawn since the list was read: nothing to do
      if (!row || !isOpen(row.status)) return;
      await closeOrder(tx, null, id, "expired", EXPIRED_REASON);
      expired++;
    });
  }
  return expired;
}
