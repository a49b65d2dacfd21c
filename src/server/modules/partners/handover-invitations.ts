import { and, desc, eq, isNull } from "drizzle-orm";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import type { HandoverInvitation } from "../../../shared/schemas/partner.ts";
import type { Db, Tx } from "../../db/client.ts";
import { partners, plans, purchases, users } from "../../db/schema.ts";
import { notFound } from "../../errors.ts";
import { recordAudit } from "../audit/audit.service.ts";

/**
 * A home a partner registered for an address that has an account of its own waits, with no
 * holder, until that account's owner accepts it. Only an account whose address is proved
 * (users.email_verified_at) sees or accepts it: typing someone's address on a profile does
 * not bring their home with it.
 */

const NOT_WAITING = "This registration is not waiting for you";

/** the signed-in person's address, when they have proved it; null otherwise */
async function provedAddress(tx: Tx | Db, actor: PublicUser): Promise<string | null> {
  const [row] = await tx
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, actor.id));
  return row?.verifiedAt ? row.email.toLowerCase() : null;
}

/** the homes waiting for `email` (lower case); `id`: only that one */
function selectInvitations(tx: Tx | Db, email: string, id?: number) {
  return tx
    .select({ purchase: purchases, partnerName: partners.name, planName: plans.name })
    .from(purchases)
    .innerJoin(partners, eq(partners.id, purchases.partnerId))
    .innerJoin(plans, eq(plans.id, purchases.planId))
    .where(
      and(
        isNull(purchases.userId),
        eq(purchases.homeownerEmail, email),
        id === undefined ? undefined : eq(purchases.id, id),
      ),
    );
}

type InvitationRow = Awaited<ReturnType<typeof selectInvitations>>[number];

function toInvitation(r: InvitationRow): HandoverInvitation {
  const p = r.purchase;
  return {
    id: p.id,
    partnerName: r.partnerName,
    policyNumber: p.policyNumber,
    planName: r.planName,
    propertyAddress: p.propertyAddress,
    propertyCity: p.propertyCity,
    startDate: p.startDate,
    endDate: p.endDate,
    createdAt: p.createdAt.toISOString(),
  };
}

/** The homes waiting for the signed-in person, newest first; none until their address is proved */
export async function listHandoverInvitations(db: Db, actor: PublicUser): Promise<HandoverInvitation[]> {
  const email = await provedAddress(db, actor);
  if (!email) return [];
  const rows = await selectInvitations(db, email).orderBy(desc(purchases.id)).limit(50);
  return rows.map(toInvitation);
}

/**
 * The homeowner accepts: the policy becomes theirs. Decided under the policy's row lock, so
 * two accepts at once (or an accept racing a change of address) cannot both pass.
 */
export async function acceptHandover(db: Db, actor: PublicUser, id: number): Promise<HandoverInvitation> {
  return db.transaction(async (tx) => {
    const [holder] = await tx.select().from(users).where(eq(users.id, actor.id)).for("update");
    if (!holder?.emailVerifiedAt || holder.role !== "customer") throw notFound(NOT_WAITING);
    const [row] = await selectInvitations(tx, holder.email.toLowerCase(), id).for("update", {
      of: purchases,
    });
    if (!row) throw notFound(NOT_WAITING);
    await tx.update(purchases).set({ userId: holder.id, updatedAt: new Date() }).where(eq(purchases.id, id));
    await recordAudit(tx, {
      actorId: holder.id,
      action: "partner.handover_accept",
      entityType: "purchase",
      entityId: id,
      details: { policyNumber: row.purchase.policyNumber, partnerId: row.purchase.partnerId },
    });
    return toInvitation(row);
  });
}
