import { and, asc, eq, sql, sum } from "drizzle-orm";
import { type Actor, holderOrOffice } from "../../../shared/access.ts";
import { todayInIndia } from "../../../shared/dates.ts";
import { formatAmount } from "../../../shared/format.ts";
import { fullName } from "../../../shared/names.ts";
import { type PriceAudience, splitInclusive, splitPrice } from "../../../shared/pricing.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import type {
  CreditNoteIssue,
  CreditNoteListItem,
  InvoiceListItem,
} from "../../../shared/schemas/invoice.ts";
import type { DataExport } from "../../../shared/schemas/privacy.ts";
import { COMPANY } from "../../../web/lib/company.ts";
import type { Db, Tx } from "../../db/client.ts";
import { creditNotes, invoiceCounters, invoices, purchases, users } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../errors.ts";
import { lockRow } from "../../lib/lock-row.ts";
import { recordAudit } from "../audit/audit.service.ts";
import {
  CREDIT_NOTE_PREFIX,
  creditNoteNumber,
  financialYear,
  INVOICE_PREFIX,
  invoiceNumber,
  isTamilNadu,
  SAC_CODE,
  SERVICE_DESCRIPTION,
} from "./gst.ts";

export type InvoiceRow = typeof invoices.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;

/** GSTIN and GST_RATE_PERCENT (config.ts); the rest of the supplier's details are the company's own. */
export interface GstSettings {
  /** "" when GSTIN is unset: the invoice then says so instead of printing a made-up number */
  gstin: string;
  ratePercent: number;
}

let settings: GstSettings = { gstin: "", ratePercent: 18 };

/** Set once when the app is built, before any policy can be issued. */
/** the configured GST rate, for figures shown before their invoice is issued */
export function gstRatePercent(): number {
  return settings.ratePercent;
}

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

/** Whom an invoice bills and for what: everything else (supplier, number, rate, SAC) is the module's own. */
export interface InvoiceBill {
  /** the policy it charges for, or null (a partner's monthly statement) */
  purchaseId: number | null;
  /** the person it is issued to (the policy's holder that day); null when it charges a partner */
  billedToId: number | null;
  customerName: string;
  customerAddress: string;
  /** "" when the customer has given none */
  customerGstin: string;
  placeOfSupply: string;
  intraState: boolean;
  description: string;
  /** paise: GST included for a homeowner (b2c), before GST for a partner (b2b), by the one price rule */
  amount: number;
  audience: PriceAudience;
  /** the audit row's details besides the number and total */
  audit: Record<string, unknown>;
}

/**
 * A tax invoice in the calling transaction: the next number of the one series, today's
 * date in India, the supplier's details and GSTIN, the SAC and the rate, the total split into
 * taxable value and CGST + SGST or IGST. Every printed figure is worked out here and stored
 * in the row, which is never changed afterwards.
 */
export async function issueTaxInvoice(
  tx: Tx,
  /** null: issued by a scheduled job */
  actorId: number | null,
  bill: InvoiceBill,
  today = todayInIndia(),
): Promise<InvoiceRow> {
  const split = splitPrice(bill.audience, bill.amount, settings.ratePercent, bill.intraState);
  const fy = financialYear(today);
  const number = invoiceNumber(fy, await nextSerial(tx, INVOICE_PREFIX, fy));
  const [row] = await tx
    .insert(invoices)
    .values({
      purchaseId: bill.purchaseId,
      billedToId: bill.billedToId,
      number,
      issuedOn: today,
      supplierName: COMPANY.name,
      supplierAddress: supplierAddress(),
      supplierGstin: settings.gstin,
      customerName: bill.customerName,
      customerAddress: bill.customerAddress,
      customerGstin: bill.customerGstin,
      placeOfSupply: bill.placeOfSupply,
      intraState: bill.intraState,
      sac: SAC_CODE,
      description: bill.description,
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
    details: { number, ...bill.audit, total: split.total },
  });
  return row;
}

/**
 * The tax invoice for a policy just issued (or activated), inside the transaction that
 * issues it: the policy and its invoice exist together or not at all.
 */
