import { randomInt } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Actor } from "../../../shared/access.ts";
import { policyEndDate, todayInIndia } from "../../../shared/dates.ts";
import { planPricePaise } from "../../../shared/pricing.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import {
  OPEN_ORDER_STATUSES,
  ORDER_PAYMENT_DAYS,
  type Order,
  type OrderCreate,
} from "../../../shared/schemas/order.ts";
import type { Db } from "../../db/client.ts";
import { orders, plans, purchases } from "../../db/schema.ts";
import { badRequest, conflict, forbidden } from "../../errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { nextPurchaseId, policyNumberFor } from "../policies/policies.service.ts";
import { renewalToPay } from "../renewals/renewal-payments.service.ts";
import { ONLINE_PURCHASE_OFF, orderById, type Payments, tellBuyer, toOrder } from "./orders.service.ts";

/**
 * Placing an order, for a new policy or for a renewal: the amount is fixed here, once, and the
 * buyer is told how to pay. Confirming, cancelling and expiring are in orders.service.ts.
 */

// letters and digits that cannot be misread for each other when typed from a bank statement
const REFERENCE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** "HIPO" and eight characters: short enough for a UPI note, distinct enough to find in a narration */
function newReference(): string {
  let s = "HIPO";
  for (let i = 0; i < 8; i++) s += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return s;
}

/**
 * A homeowner places an order: a pending policy for the property, and the order with its
 * amount taken from the plan now (the plan's price may change later; the order's never
 * does). Only a homeowner's (customer) account buys; a homeowner plan only.
 */
export async function placeOrder(
  db: Db,
  pay: Payments,
  actor: PublicUser,
  input: OrderCreate,
  now = new Date(),
): Promise<Order> {
  if (!pay) throw conflict(ONLINE_PURCHASE_OFF);
  if (actor.role !== "customer") throw forbidden("Plans are bought from a homeowner's account");
  const id = await db.transaction(async (tx) => {
    const [plan] = await tx.select().from(plans).where(eq(plans.id, input.planId));
    if (plan?.type !== "B2C" || !plan.duration || plan.price <= 0) {
      throw badRequest("Please choose one of our homeowner plans", { planId: "Choose a homeowner plan" });
    }
    const today = todayInIndia(now);
    const purchaseId = await nextPurchaseId(tx);
    const amount = planPricePaise(plan);
    const [policy] = await tx
      .insert(purchases)
      .values({
        id: purchaseId,
        userId: actor.id,
        planId: plan.id,
        policyNumber: policyNumberFor(purchaseId, today),
        propertyAddress: input.propertyAddress,
        propertyCity: input.propertyCity,
        propertyState: input.propertyState,
        propertyPincode: input.propertyPincode,
        // provisional: the cover starts the day the payment is confirmed
        startDate: today,
        endDate: policyEndDate(today, plan.duration),
        totalAmount: amount,
        status: "pending",
      })
      .returning();
    const [order] = await tx
      .insert(orders)
      .values({
        reference: newReference(),
        purchaseId,
        amount,
        method: pay.id,
        expiresAt: new Date(now.getTime() + ORDER_PAYMENT_DAYS * 86_400_000),
      })
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: "purchase.issue",
      entityType: "purchase",
      entityId: purchaseId,
      details: { policyNumber: policy.policyNumber, planId: plan.id, userId: actor.id, orderId: order.id },
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "order.place",
      entityType: "order",
      entityId: order.id,
      details: { reference: order.reference, purchaseId, amount, method: pay.id },
    });
    await tellBuyer(tx, await orderById(tx, order.id), "placed");
    return order.id;
  });
  return toOrder(pay, await orderById(db, id));
}

/**
 * The holder pays a renewal online: an order for the renewal waiting for payment on this
 * policy, for the renewal's amount (fixed when it was asked for, GST included). Asked again
 * while that order is open, the same order is returned rather than a second one.
 */
export async function placeRenewalOrder(
  db: Db,
  pay: Payments,
  actor: Actor,
  purchaseId: number,
  now = new Date(),
): Promise<Order> {
  if (!pay) throw conflict(ONLINE_PURCHASE_OFF);
  const id = await db.transaction(async (tx) => {
    const renewal = await renewalToPay(tx, actor, purchaseId);
    const [open] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.renewalId, renewal.id), inArray(orders.status, [...OPEN_ORDER_STATUSES])));
    if (open) return open.id;
    const [order] = await tx
      .insert(orders)
      .values({
        reference: newReference(),
        purchaseId,
        renewalId: renewal.id,
        amount: renewal.amount,
        method: pay.id,
        expiresAt: new Date(now.getTime() + ORDER_PAYMENT_DAYS * 86_400_000),
      })
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: "order.place",
      entityType: "order",
      entityId: order.id,
      details: {
        reference: order.reference,
        purchaseId,
        renewalId: renewal.id,
        amount: order.amount,
        method: pay.id,
      },
    });
    await tellBuyer(tx, await orderById(tx, order.id), "placed");
    return order.id;
  });
  return toOrder(pay, await orderById(db, id));
}
