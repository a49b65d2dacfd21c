import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { type Actor, holderOrOffice } from "../../../shared/access.ts";
import { hasEnded, policyEndDate, todayInIndia } from "../../../shared/dates.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import { OPEN_ORDER_STATUSES } from "../../../shared/schemas/order.ts";
import type {
  Policy,
  PolicyDetail,
  PolicyIssue,
  PolicyListItem,
  PolicyStatus,
} from "../../../shared/schemas/policy.ts";
import type { Db, Tx } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { orders, partners, plans, purchases, users } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../errors.ts";
import { lockRow } from "../../lib/lock-row.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { getPlanWithFeatures } from "../content/content.service.ts";
import { issueInvoice } from "../invoices/invoices.service.ts";
import { notifyPolicy } from "../mail/notifications.ts";
import { partnerBrand } from "../partners/partner-brand.ts";

type PurchaseRow = typeof purchases.$inferSelect;

/** a policy with a holder: every policy but a partner's handover waiting for its homeowner to accept it */
export type HeldPolicyRow = PurchaseRow & { userId: number };
export const hasHolder = (row: PurchaseRow): row is HeldPolicyRow => row.userId !== null;

/** An active policy past its end date (in India's calendar) is expired, whatever the stored status says. */
export function effectiveStatus(
  row: Pick<PurchaseRow, "status" | "endDate">,
  today = todayInIndia(),
): PolicyStatus {
  return row.status === "active" && hasEnded(row.endDate, today) ? "expired" : row.status;
}

export function toPolicy(row: PurchaseRow): Policy {
  return {
    id: row.id,
    userId: row.userId,
    planId: row.planId,
    policyNumber: row.policyNumber,
    propertyAddress: row.propertyAddress,
    propertyCity: row.propertyCity,
    propertyState: row.propertyState,
    propertyPincode: row.propertyPincode,
    startDate: row.startDate,
    endDate: row.endDate,
    totalAmount: row.totalAmount,
    status: effectiveStatus(row),
    cancelReason: row.cancelReason,
    renewedFrom: row.renewedFrom,
    partnerId: row.partnerId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listPolicies(db: Db, actor: PublicUser): Promise<PolicyListItem[]> {
  const rows = await db
    .select({ purchase: purchases, planName: plans.name })
    .from(purchases)
    .innerJoin(plans, eq(plans.id, purchases.planId))
    .where(eq(purchases.userId, actor.id))
    .orderBy(desc(purchases.startDate), desc(purchases.id));
  return rows.map((r) => ({ purchase: toPolicy(r.purchase), planName: r.planName }));
}

/** A customer reads only their own policy; anyone else's is "not found", not "forbidden". */
export async function getPolicy(db: Db, actor: Actor, id: number): Promise<PolicyDetail> {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id));
  if (!row || !holderOrOffice(actor, row.userId)) throw notFound("Policy not found");
  const plan = await getPlanWithFeatures(db, row.planId);
  if (!plan) throw notFound("Policy not found");
  // a partner's handover still waiting for its homeowner to accept it has no account yet:
  // its holder is the homeowner as the partner named them
  const [holder = { firstName: row.homeownerName ?? "", lastName: "" }] =
    row.userId === null
      ? []
      : await db
          .select({ firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, row.userId));
  const [partner] = row.partnerId
    ? await db
        .select({ id: partners.id, name: partners.name, logoStorageKey: partners.logoStorageKey })
        .from(partners)
        .where(eq(partners.id, row.partnerId))
    : [];
  // a policy bought online waits for its payment: its page leads back to the order's QR code
  const [openOrder] =
    row.status === "pending"
      ? await db
          .select({ id: orders.id })
          .from(orders)
          .where(
            and(
              eq(orders.purchaseId, row.id),
              isNull(orders.renewalId),
              inArray(orders.status, [...OPEN_ORDER_STATUSES]),
            ),
          )
      : [];
  return {
    purchase: toPolicy(row),
    planName: plan.plan.name,
    plan: plan.plan,
    features: plan.features,
    verifyCode: row.verifyCode,
    partner: partner ? partnerBrand(partner) : null,
    holder,
    openOrderId: openOrder?.id ?? null,
  };
}