export async function issueInvoice(
  tx: Tx,
  actorId: number,
  policy: typeof purchases.$inferSelect,
  today = todayInIndia(),
): Promise<InvoiceRow> {
  // a handover waiting for its homeowner is the partner's to pay: nobody to bill yet
  if (policy.userId === null) throw conflict("This policy has no holder to invoice yet");
  const [customer] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, gstin: users.gstin })
    .from(users)
    .where(eq(users.id, policy.userId));
  const intraState = isTamilNadu(policy.propertyPincode, policy.propertyState);
  const address = [
    policy.propertyAddress,
    `${policy.propertyCity}${policy.propertyPincode ? ` ${policy.propertyPincode}` : ""}`,
    policy.propertyState,
  ]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(", ");
  return issueTaxInvoice(
    tx,
    actorId,
    {
      purchaseId: policy.id,
      billedToId: policy.userId,
      customerName: fullName(customer),
      customerAddress: address,
      // a GSTIN given later is printed on later invoices only: this one keeps what it was issued with
      customerGstin: customer.gstin ?? "",
      placeOfSupply: intraState ? "Tamil Nadu (33)" : policy.propertyState.trim() || "Outside Tamil Nadu",
      intraState,
      description: SERVICE_DESCRIPTION,
      amount: policy.totalAmount,
      audience: "b2c",
      audit: { purchaseId: policy.id },
    },
    today,
  );
}

/**
 * The policy, if this person may see it (its holder or staff), with which of its invoices
 * they read: staff every one; the holder only those billed to them, so a buyer of the home
 * never sees the seller's invoice (the seller's name, price and GSTIN). "Not found" otherwise.
 */
async function visiblePolicy(db: Db, actor: Actor, purchaseId: number) {
  const [row] = await db
    .select({ id: purchases.id, userId: purchases.userId })
    .from(purchases)
    .where(eq(purchases.id, purchaseId));
  if (!row || !holderOrOffice(actor, row.userId)) throw notFound("Policy not found");
  const readable = row.userId === actor.id ? eq(invoices.billedToId, actor.id) : undefined;
  return { ...row, readable };
}

const invoiceUrl = (purchaseId: number, invoiceId: number) =>
  `/api/purchases/${purchaseId}/invoices/${invoiceId}`;

/**
 * Every invoice issued to a person, as issued, oldest first: for their data export. Its PDF's
 * address only while they hold the policy, the one rule listInvoices follows too.
 */
export async function invoicesBilledTo(db: Db, userId: number): Promise<DataExport["invoices"]> {
  const rows = await db
    .select({ i: invoices, holderId: purchases.userId })
    .from(invoices)
    .leftJoin(purchases, eq(purchases.id, invoices.purchaseId))
    .where(eq(invoices.billedToId, userId))
    .orderBy(asc(invoices.id));
  return rows.map(({ i, holderId }) => ({
    number: i.number,
    issuedOn: i.issuedOn,
    purchaseId: i.purchaseId,
    customerName: i.customerName,
    customerAddress: i.customerAddress,
    customerGstin: i.customerGstin,
    placeOfSupply: i.placeOfSupply,
    description: i.description,
    taxable: i.taxable,
    cgst: i.cgst,
    sgst: i.sgst,
    igst: i.igst,
    total: i.total,
    url: i.purchaseId !== null && holderId === userId ? invoiceUrl(i.purchaseId, i.id) : null,
  }));
}

export async function listInvoices(db: Db, actor: Actor, purchaseId: number): Promise<InvoiceListItem[]> {
  const { readable } = await visiblePolicy(db, actor, purchaseId);
  const rows = await db
    .select({ id: invoices.id, number: invoices.number, date: invoices.issuedOn, total: invoices.total })
    .from(invoices)
    .where(and(eq(invoices.purchaseId, purchaseId), readable))
    .orderBy(asc(invoices.id));
  return rows.map((r) => ({
    number: r.number,
    date: r.date,
    total: r.total,
    url: invoiceUrl(purchaseId, r.id),
  }));
}

