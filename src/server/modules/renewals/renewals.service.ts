import { and, asc, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { type Actor, holderOrOffice } from "../../../shared/access.ts";
import { addDays, policyEndDate, todayInIndia } from "../../../shared/dates.ts";
import type { Page } from "../../../shared/endpoints/define.ts";
import { fullName } from "../../../shared/names.ts";
import { planPricePaise } from "../../../shared/pricing.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import {
  type AdminRenewal,
  OPEN_RENEWAL_STATUSES,
  type PolicyRenewal,
  type Renewal,
  type RenewalOption,
  type RenewalStatus,
  renewalWindow,
} from "../../../shared/schemas/renewal.ts";
import type { Db, Tx } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { orders, plans, purchases, renewals, users } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../errors.ts";
import { newestFirstPage } from "../../lib/keyset.ts";
import { lockRow } from "../../lib/lock-row.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { issueInvoice } from "../invoices/invoices.service.ts";
import { notifyRenewal } from "../mail/notifications.ts";
import {
  effectiveStatus,
  type HeldPolicyRow,
  hasHolder,
  policyNumberFor,
} from "../policies/policies.service.ts";
import { userChanged } from "../users/remembered-users.ts";

/**
 * Renewal of a policy. The holder asks from 60 days before the end (or after it, when the
 * policy has lapsed and an inspection visit comes first, as the FAQ says); staff record the
 * inspection and, once paid, activate it. The new period is a new policy row whose
 * `renewed_from` names the old one: the old policy keeps its dates, certificate, verification
 * code, invoice and history, and the new one gets its own number, certificate and invoice.
 */

export type RenewalRow = typeof renewals.$inferSelect;

/** Its own plan, then every homeowner plan that costs more (an upgrade), cheapest first. */
async function optionsFor(db: Db | Tx, planId: number): Promise<RenewalOption[]> {
  const [current] = await db.select().from(plans).where(eq(plans.id, planId));
  if (!current) return [];
  const higher = await db
    .select()
    .from(plans)
    .where(and(eq(plans.type, "B2C"), gt(plans.price, current.price)))
    .orderBy(asc(plans.price));
  return [current, ...higher]
    .filter((p) => p.type === "B2C" && p.duration)
    .map((p) => ({
      planId: p.id,
      planName: p.name,
      price: planPricePaise(p),
      durationYears: p.duration!,
      upgrade: p.id !== current.id,
    }));
}

const renewalColumns = {
  r: renewals,
  planName: plans.name,
  durationYears: plans.duration,
  policyNumber: purchases.policyNumber,
  endDate: purchases.endDate,
  propertyCity: purchases.propertyCity,
  customerId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  newPolicyNumber: sql<
    string | null
  >`(select p.policy_number from purchases p where p.id = ${renewals.newPurchaseId})`,
  newStartDate: sql<
    string | null
  >`(select p.start_date::text from purchases p where p.id = ${renewals.newPurchaseId})`,
  newEndDate: sql<
    string | null
  >`(select p.end_date::text from purchases p where p.id = ${renewals.newPurchaseId})`,
  orderId: sql<
    number | null
  >`(select o.id from orders o where o.renewal_id = ${renewals.id} and o.status in ('awaiting_payment', 'payment_reported'))`,
};

type Joined = {
  r: RenewalRow;
  planName: string;
  durationYears: number | null;
  policyNumber: string;
  endDate: string;
  propertyCity: string;
  customerId: number;
  firstName: string;
  lastName: string;
  email: string;
  newPolicyNumber: string | null;
  newStartDate: string | null;
  newEndDate: string | null;
  orderId: number | null;
};

function joined(db: Db | Tx) {
  return db
    .select(renewalColumns)
    .from(renewals)
    .innerJoin(plans, eq(plans.id, renewals.planId))
    .innerJoin(purchases, eq(purchases.id, renewals.purchaseId))
    .innerJoin(users, eq(users.id, purchases.userId));
}

