import { eq } from "drizzle-orm";
import type { Actor } from "../../../shared/access.ts";
import { OPEN_RENEWAL_STATUSES, type RenewalStatus } from "../../../shared/schemas/renewal.ts";
import type { Tx } from "../../db/client.ts";
import { renewals } from "../../db/schema.ts";
import { conflict } from "../../errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { heldPolicy, lockedRenewal, openRenewalOf, type RenewalRow } from "./renewals.service.ts";

// What an online order asks of a renewal: the one to pay, and its end when the order goes
// unpaid. Paying it activates the renewal through activateRenewalIn (renewals.service.ts).

/**
 * The renewal waiting for payment on this policy, locked, for an online order to pay it; the
 * policy's holder only (staff: any), anyone else's is "not found".
 */
export async function renewalToPay(tx: Tx, actor: Actor, purchaseId: number): Promise<RenewalRow> {
  await heldPolicy(tx, actor, purchaseId);
  const open = await openRenewalOf(tx, purchaseId);
  if (!open) throw conflict("There is no renewal of this policy waiting for payment");
  const row = await lockedRenewal(tx, open.id);
  if (row.status !== "awaiting_payment") {
    throw conflict("As the cover has lapsed, the inspection visit comes before the payment");
  }
  return row;
}

/**
 * An online order for the renewal went unpaid (expired, or withdrawn by staff): the renewal
 * ends as cancelled, so the holder can ask again; the policy in force is not touched.
 */
export async function cancelRenewalIn(
  tx: Tx,
  actorId: number | null,
  id: number,
  reason: string,
): Promise<void> {
  const row = await lockedRenewal(tx, id);
  if (!OPEN_RENEWAL_STATUSES.includes(row.status as RenewalStatus)) return;
  await tx.update(renewals).set({ status: "cancelled", updatedAt: new Date() }).where(eq(renewals.id, id));
  await recordAudit(tx, {
    actorId,
    action: "purchase.renewal_cancel",
    entityType: "purchase",
    entityId: row.purchaseId,
    details: { renewalId: id, reason },
  });
}