export async function getInvoice(db: Db, actor: Actor, purchaseId: number, invoiceId: number) {
  const { readable } = await visiblePolicy(db, actor, purchaseId);
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.purchaseId, purchaseId), readable));
  if (!row) throw notFound("Invoice not found");
  return row;
}

const creditNoteUrl = (purchaseId: number, creditNoteId: number) =>
  `/api/purchases/${purchaseId}/credit-notes/${creditNoteId}`;

function toCreditNoteItem(r: CreditNoteRow, invoiceNumber: string): CreditNoteListItem {
  return {
    number: r.number,
    date: r.issuedOn,
    total: r.total,
    invoiceNumber,
    reason: r.reason,
    url: creditNoteUrl(r.purchaseId, r.id),
  };
}

/**
 * Staff credit all or part of an invoice. The invoice row is locked so two credit notes at
 * once cannot together credit more than it charged; the amount is split into taxable value
 * and tax by the invoice's own rate and place of supply, so the correction mirrors it.
 */
export async function issueCreditNote(
  db: Db,
  actor: PublicUser,
  purchaseId: number,
  invoiceId: number,
  input: CreditNoteIssue,
  today = todayInIndia(),
): Promise<CreditNoteListItem> {
  return db.transaction(async (tx) => {
    // a row lock, not a change (the row is never updated): a second credit note on this
    // invoice waits here until the first is committed and counted
    const ofPolicy = eq(invoices.purchaseId, purchaseId);
    const inv = await lockRow(tx, invoices, invoiceId, "Invoice not found", ofPolicy);
    const [{ credited }] = await tx
      .select({ credited: sum(creditNotes.total).mapWith(Number) })
      .from(creditNotes)
      .where(eq(creditNotes.invoiceId, inv.id));
    const left = inv.total - (credited ?? 0);
    if (input.amount > left) {
      const rupees = formatAmount(left);
      throw badRequest(
        left === 0
          ? "This invoice has already been credited in full"
          : `At most Rs. ${rupees} is left to credit`,
        { amount: left === 0 ? "Nothing is left to credit" : `At most Rs. ${rupees}` },
      );
    }
    const split = splitInclusive(input.amount, inv.ratePercent, inv.intraState);
    const fy = financialYear(today);
    const number = creditNoteNumber(fy, await nextSerial(tx, CREDIT_NOTE_PREFIX, fy));
    const [row] = await tx
      .insert(creditNotes)
      .values({
        invoiceId: inv.id,
        purchaseId,
        number,
        issuedOn: today,
        reason: input.reason,
        ratePercent: inv.ratePercent,
        intraState: inv.intraState,
        ...split,
        createdBy: actor.id,
      })
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: "credit_note.issue",
      entityType: "invoice",
      entityId: inv.id,
      details: { number, invoiceNumber: inv.number, purchaseId, total: split.total, reason: input.reason },
    });
    return toCreditNoteItem(row, inv.number);
  });
}

export async function listCreditNotes(
  db: Db,
  actor: Actor,
  purchaseId: number,
): Promise<CreditNoteListItem[]> {
  const { readable } = await visiblePolicy(db, actor, purchaseId);
  const rows = await db
    .select({ note: creditNotes, invoiceNumber: invoices.number })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(and(eq(creditNotes.purchaseId, purchaseId), readable))
    .orderBy(asc(creditNotes.id));
  return rows.map((r) => toCreditNoteItem(r.note, r.invoiceNumber));
}

export async function getCreditNote(db: Db, actor: Actor, purchaseId: number, creditNoteId: number) {
  const { readable } = await visiblePolicy(db, actor, purchaseId);
  const [row] = await db
    .select({ note: creditNotes, invoice: invoices })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(and(eq(creditNotes.id, creditNoteId), eq(creditNotes.purchaseId, purchaseId), readable));
  if (!row) throw notFound("Credit note not found");
  return row;
}

/** the policy number an invoice or credit note names */
export async function policyNumberOf(db: Db, purchaseId: number): Promise<string> {
  const [policy] = await db
    .select({ policyNumber: purchases.policyNumber })
    .from(purchases)
    .where(eq(purchases.id, purchaseId));
  return policy.policyNumber;
}
