import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { type Actor, holderOrOffice } from "../../../shared/access.ts";
import type { Feature } from "../../../shared/schemas/content.ts";
import {
  POLICY_ITEM_PHOTOS_MAX,
  POLICY_ITEMS_MAX,
  type PolicyItem,
  type PolicyItemInput,
  type PolicyItemPhoto,
  planCovers,
  type TicketPolicyItem,
} from "../../../shared/schemas/policy-items.ts";
import type { Db, Tx } from "../../db/client.ts";
import { policyItemPhotos, policyItems, purchases } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../errors.ts";
import { lockRow } from "../../lib/lock-row.ts";
import {
  auditedFiles,
  checkUploadQuota,
  storeAndRecord,
  storedFileColumns,
  storedFileView,
} from "../attachments/attachments.service.ts";
import { type PreparedFile, removePrepared } from "../attachments/receive.ts";
import type { FileStorage } from "../attachments/storage.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { getPlanWithFeatures } from "../content/content.service.ts";
import { homeSoldAt } from "../transfers/home-sold.ts";

type ItemRow = typeof policyItems.$inferSelect;
type PhotoRow = typeof policyItemPhotos.$inferSelect;
type PurchaseRow = typeof purchases.$inferSelect;

/**
 * Whether the actor is a user of the partner that registered the policy, and the home has
 * not been sold since. Their membership was read when the request's caller was resolved, so
 * a removed user loses it at once; the sale is read on every call, so the partner's sight
 * of the home ends with it (the new owner's policy items are theirs alone).
 */
async function isRegisteringPartner(
  db: Db | Tx,
  actor: Actor,
  policy: { id: number; partnerId: number | null },
) {
  if (policy.partnerId === null || actor.partnerId !== policy.partnerId) return false;
  const [home] = await db
    .select({ soldAt: homeSoldAt(sql`${policy.id}`) })
    .from(purchases)
    .where(eq(purchases.id, policy.id));
  return Boolean(home) && home.soldAt === null;
}

/**
 * The policy, for its holder and staff; anyone else is told it does not exist. The holder
 * is whoever holds the policy now (`purchases.user_id`), so after a transfer the items
 * answers to the new owner and no longer to the old one. With `partner`, the users of the
 * partner that registered it may also read the items and add handover photos (and nothing
 * else: the items are the holder's to edit).
 */
async function policyFor(
  db: Db | Tx,
  actor: Actor,
  purchaseId: number,
  { lock = false, partner = false } = {},
) {
  const query = db.select().from(purchases).where(eq(purchases.id, purchaseId));
  // writes lock the policy row: two additions at once are counted one after the other
  const [row] = lock ? await query.for("update") : await query;
  const allowed =
    row && (holderOrOffice(actor, row.userId) || (partner && (await isRegisteringPartner(db, actor, row))));
  if (!allowed) throw notFound("Policy not found");
  return row;
}

/** a cancelled policy's items are kept as it was, for the history */
function checkWritable(policy: PurchaseRow) {
  if (policy.status === "cancelled")
    throw conflict("This policy is cancelled, so its items can no longer be changed.");
}

async function planFeatures(db: Db | Tx, planId: number): Promise<Feature[]> {
  return (await getPlanWithFeatures(db as Db, planId))?.features ?? [];
}

function toPhoto(purchaseId: number, row: PhotoRow): PolicyItemPhoto {
  return storedFileView(row, `/api/purchases/${purchaseId}/items/${row.policyItemId}/photos/${row.id}`);
}