export const policyNumberFor = (id: number, startDate: string) =>
  `HIPW-${startDate.slice(0, 4)}-${String(id).padStart(6, "0")}`;

/** A new policy's id, taken before the insert: its policy number is made from it. */
export async function nextPurchaseId(tx: Tx): Promise<number> {
  return (await nextPurchaseIds(tx, 1))[0];
}

/** `count` new policies' ids in one round trip (an import of thousands of handovers), in order */
export async function nextPurchaseIds(tx: Tx, count: number): Promise<number[]> {
  const seq = await rowsOf<{ id: number }>(
    tx.execute(
      sql`select nextval(pg_get_serial_sequence('purchases', 'id'))::int as id from generate_series(1, ${count}::int) as n order by n`,
    ),
  );
  return seq.map((r) => Number(r.id));
}

/** Staff issue a policy: number, end date and amount come from the plan, never from the form. */
export async function issuePolicy(db: Db, actor: PublicUser, input: PolicyIssue): Promise<Policy> {
  const startDate = input.startDate;
  if (Number.isNaN(Date.parse(`${startDate}T00:00:00Z`))) throw badRequest("Please enter a valid date");
  const row = await db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.id, input.userId));
    if (customer?.role !== "customer")
      throw badRequest("Please choose a customer", { userId: "Customer not found" });
    const [plan] = await tx.select().from(plans).where(eq(plans.id, input.planId));
    if (!plan) throw badRequest("Please choose a plan", { planId: "Plan not found" });
    if (plan.type !== "B2C" || !plan.duration) {
      throw badRequest("Only homeowner (B2C) plans can be issued as policies", {
        planId: "Choose a B2C plan",
      });
    }
    const id = await nextPurchaseId(tx);
    const [created] = await tx
      .insert(purchases)
      .values({
        id,
        userId: input.userId,
        planId: plan.id,
        policyNumber: policyNumberFor(id, startDate),
        propertyAddress: input.propertyAddress,
        propertyCity: input.propertyCity,
        propertyState: input.propertyState,
        propertyPincode: input.propertyPincode ?? null,
        startDate,
        endDate: policyEndDate(startDate, plan.duration!),
        totalAmount: plan.price * 100,
        status: input.status ?? "active",
      })
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: "purchase.issue",
      entityType: "purchase",
      entityId: id,
      details: { policyNumber: created.policyNumber, planId: plan.id, userId: input.userId },
    });
    // a policy issued active is sold: its tax invoice is made with it; a pending one gets it on activation
    if (created.status === "active") await issueInvoice(tx, actor.id, created);
    await notifyPolicy(tx, created, "issued");
    return created;
  });
  return toPolicy(row);
}

export async function setPolicyStatus(
  db: Db,
  actor: PublicUser,
  id: number,
  change: { to: "active" } | { to: "cancelled"; reason: string },
): Promise<Policy> {
  return db.transaction(async (tx) => {
    // decided under the row lock: of two staff members acting at once, the second sees the first's change
    const row = await lockRow(tx, purchases, id, "Policy not found");
    const current = effectiveStatus(row);
    if (change.to === "active" && current !== "pending")
      throw conflict("Only a pending policy can be activated");
    if (change.to === "cancelled" && (current === "cancelled" || current === "expired")) {
      throw conflict(`This policy is already ${current}`);
    }
    const [updated] = await tx
      .update(purchases)
      .set({
        status: change.to,
        cancelReason: change.to === "cancelled" ? change.reason : row.cancelReason,
        updatedAt: new Date(),
      })
      .where(eq(purchases.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: change.to === "active" ? "purchase.activate" : "purchase.cancel",
      entityType: "purchase",
      entityId: id,
      details: {
        from: current,
        to: change.to,
        ...(change.to === "cancelled" ? { reason: change.reason } : {}),
      },
    });
    if (change.to === "active") {
      // a partner's registration is billed to the partner, not to the homeowner
      if (updated.partnerId === null) await issueInvoice(tx, actor.id, updated);
      await notifyPolicy(tx, updated, "activated");
    }
    return toPolicy(updated);
  });
}