function toRenewal(j: Joined): Renewal {
  const r = j.r;
  return {
    id: r.id,
    purchaseId: r.purchaseId,
    policyNumber: j.policyNumber,
    planId: r.planId,
    planName: j.planName,
    durationYears: j.durationYears ?? 0,
    amount: r.amount,
    status: r.status as RenewalStatus,
    lapsed: r.lapsed,
    inspectionResult: (r.inspectionResult as "passed" | "failed" | null) ?? null,
    inspectionNote: r.inspectionNote,
    inspectedAt: r.inspectedAt?.toISOString() ?? null,
    paymentReference: r.paymentReference,
    activatedAt: r.activatedAt?.toISOString() ?? null,
    newPurchaseId: r.newPurchaseId,
    newPolicyNumber: j.newPolicyNumber,
    newStartDate: j.newStartDate,
    newEndDate: j.newEndDate,
    orderId: j.orderId === null ? null : Number(j.orderId),
    createdAt: r.createdAt.toISOString(),
  };
}

function toAdminRenewal(j: Joined): AdminRenewal {
  return {
    ...toRenewal(j),
    customerId: j.customerId,
    customerName: fullName(j),
    customerEmail: j.email,
    propertyCity: j.propertyCity,
    endDate: j.endDate,
  };
}

async function renewalById(db: Db | Tx, id: number): Promise<Joined> {
  const [row] = await joined(db).where(eq(renewals.id, id));
  if (!row) throw notFound("Renewal not found");
  return row;
}

/** Every renewal of the policies a person holds, oldest first: for their data export */
export async function renewalsOfHolder(db: Db, userId: number): Promise<Renewal[]> {
  const rows = await joined(db).where(eq(purchases.userId, userId)).orderBy(asc(renewals.id));
  return rows.map(toRenewal);
}

/** The policy if this person holds it (staff: any); "not found" otherwise, as for the policy itself. */
export async function heldPolicy(
  db: Db | Tx,
  actor: Actor,
  id: number,
  lock = false,
): Promise<HeldPolicyRow> {
  const query = db.select().from(purchases).where(eq(purchases.id, id));
  const [row] = lock ? await query.for("update") : await query;
  // a handover still waiting for its homeowner has nobody to renew it
  if (!row || !hasHolder(row) || !holderOrOffice(actor, row.userId)) throw notFound("Policy not found");
  return row;
}

async function successorOf(db: Db | Tx, purchaseId: number) {
  const [row] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(eq(purchases.renewedFrom, purchaseId));
  return row;
}

export async function getPolicyRenewal(db: Db, actor: Actor, purchaseId: number): Promise<PolicyRenewal> {
  const policy = await heldPolicy(db, actor, purchaseId);
  const window = renewalWindow({ status: effectiveStatus(policy), endDate: policy.endDate }, todayInIndia());
  const [latest] = await joined(db)
    .where(eq(renewals.purchaseId, purchaseId))
    .orderBy(desc(renewals.id))
    .limit(1);
  const [holder] = await db.select({ gstin: users.gstin }).from(users).where(eq(users.id, policy.userId));
  const renewed = await successorOf(db, purchaseId);
  return {
    state: renewed ? "renewed" : window.state,
    lapsed: window.lapsed,
    opensOn: window.opensOn,
    options: await optionsFor(db, policy.planId),
    renewal: latest ? toRenewal(latest) : null,
    gstin: holder?.gstin ?? null,
  };
}

/** The renewal of this policy still under way, if any (at most one: the partial unique index) */
export async function openRenewalOf(tx: Tx, purchaseId: number) {
  const [open] = await tx
    .select({ id: renewals.id })
    .from(renewals)
    .where(and(eq(renewals.purchaseId, purchaseId), inArray(renewals.status, [...OPEN_RENEWAL_STATUSES])));
  return open;
}

/**
 * The holder asks to renew, on the policy's own plan or a higher one. Decided under the
 * policy's row lock, so of two requests at once the second sees the first (and the partial
 * unique index on open renewals would refuse it anyway).
 */