function toItem(row: ItemRow, features: Feature[], photos: PhotoRow[]): PolicyItem {
  return {
    id: row.id,
    purchaseId: row.purchaseId,
    room: row.room,
    itemType: row.itemType,
    brand: row.brand,
    installedOn: row.installedOn,
    coveredByPlan: planCovers(features, row.itemType),
    photos: photos.filter((p) => p.policyItemId === row.id).map((p) => toPhoto(row.purchaseId, p)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function photosOf(db: Db | Tx, itemIds: number[]): Promise<PhotoRow[]> {
  if (itemIds.length === 0) return [];
  return db
    .select()
    .from(policyItemPhotos)
    .where(inArray(policyItemPhotos.policyItemId, itemIds))
    .orderBy(asc(policyItemPhotos.id));
}

/** Every item of the policy (at most POLICY_ITEMS_MAX items), oldest first. */
export async function listItems(db: Db, actor: Actor, purchaseId: number): Promise<PolicyItem[]> {
  const policy = await policyFor(db, actor, purchaseId, { partner: true });
  const [rows, features] = await Promise.all([
    db
      .select()
      .from(policyItems)
      .where(eq(policyItems.purchaseId, purchaseId))
      .orderBy(asc(policyItems.id))
      .limit(POLICY_ITEMS_MAX),
    planFeatures(db, policy.planId),
  ]);
  const photos = await photosOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toItem(r, features, photos));
}

/**
 * For a change to one item or its photos: the policy, locked and still open to changes, and
 * the item, locked too; 404 when the item is not this policy's. `partner` as for policyFor.
 */
async function lockItem(
  tx: Tx,
  actor: Actor,
  purchaseId: number,
  itemId: number,
  { partner = false } = {},
): Promise<{ policy: PurchaseRow; item: ItemRow }> {
  const policy = await policyFor(tx, actor, purchaseId, { lock: true, partner });
  checkWritable(policy);
  const ofPolicy = eq(policyItems.purchaseId, purchaseId);
  const item = await lockRow(tx, policyItems, itemId, "Item not found", ofPolicy);
  return { policy, item };
}

export async function addItem(
  db: Db,
  actor: Actor,
  purchaseId: number,
  input: PolicyItemInput,
): Promise<PolicyItem> {
  return db.transaction(async (tx) => {
    const policy = await policyFor(tx, actor, purchaseId, { lock: true });
    checkWritable(policy);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(policyItems)
      .where(eq(policyItems.purchaseId, purchaseId));
    if (n >= POLICY_ITEMS_MAX) {
      throw badRequest(
        `A policy holds at most ${POLICY_ITEMS_MAX} items. Please edit or remove one before adding another.`,
      );
    }
    const [row] = await tx
      .insert(policyItems)
      .values({ purchaseId, ...input, createdById: actor.id })
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: "policy_item.add",
      entityType: "policy_item",
      entityId: row.id,
      details: { purchaseId, ...input },
    });
    return toItem(row, await planFeatures(tx, policy.planId), []);
  });
}

export async function updateItem(
  db: Db,
  actor: Actor,
  purchaseId: number,
  itemId: number,
  input: PolicyItemInput,
): Promise<PolicyItem> {
  return db.transaction(async (tx) => {
    const { policy, item: before } = await lockItem(tx, actor, purchaseId, itemId);
    const [row] = await tx
      .update(policyItems)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(policyItems.id, itemId))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: "policy_item.edit",
      entityType: "policy_item",
      entityId: itemId,
      details: {
        purchaseId,
        from: {
          room: before.room,
          itemType: before.itemType,
          brand: before.brand,
          installedOn: before.installedOn,
        },
        to: input,
      },
    });
    return toItem(row, await planFeatures(tx, policy.planId), await photosOf(tx, [itemId]));
  });
}

/** The item and its photos; the stored files are removed once the rows are gone. */
export async function removeItem(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  purchaseId: number,
  itemId: number,
) {
  const photos = await db.transaction(async (tx) => {
    const { item } = await lockItem(tx, actor, purchaseId, itemId);
    const photos = await photosOf(tx, [itemId]);
    await tx.delete(policyItems).where(eq(policyItems.id, itemId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "policy_item.remove",
      entityType: "policy_item",
      entityId: itemId,
      details: { purchaseId, room: item.room, itemType: item.itemType, photos: photos.length },
    });
    return photos;
  });
  await deleteStored(storage, photos);
  return { message: "Item removed" };
}

async function deleteStored(storage: FileStorage, photos: PhotoRow[]) {
  // a file left behind is harmless (no row points at it), so a storage hiccup is not the caller's error
  await Promise.all(
    photos
      .flatMap((p) => [p.storageKey, p.thumbnailKey])
      .filter((k): k is string => !!k)
      .map((k) => storage.delete(k).catch(() => {})),
  );
}

/** Checked before a byte of an upload is read: someone else's policy or item is a 404. */
export async function checkPhotoUploadAllowed(db: Db, actor: Actor, purchaseId: number, itemId: number) {
  const policy = await policyFor(db, actor, purchaseId, { partner: true });
  const [item] = await db
    .select({ id: policyItems.id })
    .from(policyItems)
    .where(and(eq(policyItems.id, itemId), eq(policyItems.purchaseId, purchaseId)));
  if (!item) throw notFound("Item not found");
  checkWritable(policy);
}

/**
 * Stores handover photos on an item, all or none. They are prepared (checked by their
 * bytes, re-encoded, thumbnailed) by the attachments module like any ticket photo; a PDF is
 * refused here because a handover record is pictures of what was fitted.
 */
