import { eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TRANSFER_SORTS } from "../../../shared/endpoints/transfers.ts";
import { fullName, joinedName } from "../../../shared/names.ts";
import type { AdminTransfer, TransferProof, TransferStatus } from "../../../shared/schemas/transfer.ts";
import type { Db } from "../../db/client.ts";
import { plans, policyTransfers, purchases, users } from "../../db/schema.ts";
import { type KeyValue, keysBySort, keysetList, onPage, readKey, timestampKey } from "../../lib/keyset.ts";
import { contactColumns } from "../users/public-user.ts";
import { toTransfer } from "./transfers.service.ts";

/** The staff list of transfers (GET /api/admin/transfers), a page at a time. */

type TransferSort = (typeof TRANSFER_SORTS)[number];
interface TransferFilters {
  /** as shown: a pending transfer past its link's 14 days counts as expired */
  status?: TransferStatus[];
}

const transferKeys = keysBySort<TransferSort>(policyTransfers.id, {
  created: timestampKey(policyTransfers.createdAt),
  updated: timestampKey(policyTransfers.updatedAt),
});

function statusIs(status: TransferStatus): SQL {
  const t = policyTransfers;
  if (status === "expired") {
    return sql`(${t.status} = 'expired' or (${t.status} = 'pending' and ${t.expiresAt} <= now()))`;
  }
  if (status === "pending") return sql`(${t.status} = 'pending' and ${t.expiresAt} > now())`;
  return sql`${t.status} = ${status}`;
}

function transferConditions(f: TransferFilters): SQL | undefined {
  if (!f.status?.length) return undefined;
  return sql`(${sql.join(f.status.map(statusIs), sql` or `)})`;
}

const seller = alias(users, "seller");
const buyer = alias(users, "buyer");

/** A transfer with its policy, plan and both people, and the sort key the list pages by */
function selectAdmin(db: Db, key: SQL<KeyValue[]>) {
  return db
    .select({
      transfer: policyTransfers,
      policyNumber: purchases.policyNumber,
      planName: plans.name,
      seller: contactColumns(seller),
      buyerId: buyer.id,
      buyerFirst: buyer.firstName,
      buyerLast: buyer.lastName,
      buyerEmail: buyer.email,
      k: key,
    })
    .from(policyTransfers)
    .innerJoin(purchases, eq(purchases.id, policyTransfers.purchaseId))
    .innerJoin(plans, eq(plans.id, purchases.planId))
    .innerJoin(seller, eq(seller.id, policyTransfers.fromUserId))
    .leftJoin(buyer, eq(buyer.id, policyTransfers.toUserId));
}

type AdminRow = Awaited<ReturnType<typeof selectAdmin>>[number];

/** the proof of sale an approval was given with; null before approval, and for a transfer that needed none */
function proofOf(t: AdminRow["transfer"]): TransferProof | null {
  const file =
    t.proofStorageKey && t.proofName && t.proofType
      ? {
          name: t.proofName,
          type: t.proofType,
          size: t.proofSize ?? 0,
          url: `/api/admin/transfers/${t.id}/proof`,
        }
      : null;
  return t.proofReference || file ? { reference: t.proofReference, file } : null;
}

function toAdminTransfer(r: AdminRow): AdminTransfer {
  return {
    ...toTransfer(r.transfer),
    policyNumber: r.policyNumber,
    planName: r.planName,
    seller: { id: r.seller.id, name: fullName(r.seller), email: r.seller.email },
    buyer:
      r.buyerId === null
        ? null
        : { id: r.buyerId, name: joinedName(r.buyerFirst, r.buyerLast) ?? "", email: r.buyerEmail ?? "" },
    proof: proofOf(r.transfer),
  };
}

export const listTransfersPage = keysetList({
  list: "staff-transfers",
  table: policyTransfers,
  where: transferConditions,
  keys: transferKeys,
  fetch: (db, read) => onPage(selectAdmin(db, read.key).$dynamic(), read),
  map: toAdminTransfer,
});

/** One row of the list, as staff's approve and decline answer it */
export async function getAdminTransfer(db: Db, id: number): Promise<AdminTransfer> {
  const [row] = await selectAdmin(db, readKey(transferKeys("created"))).where(eq(policyTransfers.id, id));
  return toAdminTransfer(row);
}
