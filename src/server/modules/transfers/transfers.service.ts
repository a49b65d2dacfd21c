import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import {
  OPEN_TRANSFER_STATUSES,
  TRANSFER_LINK_DAYS,
  type Transfer,
  type TransferOffer,
  type TransferStart,
  type TransferStatus,
} from "../../../shared/schemas/transfer.ts";
import type { Db, Tx } from "../../db/client.ts";
import { plans, policyTransfers, purchases, users } from "../../db/schema.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../errors.ts";
import { lockRow } from "../../lib/lock-row.ts";
import type { StoredFile } from "../attachments/attachments.service.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { hashLinkToken } from "../mail/email-links.ts";
import { effectiveStatus } from "../policies/policies.service.ts";
import {
  notifyTransferCancelled,
  notifyTransferInvite,
  notifyTransferStep,
} from "./transfer-notifications.ts";

type TransferRow = typeof policyTransfers.$inferSelect;
type PurchaseRow = typeof purchases.$inferSelect;

const POLICY_NOT_FOUND = "Policy not found";
export const INVALID_TRANSFER_LINK =
  "This transfer link is not valid. Please check you opened the whole link from the e-mail, or ask the seller to start the transfer again.";
export const EXPIRED_TRANSFER_LINK =
  "This transfer link has expired. Links work for 14 days: please ask the seller to start the transfer again.";
const USED_TRANSFER_LINK = "This transfer link has already been used.";
const ACCEPTED_BY_YOU =
  "You have already accepted this transfer, so the link no longer works. Our team is checking it and will e-mail you once the policy is in your name.";
const COMPLETED_FOR_YOU =
  "You have already accepted this transfer, so the link no longer works. The policy is in your name: it is on your dashboard.";
export const CANCELLED_TRANSFER_LINK = "The seller cancelled this transfer, so the link no longer works.";
export const OWN_TRANSFER =
  "This is your own policy: the link is for the buyer of the home. Please send it to them, or cancel the transfer from the policy page.";
export const TRANSFER_OPEN =
  "This policy already has a transfer under way. Cancel it first to start another.";

/** The day count is the link's; a pending transfer past it is shown as expired, whatever is stored. */
function transferStatus(row: Pick<TransferRow, "status" | "expiresAt">, now = new Date()): TransferStatus {
  return row.status === "pending" && row.expiresAt <= now ? "expired" : row.status;
}