export async function requestRenewal(
  db: Db,
  actor: Actor,
  purchaseId: number,
  input: { planId: number; gstin?: string | null },
): Promise<Renewal> {
  const id = await db.transaction(async (tx) => {
    const policy = await heldPolicy(tx, actor, purchaseId, true);
    const status = effectiveStatus(policy);
    const window = renewalWindow({ status, endDate: policy.endDate }, todayInIndia());
    if (await successorOf(tx, purchaseId)) throw conflict("This policy has already been renewed");
    if (window.state === "closed") {
      throw conflict(
        status === "pending"
          ? "This policy has not started yet, so it cannot be renewed"
          : "A cancelled policy cannot be renewed",
      );
    }
    if (window.state === "not_yet") {
      throw conflict(`Renewal opens on ${window.opensOn}, 60 days before this policy ends`);
    }
    if (await openRenewalOf(tx, purchaseId))
      throw conflict("A renewal of this policy is already in progress");
    const option = (await optionsFor(tx, policy.planId)).find((o) => o.planId === input.planId);
    if (!option) {
      throw badRequest("Please choose this policy's plan or a higher one", {
        planId: "Choose one of the plans offered",
      });
    }
    if (input.gstin !== undefined) {
      await tx
        .update(users)
        .set({ gstin: input.gstin, updatedAt: new Date() })
        .where(eq(users.id, policy.userId));
      await userChanged(tx, policy.userId);
    }
    const [row] = await tx
      .insert(renewals)
      .values({
        purchaseId,
        planId: option.planId,
        amount: option.price,
        lapsed: window.lapsed,
        status: window.lapsed ? "inspection_required" : "awaiting_payment",
      })
      .returning();
    // the policy's history (its audit trail) carries each step of its renewal
    await recordAudit(tx, {
      actorId: actor.id,
      action: "purchase.renewal_request",
      entityType: "purchase",
      entityId: purchaseId,
      details: {
        renewalId: row.id,
        planId: option.planId,
        amount: option.price,
        lapsed: window.lapsed,
        ...(input.gstin !== undefined ? { gstinGiven: input.gstin !== null } : {}),
      },
    });
    await notifyRenewal(tx, toRenewal(await renewalById(tx, row.id)), policy.userId, "requested");
    return row.id;
  });
  return toRenewal(await renewalById(db, id));
}

export async function listRenewals(
  db: Db,
  query: { limit: number; cursor?: string; status?: RenewalStatus[] },
): Promise<Page<AdminRenewal>> {
  const where = query.status?.length ? inArray(renewals.status, query.status) : undefined;
  const rows = await joined(db)
    .where(and(where, query.cursor ? lt(renewals.id, Number(query.cursor)) : undefined))
    .orderBy(desc(renewals.id))
    .limit(query.limit + 1);
  return newestFirstPage(db, renewals, where, rows, query.limit, toAdminRenewal);
}

export async function lockedRenewal(tx: Tx, id: number): Promise<RenewalRow> {
  return lockRow(tx, renewals, id, "Renewal not found");
}

/** A lapsed policy's inspection visit: passed lets staff take payment, failed ends the renewal. */
export async function recordInspection(
  db: Db,
  actor: PublicUser,
  id: number,
  input: { result: "passed" | "failed"; note: string },
): Promise<AdminRenewal> {
  await db.transaction(async (tx) => {
    const row = await lockedRenewal(tx, id);
    if (row.status !== "inspection_required") {
      throw conflict(
        row.lapsed
          ? "The inspection of this renewal has already been recorded"
          : "This renewal needs no inspection: the policy had not lapsed",
      );
    }
    const status = input.result === "passed" ? "awaiting_payment" : "inspection_failed";
    await tx
      .update(renewals)
      .set({
        status,
        inspectionResult: input.result,
        inspectionNote: input.note || null,
        inspectedAt: new Date(),
        inspectedBy: actor.id,
        updatedAt: new Date(),
      })
      .where(eq(renewals.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "purchase.renewal_inspection",
      entityType: "purchase",
      entityId: row.purchaseId,
      details: { renewalId: id, result: input.result, ...(input.note ? { note: input.note } : {}) },
    });
    const [policy] = await tx
      .select({ userId: purchases.userId })
      .from(purchases)
      .where(eq(purchases.id, row.purchaseId));
    await notifyRenewal(tx, toRenewal(await renewalById(tx, id)), policy.userId, "inspected");
  });
  return toAdminRenewal(await renewalById(db, id));
}