export async function savePhotos(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  purchaseId: number,
  itemId: number,
  files: PreparedFile[],
): Promise<PolicyItemPhoto[]> {
  const notPhoto = files.find((f) => !f.type.startsWith("image/"));
  if (notPhoto) {
    await removePrepared(files);
    throw badRequest(`"${notPhoto.name}" is not a photo (JPEG, PNG or WebP).`);
  }
  const rows = await storeAndRecord(storage, files, (entries) =>
    db.transaction(async (tx) => {
      await lockItem(tx, actor, purchaseId, itemId, { partner: true });
      await checkUploadQuota(tx, actor, entries);
      const [{ n }] = await tx
        .select({ n: count() })
        .from(policyItemPhotos)
        .where(eq(policyItemPhotos.policyItemId, itemId));
      if (n + entries.length > POLICY_ITEM_PHOTOS_MAX) {
        throw badRequest(
          `An item keeps at most ${POLICY_ITEM_PHOTOS_MAX} photos; it has ${n}. Please remove some first.`,
        );
      }
      const inserted = await tx
        .insert(policyItemPhotos)
        .values(entries.map((e) => ({ policyItemId: itemId, ...storedFileColumns(e, actor.id) })))
        .returning();
      await recordAudit(tx, {
        actorId: actor.id,
        action: "policy_item.photo_add",
        entityType: "policy_item",
        entityId: itemId,
        details: { purchaseId, files: auditedFiles(inserted) },
      });
      await tx.update(policyItems).set({ updatedAt: new Date() }).where(eq(policyItems.id, itemId));
      return inserted;
    }),
  );
  return rows.map((r) => toPhoto(purchaseId, r));
}

/** one stored photo for the holder, staff or the registering partner's users; null (a 404) for anyone else */
export async function findPhoto(
  db: Db,
  actor: Actor,
  purchaseId: number,
  itemId: number,
  photoId: number,
): Promise<PhotoRow | null> {
  const [row] = await db
    .select({
      p: policyItemPhotos,
      holder: purchases.userId,
      policy: { id: purchases.id, partnerId: purchases.partnerId },
    })
    .from(policyItemPhotos)
    .innerJoin(policyItems, eq(policyItems.id, policyItemPhotos.policyItemId))
    .innerJoin(purchases, eq(purchases.id, policyItems.purchaseId))
    .where(
      and(
        eq(policyItemPhotos.id, photoId),
        eq(policyItemPhotos.policyItemId, itemId),
        eq(policyItems.purchaseId, purchaseId),
      ),
    );
  if (!row) return null;
  if (holderOrOffice(actor, row.holder) || (await isRegisteringPartner(db, actor, row.policy))) return row.p;
  return null;
}

export async function removePhoto(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  purchaseId: number,
  itemId: number,
  photoId: number,
) {
  const photo = await db.transaction(async (tx) => {
    await lockItem(tx, actor, purchaseId, itemId);
    const [row] = await tx
      .delete(policyItemPhotos)
      .where(and(eq(policyItemPhotos.id, photoId), eq(policyItemPhotos.policyItemId, itemId)))
      .returning();
    if (!row) throw notFound("Photo not found");
    await recordAudit(tx, {
      actorId: actor.id,
      action: "policy_item.photo_remove",
      entityType: "policy_item",
      entityId: itemId,
      details: { purchaseId, photo: { id: row.id, name: row.name } },
    });
    return row;
  });
  await deleteStored(storage, [photo]);
  return { message: "Photo removed" };
}

/**
 * For a new ticket: the covered item it names and whether the policy's plan covers it,
 * decided here from the database whatever the browser said. A policy item must be one of
 * this policy's; its type is the covered item.
 */
export async function resolveCoveredItem(
  tx: Tx,
  policy: Pick<PurchaseRow, "id" | "planId">,
  claim: { policyItemId?: number; coveredItem?: string },
): Promise<{ coveredItem: string | null; policyItemId: number | null; coveredByPlan: boolean | null }> {
  let key = claim.coveredItem ?? null;
  let policyItemId: number | null = null;
  if (claim.policyItemId !== undefined) {
    const [item] = await tx
      .select({ id: policyItems.id, itemType: policyItems.itemType })
      .from(policyItems)
      .where(and(eq(policyItems.id, claim.policyItemId), eq(policyItems.purchaseId, policy.id)));
    if (!item) {
      throw badRequest("That item is not one of this policy's items", {
        coveredItem: "Please choose one of this policy's items",
      });
    }
    key = item.itemType;
    policyItemId = item.id;
  }
  if (key === null) return { coveredItem: null, policyItemId: null, coveredByPlan: null };
  if (key === "other") return { coveredItem: key, policyItemId, coveredByPlan: null };
  return {
    coveredItem: key,
    policyItemId,
    coveredByPlan: planCovers(await planFeatures(tx, policy.planId), key),
  };
}

/** the policy item a ticket names, for the ticket's pages (the ticket's own access rules apply) */
export async function ticketPolicyItem(db: Db, itemId: number | null): Promise<TicketPolicyItem | null> {
  if (itemId === null) return null;
  const [row] = await db
    .select({
      id: policyItems.id,
      room: policyItems.room,
      itemType: policyItems.itemType,
      brand: policyItems.brand,
      installedOn: policyItems.installedOn,
    })
    .from(policyItems)
    .where(eq(policyItems.id, itemId));
  return row ?? null;
}