export function toTransfer(row: TransferRow): Transfer {
  return {
    id: row.id,
    purchaseId: row.purchaseId,
    status: transferStatus(row),
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    buyerPhone: row.buyerPhone,
    needsApproval: row.needsApproval,
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** "b•••@example.in": enough for the buyer to see which address the link was sent to */
function maskedEmail(email: string): string {
  const at = email.indexOf("@");
  return at <= 0 ? "•••" : `${email[0]}•••${email.slice(at)}`;
}

/** The holder's own policy, locked for the change; anyone else's (staff included) is not found. */
async function lockOwnPolicy(tx: Tx, actor: PublicUser, purchaseId: number): Promise<PurchaseRow> {
  const [row] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for("update");
  if (!row || row.userId !== actor.id) throw notFound(POLICY_NOT_FOUND);
  return row;
}

/** A pending transfer whose link ran out is marked so, which frees the policy for a new one. */
async function expireStale(tx: Tx, purchaseId: number) {
  await tx
    .update(policyTransfers)
    .set({ status: "expired", updatedAt: new Date() })
    .where(
      and(
        eq(policyTransfers.purchaseId, purchaseId),
        eq(policyTransfers.status, "pending"),
        lte(policyTransfers.expiresAt, sql`now()`),
      ),
    );
}

async function openTransferOf(tx: Tx | Db, purchaseId: number): Promise<TransferRow | undefined> {
  const [row] = await tx
    .select()
    .from(policyTransfers)
    .where(
      and(
        eq(policyTransfers.purchaseId, purchaseId),
        inArray(policyTransfers.status, OPEN_TRANSFER_STATUSES),
      ),
    );
  return row && transferStatus(row) !== "expired" ? row : undefined;
}

/** Only cover that is running can change hands: not a pending one (not sold yet), an expired or a cancelled one. */
function assertTransferable(policy: PurchaseRow) {
  const status = effectiveStatus(policy);
  if (status === "expired" || status === "cancelled")
    throw conflict(`This policy is ${status}, so it cannot be transferred.`);
  if (status !== "active") throw conflict("This policy is not active yet, so it cannot be transferred.");
}

/**
 * A transfer takes one step (cancelled, accepted, completed, declined): its row changes and
 * the policy's audit trail, which carries every step of its transfers, says who took it.
 */
async function stepTransfer(
  tx: Tx,
  row: TransferRow,
  actorId: number,
  action: `purchase.transfer_${"cancel" | "accept" | "complete" | "decline"}`,
  changes: Partial<typeof policyTransfers.$inferInsert>,
  details: Record<string, unknown> = {},
): Promise<TransferRow> {
  const [changed] = await tx
    .update(policyTransfers)
    .set(changes)
    .where(eq(policyTransfers.id, row.id))
    .returning();
  await recordAudit(tx, {
    actorId,
    action,
    entityType: "purchase",
    entityId: row.purchaseId,
    details: { transferId: row.id, ...details },
  });
  return changed;
}

/**
 * The holder names the buyer. The link's token is 256 random bits, made when the buyer's
 * e-mail is sent; only its SHA-256 is kept (mail/email-links.ts), so the e-mail is the only
 * place it exists.
 */
export async function startTransfer(
  db: Db,
  actor: PublicUser,
  purchaseId: number,
  input: TransferStart,
): Promise<Transfer> {
  if (input.email === actor.email.toLowerCase()) {
    throw badRequest("Please enter the buyer's e-mail address, not your own", {
      email: "This is your own e-mail address",
    });
  }
  const row = await db.transaction(async (tx) => {
    // decided under the policy's row lock: two starts at once queue here, and the second sees the first
    const policy = await lockOwnPolicy(tx, actor, purchaseId);
    assertTransferable(policy);
    await expireStale(tx, purchaseId);
    if (await openTransferOf(tx, purchaseId)) throw conflict(TRANSFER_OPEN);
    const [plan] = await tx
      .select({ needsApproval: plans.transferNeedsApproval })
      .from(plans)
      .where(eq(plans.id, policy.planId));
    const [created] = await tx
      .insert(policyTransfers)
      .values({
        purchaseId,
        fromUserId: actor.id,
        buyerName: input.name,
        buyerEmail: input.email,
        buyerPhone: input.phone,
        needsApproval: plan?.needsApproval ?? true,
        expiresAt: new Date(Date.now() + TRANSFER_LINK_DAYS * 86_400_000),
      })
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: "purchase.transfer_start",
      entityType: "purchase",
      entityId: purchaseId,
      details: { transferId: created.id, needsApproval: created.needsApproval },
    });
    await notifyTransferInvite(tx, created, TRANSFER_LINK_DAYS);
    return created;
  });
  return toTransfer(row);
}

/** The holder's open transfer of their policy, for the policy page. */
export async function currentTransfer(db: Db, actor: PublicUser, purchaseId: number) {
  const [policy] = await db
    .select({ userId: purchases.userId })
    .from(purchases)
    .where(eq(purchases.id, purchaseId));
  if (!policy || policy.userId !== actor.id) throw notFound(POLICY_NOT_FOUND);
  const row = await openTransferOf(db, purchaseId);
  return { transfer: row ? toTransfer(row) : null };
}

