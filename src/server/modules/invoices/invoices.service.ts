import { and, asc, eq, sql } from "drizzle-orm";
import { todayInIndia } from "../../../shared/dates.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import type { InvoiceListItem } from "../../../shared/schemas/invoice.ts";
import { COMPANY } from "../../../web/lib/company.ts";
import type { Db, Tx } from "../../db/client.ts";
import { invoiceCounters, invoices, purchases, users } from "../../db/schema.ts";
import { notFound } from "../../errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import {
  financialYear,
  INVOICE_PREFIX,
  invoiceNumber,
  isTamilNadu,
  SAC_CODE,
  SERVICE_DESCRIPTION,
  splitInclusive,
} from "./gst.ts";

export type InvoiceRow = typeof invoices.$inferSelect;

/** GSTIN and GST_RATE_PERCENT (config.ts); the rest of the supplier's details are the company's own. */
export interface GstSettings {
  /** "" when GSTIN is unset: the invoice then says so instead of printing a made-up number */
  gstin: string;
  ratePercent: number;
}

let settings: GstSettings = { gstin: "", ratePercent: 18 };

/** Set once when the app is built, before any policy can be issued. */
export function setGstSettings(next: GstSettings) {
  settings = next;
}

const supplierAddress = () => {
  const a = COMPANY.address;
  return `${a.street}, ${a.locality}, ${a.city} ${a.pincode}, ${a.state}`;
};

/**
 * The next number of a series in a financial year. The upsert raises the counter row and
 * keeps it locked until the calling transaction ends, so a second issue at the same moment
 * waits for the first to commit (and then takes the next number) or to roll back (and then
 * takes the same one): no number is used twice or skipped.
 */
async function nextSerial(tx: Tx, series: string, fy: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, financialYear: fy, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.financialYear],
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  return row.lastNumber;
}

/**
 * The tax invoice for a policy just issued (or activated), inside the transaction that
 * issues it: the policy and its invoice exist together or not at all. Every printed figure
 * is worked out here and stored in the row.
 */
export async function issueInvoice(
  tx: Tx,
  actorId: number,
  policy: typeof purchases.$inferSelect,
  today = todayInIndia(),
): Promise<InvoiceRow> {
  const [customer] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, policy.userId));
  const intraState = isTamilNadu(policy.propertyPincode, policy.propertyState);
  const split = splitInclusive(policy.totalAmount, settings.ratePercent, intraState);
  const fy = financialYear(today);
  const number = invoiceNumber(fy, await nextSerial(tx, INVOICE_PREFIX, fy));
  const address = [
    policy.propertyAddress,
    `${policy.propertyCity}${policy.propertyPincode ? ` ${policy.propertyPincode}` : ""}`,
    policy.propertyState,
  ]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(", ");
  const [row] = await tx
    .insert(invoices)
    .values({
      purchaseId: policy.id,
      number,
      issuedOn: today,
      supplierName: COMPANY.name,
      supplierAddress: supplierAddress(),
      supplierGstin: settings.gstin,
      customerName: `${customer.firstName} ${customer.lastName}`.trim(),
      customerAddress: address,
      placeOfSupply: intraState ? "Tamil Nadu (33)" : policy.propertyState.trim() || "Outside Tamil Nadu",
      intraState,
      sac: SAC_CODE,
      description: SERVICE_DESCRIPTION,
      ratePercent: settings.ratePercent,
      ...split,
    })
    .returning();
  await recordAudit(tx, {
    actorId,
    action: "invoice.issue",
    // its own entity: a policy's audit trail stays the chain of its status changes
    entityType: "invoice",
    entityId: row.id,
    details: { number, purchaseId: policy.id, total: split.total },
  });
  return row;
}

/** The policy, if this person may see it (its holder or staff); "not found" otherwise. */
async function visiblePolicy(db: Db, actor: PublicUser, purchaseId: number) {
  const [row] = await db
    .select({ id: purchases.id, userId: purchases.userId })
    .from(purchases)
    .where(eq(purchases.id, purchaseId));
  if (!row || (actor.role !== "admin" && row.userId !== actor.id)) throw notFound("Policy not found");
  return row;
}

export const invoiceUrl = (purchaseId: number, invoiceId: number) =>
  `/api/purchases/${purchaseId}/invoices/${invoiceId}`;

export async function listInvoices(
  db: Db,
  actor: PublicUser,
  purchaseId: number,
): Promise<InvoiceListItem[]> {
  await visiblePolicy(db, actor, purchaseId);
  const rows = await db
    .select({ id: invoices.id, number: invoices.number, date: invoices.issuedOn, total: invoices.total })
    .from(invoices)
    .where(eq(invoices.purchaseId, purchaseId))
    .orderBy(asc(invoices.id));
  return rows.map((r) => ({
    number: r.number,
    date: r.date,
    total: r.total,
    url: invoiceUrl(purchaseId, r.id),
  }));
}

export async function getInvoice(db: Db, actor: PublicUser, purchaseId: number, invoiceId: number) {
  await visiblePolicy(db, actor, purchaseId);
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.purchaseId, purchaseId)));
  if (!row) throw notFound("Invoice not found");
  return row;
}