/**
 * Paid: the new period becomes a policy of its own, active, with its tax invoice, in one
 * transaction. It starts the day after the old one ends and lasts the plan's term, ending the
 * day before the anniversary as every policy does. A lapsed policy's cover cannot reach back
 * over the gap, so its renewal starts on the day it is activated. A renewal being paid by an
 * online order is confirmed from Orders instead, so the order and the renewal agree.
 */
export async function activateRenewal(
  db: Db,
  actor: PublicUser,
  id: number,
  input: { paymentReference: string },
  today = todayInIndia(),
): Promise<AdminRenewal> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ reference: orders.reference })
      .from(orders)
      .where(and(eq(orders.renewalId, id), inArray(orders.status, ["awaiting_payment", "payment_reported"])));
    if (order) {
      throw conflict(`This renewal is being paid online: confirm order ${order.reference} in Orders`);
    }
    await activateRenewalIn(tx, actor, id, input.paymentReference, today);
  });
  return toAdminRenewal(await renewalById(db, id));
}

/**
 * The activation itself, inside the caller's transaction: by staff above, or by the
 * confirmation of the renewal's online order. Returns the new policy's invoice number.
 */
export async function activateRenewalIn(
  tx: Tx,
  actor: PublicUser,
  id: number,
  paymentReference: string,
  today: string,
): Promise<{ invoiceNumber: string }> {
  const row = await lockedRenewal(tx, id);
  if (row.status === "inspection_required")
    throw conflict("Record a passed inspection before activating this renewal");
  if (row.status === "inspection_failed") throw conflict("This renewal failed its inspection");
  if (row.status === "cancelled") throw conflict("This renewal has been cancelled");
  if (row.status === "activated") throw conflict("This renewal is already activated");
  const [old] = await tx.select().from(purchases).where(eq(purchases.id, row.purchaseId)).for("update");
  if (await successorOf(tx, old.id)) throw conflict("This policy has already been renewed");
  const [plan] = await tx.select().from(plans).where(eq(plans.id, row.planId));
  const dayAfter = addDays(old.endDate, 1);
  const startDate = row.lapsed && dayAfter < today ? today : dayAfter;
  const [seq] = await rowsOf<{ id: number }>(
    tx.execute(sql`select nextval(pg_get_serial_sequence('purchases', 'id'))::int as id`),
  );
  const newId = Number(seq.id);
  const [created] = await tx
    .insert(purchases)
    .values({
      id: newId,
      userId: old.userId,
      planId: row.planId,
      policyNumber: policyNumberFor(newId, startDate),
      propertyAddress: old.propertyAddress,
      propertyCity: old.propertyCity,
      propertyState: old.propertyState,
      propertyPincode: old.propertyPincode,
      startDate,
      endDate: policyEndDate(startDate, plan.duration ?? 1),
      totalAmount: row.amount,
      status: "active",
      renewedFrom: old.id,
    })
    .returning();
  await tx
    .update(renewals)
    .set({
      status: "activated",
      paymentReference,
      activatedAt: new Date(),
      activatedBy: actor.id,
      newPurchaseId: newId,
      updatedAt: new Date(),
    })
    .where(eq(renewals.id, id));
  await recordAudit(tx, {
    actorId: actor.id,
    action: "purchase.renewal_activate",
    entityType: "purchase",
    entityId: old.id,
    details: { renewalId: id, paymentReference, renewedBy: created.policyNumber },
  });
  await recordAudit(tx, {
    actorId: actor.id,
    action: "purchase.issue",
    entityType: "purchase",
    entityId: newId,
    details: {
      policyNumber: created.policyNumber,
      planId: row.planId,
      userId: old.userId,
      renewedFrom: old.id,
    },
  });
  const invoice = await issueInvoice(tx, actor.id, created, today);
  await notifyRenewal(tx, toRenewal(await renewalById(tx, id)), old.userId, "activated");
  return { invoiceNumber: invoice.number };
}