/** The holder withdraws a transfer the buyer has not accepted yet; the buyer is told. */
export async function cancelTransfer(db: Db, actor: PublicUser, purchaseId: number): Promise<Transfer> {
  return db.transaction(async (tx) => {
    await lockOwnPolicy(tx, actor, purchaseId);
    const open = await openTransferOf(tx, purchaseId);
    if (!open) throw conflict("There is no transfer of this policy to cancel.");
    if (open.status === "accepted") {
      throw conflict(
        "The buyer has already accepted this transfer and our team is checking it. Please call us to stop it.",
      );
    }
    const row = await stepTransfer(tx, open, actor.id, "purchase.transfer_cancel", {
      status: "cancelled",
      closedAt: new Date(),
      updatedAt: new Date(),
    });
    await notifyTransferCancelled(tx, row);
    return toTransfer(row);
  });
}

export const CONFIRM_ADDRESS_FIRST =
  "Please confirm your e-mail address first: open the link we sent to it (your profile sends a new one), then open this transfer link again.";

/**
 * The transfer a link names, for the signed-in buyer. Checked in this order, each with its
 * own words: a link that matches nothing; the holder opening their own link; an account
 * with another e-mail; a link cancelled, used or out of date.
 */
function checkLink(row: TransferRow | undefined, actor: PublicUser): TransferRow {
  if (!row) throw notFound(INVALID_TRANSFER_LINK);
  if (row.fromUserId === actor.id) throw conflict(OWN_TRANSFER);
  if (actor.role !== "customer")
    throw forbidden("Staff accounts cannot hold policies. Please open this link as the buyer.");
  if (actor.email.toLowerCase() !== row.buyerEmail) {
    throw forbidden(
      `This transfer was sent to ${maskedEmail(row.buyerEmail)}. Please sign in, or create an account, with that e-mail address to accept it.`,
    );
  }
  // anyone can type an address at sign-up: only its proved owner takes the policy
  if (!actor.emailVerified) throw forbidden(CONFIRM_ADDRESS_FIRST);
  const status = transferStatus(row);
  if (status === "cancelled") throw new AppError(410, CANCELLED_TRANSFER_LINK);
  if (status === "expired") throw new AppError(410, EXPIRED_TRANSFER_LINK);
  // a link works once: after that it is Gone for everyone, its buyer too, who is told where
  // the policy now stands instead (the answer to the acceptance itself said so already)
  if (status === "accepted" && row.toUserId === actor.id) throw new AppError(410, ACCEPTED_BY_YOU);
  if (status === "completed" && row.toUserId === actor.id) throw new AppError(410, COMPLETED_FOR_YOU);
  if (status !== "pending") throw new AppError(410, USED_TRANSFER_LINK);
  return row;
}

async function offerOf(tx: Tx | Db, row: TransferRow): Promise<TransferOffer> {
  const [p] = await tx
    .select({
      policyNumber: purchases.policyNumber,
      planName: plans.name,
      city: purchases.propertyCity,
      startDate: purchases.startDate,
      endDate: purchases.endDate,
      sellerFirstName: users.firstName,
    })
    .from(purchases)
    .innerJoin(plans, eq(plans.id, purchases.planId))
    .innerJoin(users, eq(users.id, row.fromUserId))
    .where(eq(purchases.id, row.purchaseId));
  return {
    ...p,
    status: transferStatus(row),
    needsApproval: row.needsApproval,
    expiresAt: row.expiresAt.toISOString(),
  };
}

const byToken = (token: string) => eq(policyTransfers.tokenHash, hashLinkToken(token));

export async function transferOffer(db: Db, actor: PublicUser, token: string): Promise<TransferOffer> {
  const [row] = await db.select().from(policyTransfers).where(byToken(token));
  return offerOf(db, checkLink(row, actor));
}

/**
 * The buyer accepts. Where the plan needs no approval the policy moves at once; otherwise
 * it waits for staff. The link then works for nothing else.
 */
