import { eq } from "drizzle-orm";
import { fullName } from "../../../shared/names.ts";
import type { Tx } from "../../db/client.ts";
import { plans, purchases, users } from "../../db/schema.ts";
import { queueEmail } from "../mail/outbox.ts";
import { contactColumns } from "../users/public-user.ts";

/**
 * The e-mails of a transfer, queued in the transaction of the step that causes them: the
 * buyer hears of the start and a cancellation; both parties hear of an acceptance that waits
 * for staff, of the completion and of a refusal.
 */

type TransferRow = {
  id: number;
  purchaseId: number;
  fromUserId: number;
  toUserId: number | null;
  buyerName: string;
  buyerEmail: string;
  needsApproval: boolean;
};

type Step = "accepted" | "completed" | "declined";

async function policyOf(tx: Tx, purchaseId: number) {
  const [p] = await tx
    .select({
      id: purchases.id,
      policyNumber: purchases.policyNumber,
      city: purchases.propertyCity,
      endDate: purchases.endDate,
      planName: plans.name,
    })
    .from(purchases)
    .innerJoin(plans, eq(plans.id, purchases.planId))
    .where(eq(purchases.id, purchaseId));
  return p;
}

async function person(tx: Tx, id: number) {
  const [u] = await tx.select(contactColumns(users)).from(users).where(eq(users.id, id));
  return u;
}

function facts(t: TransferRow, p: NonNullable<Awaited<ReturnType<typeof policyOf>>>, name: string) {
  return {
    name,
    purchaseId: p.id,
    policyNumber: p.policyNumber,
    planName: p.planName,
    city: p.city,
    endDate: p.endDate,
    needsApproval: t.needsApproval,
  };
}

/** started: the buyer gets the link (its token is made as the e-mail is sent, and exists only there) */
export async function notifyTransferInvite(tx: Tx, t: TransferRow, days: number) {
  const p = await policyOf(tx, t.purchaseId);
  const seller = await person(tx, t.fromUserId);
  if (!p || !seller) return;
  await queueEmail(tx, {
    template: "transfer_invite",
    to: t.buyerEmail,
    toName: t.buyerName,
    audience: "visitor",
    data: { ...facts(t, p, t.buyerName), sellerFirstName: seller.firstName, days, email: t.buyerEmail },
    link: { kind: "transfer", id: t.id },
  });
}

/** cancelled by the holder: the buyer's link no longer works */
export async function notifyTransferCancelled(tx: Tx, t: TransferRow) {
  const p = await policyOf(tx, t.purchaseId);
  if (!p) return;
  await queueEmail(tx, {
    template: "transfer_cancelled",
    to: t.buyerEmail,
    toName: t.buyerName,
    audience: "visitor",
    data: facts(t, p, t.buyerName),
  });
}

/** accepted (waiting for staff), completed or declined: both parties */
export async function notifyTransferStep(tx: Tx, t: TransferRow, step: Step) {
  const p = await policyOf(tx, t.purchaseId);
  if (!p) return;
  const template = `transfer_${step}` as const;
  for (const [role, id] of [
    ["seller", t.fromUserId],
    ["buyer", t.toUserId],
  ] as const) {
    const u = id === null ? undefined : await person(tx, id);
    if (!u) continue;
    await queueEmail(tx, {
      template,
      to: u.email,
      toName: fullName(u),
      audience: "customer",
      userId: u.id,
      data: { ...facts(t, p, u.firstName), role },
    });
  }
}
