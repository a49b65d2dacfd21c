import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { partners } from "../../db/schema.ts";
import { notFound } from "../../errors.ts";
import { lockRow } from "../../lib/lock-row.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { PARTNER_NOT_FOUND } from "./partners.queries.ts";

/** a 404 for an unknown partner, before a byte of an upload for it is read */
export async function requirePartner(db: Db, partnerId: number): Promise<void> {
  const [exists] = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId));
  if (!exists) throw notFound(PARTNER_NOT_FOUND);
}

/** Points the partner at the stored logo `key`, audited; answers the key of the logo it replaced. */
export async function pointAtLogo(db: Db, actorId: number, partnerId: number, key: string) {
  return db.transaction(async (tx) => {
    const row = await lockRow(tx, partners, partnerId, PARTNER_NOT_FOUND);
    await tx
      .update(partners)
      .set({ logoStorageKey: key, logoType: "image/png", updatedAt: new Date() })
      .where(eq(partners.id, partnerId));
    await recordAudit(tx, {
      actorId,
      action: "partner.logo",
      entityType: "partner",
      entityId: partnerId,
      details: { replaced: row.logoStorageKey !== null },
    });
    return row.logoStorageKey;
  });
}

/** where the partner's logo is stored, if it has one */
export async function partnerLogoKey(db: Db, partnerId: number): Promise<string | null> {
  const [row] = await db
    .select({ key: partners.logoStorageKey })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return row?.key ?? null;
}