export async function acceptTransfer(db: Db, actor: PublicUser, token: string): Promise<TransferOffer> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(policyTransfers).where(byToken(token)).for("update");
    const row = checkLink(found, actor);
    const [policy] = await tx.select().from(purchases).where(eq(purchases.id, row.purchaseId)).for("update");
    // the policy may have been cancelled or have run out since the link was sent
    if (!policy || policy.userId !== row.fromUserId) throw new AppError(410, USED_TRANSFER_LINK);
    assertTransferable(policy);
    const accepted = await stepTransfer(tx, row, actor.id, "purchase.transfer_accept", {
      status: "accepted",
      toUserId: actor.id,
      acceptedAt: new Date(),
      updatedAt: new Date(),
    });
    if (accepted.needsApproval) {
      await notifyTransferStep(tx, accepted, "accepted");
      return offerOf(tx, accepted);
    }
    // accepted and completed in one step: the completion e-mails say both
    return offerOf(tx, await completeTransfer(tx, accepted, actor.id));
  });
}

/**
 * The policy changes holder: the same policy, number and end date, now the buyer's. The
 * seller's tickets stay theirs (their history); the home's items are the policy's and move
 * with it; the certificate is made again for the new holder (its cache key holds the
 * policy's updated time, which changes here).
 */
async function completeTransfer(
  tx: Tx,
  row: TransferRow,
  actorId: number,
  proof?: ProofOfSale,
): Promise<TransferRow> {
  if (row.toUserId === null) throw conflict("This transfer has no buyer yet.");
  const now = new Date();
  await tx
    .update(purchases)
    .set({ userId: row.toUserId, updatedAt: now })
    .where(eq(purchases.id, row.purchaseId));
  const done = await stepTransfer(
    tx,
    row,
    actorId,
    "purchase.transfer_complete",
    {
      status: "completed",
      closedAt: now,
      updatedAt: now,
      decidedById: row.needsApproval ? actorId : null,
      ...(proof ? proofColumns(proof) : {}),
    },
    {
      fromUserId: row.fromUserId,
      toUserId: row.toUserId,
      // the audit entry names what the approval rested on; the document itself stays in storage
      ...(proof ? { proof: { reference: proof.reference, file: proof.file && pick(proof.file) } } : {}),
    },
  );
  await notifyTransferStep(tx, done, "completed");
  return done;
}

/**
 * The proof of sale staff give with an approval: a reference, a stored document, or both
 * (the route refuses neither before anything is stored).
 */
export interface ProofOfSale {
  reference: string | null;
  file: StoredFile | null;
}

const pick = ({ name, type, size }: StoredFile) => ({ name, type, size });

const proofColumns = ({ reference, file }: ProofOfSale) => ({
  proofReference: reference,
  proofName: file?.name ?? null,
  proofType: file?.type ?? null,
  proofSize: file?.size ?? null,
  proofStorageKey: file?.storageKey ?? null,
  proofThumbnailKey: file?.thumbnailKey ?? null,
});

/**
 * Staff decide an accepted transfer: approve (the policy moves, on a proof of sale, kept
 * with the transfer and named in the audit entry) or decline (it stays).
 */
export async function decideTransfer(
  db: Db,
  staff: PublicUser,
  id: number,
  decision: { approve: ProofOfSale } | "decline",
): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await lockRow(tx, policyTransfers, id, "Transfer not found");
    if (row.status !== "accepted") {
      throw conflict(
        `Only a transfer the buyer has accepted can be ${decision === "decline" ? "declined" : "approved"}; this one is ${transferStatus(row)}.`,
      );
    }
    const [policy] = await tx.select().from(purchases).where(eq(purchases.id, row.purchaseId)).for("update");
    if (decision !== "decline") {
      if (!policy || policy.userId !== row.fromUserId)
        throw conflict("The policy has changed hands already.");
      assertTransferable(policy);
      await completeTransfer(tx, row, staff.id, decision.approve);
      return row.id;
    }
    const now = new Date();
    const declined = await stepTransfer(tx, row, staff.id, "purchase.transfer_decline", {
      status: "declined",
      closedAt: now,
      updatedAt: now,
      decidedById: staff.id,
    });
    await notifyTransferStep(tx, declined, "declined");
    return row.id;
  });
}
