import { and, desc, eq, sql } from "drizzle-orm";
import { addDays, todayInIndia } from "../../../shared/dates.ts";
import type { STATEMENT_SORTS } from "../../../shared/endpoints/partners.ts";
import { formatMonth } from "../../../shared/format.ts";
import { splitExclusive } from "../../../shared/pricing.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import {
  ENTERPRISE_PLAN,
  type RunningStatement,
  STATEMENT_PAYMENT_DAYS,
  type Statement,
  type StatementLine,
  type StatementSummary,
} from "../../../shared/schemas/partner.ts";
import type { Db, Tx } from "../../db/client.ts";
import { invoices, partnerStatements, partners, plans, purchases } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../errors.ts";
import {
  type CursorCodec,
  keysBySort,
  keysetPage,
  type ListQuery,
  onPage,
  type Page,
  textKey,
} from "../../lib/keyset.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { partnerPlaceOfSupply } from "../invoices/gst.ts";
import { gstRatePercent, type InvoiceRow, issueTaxInvoice } from "../invoices/invoices.service.ts";
import { inRange, monthBounds, monthCounts, PARTNER_NOT_FOUND } from "./partners.queries.ts";

const STATEMENT_NOT_FOUND = "Statement not found";

/**
 * What a partner pays for a month, from its plan:
 *
 * Standard and Professional are sold at a price a month (₹4,999 and ₹9,999, whole rupees
 * in the plans table) for up to 10 or 15 registrations: the plan's fee is that monthly
 * price, charged once for the month whatever the number of registrations, and the
 * registrations inside the allowance are listed at no fee of their own. Splitting the
 * monthly price over the registrations instead would bill a quiet month at less than the
 * price the partner signed for. A registration accepted past the allowance (a contract
 * that bills rather than refuses them) is charged the plan's price of one place in its
 * allowance, the monthly price divided by the quota (₹499.90 on Standard, ₹666.60 on
 * Professional), so an extra home costs what an included one does.
 *
 * Enterprise has no list price ("Custom Pricing") and no quota: each registration is
 * charged the price per registration agreed with staff, and there is no monthly fee.
 *
 * Partner prices are before GST (the one price rule, src/shared/pricing.ts), and so are
 * these fees: their sum is the invoice's taxable value and GST is added to it.
 */
function statementFees(
  plan: { name: string; price: number },
  partner: { monthlyQuota: number | null; agreedPricePaise: number | null },
): { monthlyFeePaise: number; registrationFeePaise: number } {
  if (plan.name === ENTERPRISE_PLAN) {
    return { monthlyFeePaise: 0, registrationFeePaise: partner.agreedPricePaise ?? 0 };
  }
  const monthly = plan.price * 100;
  return {
    monthlyFeePaise: monthly,
    registrationFeePaise: partner.monthlyQuota ? Math.round(monthly / partner.monthlyQuota) : 0,
  };
}

/**
 * How many of the month's registrations the running statement lists: the newest, so an owner
 * sees what was just registered; its counts and total cover all of them. An Enterprise
 * partner can register thousands in a month, and an issued statement lists every one.
 */
const RUNNING_STATEMENT_LINES = 100;

/**
 * The month's registrations in the order they were made, each with its fee; with `newest`,
 * only that many of the latest (still in the order they were made)
 */
async function monthLines(
  db: Db | Tx,
  partnerId: number,
  month: string,
  fees: { monthlyFeePaise: number; registrationFeePaise: number },
  newest?: number,
): Promise<StatementLine[]> {
  const { start, end } = monthBounds(month);
  const query = db
    .select({
      id: purchases.id,
      policyNumber: purchases.policyNumber,
      // as the partner named them: a home still waiting for its homeowner has no holder, and is billed all the same
      homeowner: purchases.homeownerName,
      planName: plans.name,
      createdAt: purchases.createdAt,
      overQuota: purchases.overQuota,
    })
    .from(purchases)
    .innerJoin(plans, eq(plans.id, purchases.planId))
    .where(and(eq(purchases.partnerId, partnerId), inRange(start, end)))
    .$dynamic();
  const rows =
    newest === undefined
      ? await query.orderBy(purchases.createdAt, purchases.id)
      : (await query.orderBy(desc(purchases.createdAt), desc(purchases.id)).limit(newest)).reverse();
  // no monthly fee (Enterprise): every registration is billed on its own
  const each = fees.monthlyFeePaise === 0;
  return rows.map((r) => ({
    purchaseId: r.id,
    policyNumber: r.policyNumber,
    homeowner: r.homeowner ?? "",
    planName: r.planName,
    registeredOn: todayInIndia(r.createdAt),
    overQuota: r.overQuota,
    feePaise: each || r.overQuota ? fees.registrationFeePaise : 0,
  }));
}

/** A month's registrations, fees and their sum (before GST) for a partner on its plan, as its statement is issued */
async function monthFigures(
  db: Db | Tx,
  partner: { id: number; monthlyQuota: number | null; agreedPricePaise: number | null },
  plan: { name: string; price: number },
  month: string,
) {
  const fees = statementFees(plan, partner);
  const lines = await monthLines(db, partner.id, month, fees);
  const subtotal = fees.monthlyFeePaise + lines.reduce((sum, l) => sum + l.feePaise, 0);
  return { fees, lines, subtotal };
}

/**
 * The partner's statement for the month so far (India time), as it would be issued if the
 * month ended now: the same registrations and fees by the same computation, not issued, no
 * invoice and nothing stored. So an owner (and staff) can see what the month will cost
 * before the statement is issued after it ends.
 */
export async function runningStatement(
  db: Db,
  partnerId: number,
  today = todayInIndia(),
  listed = RUNNING_STATEMENT_LINES,
): Promise<RunningStatement> {
  const [row] = await db
    .select({ partner: partners, plan: plans })
    .from(partners)
    .innerJoin(plans, eq(plans.id, partners.planId))
    .where(eq(partners.id, partnerId));
  if (!row) throw notFound(PARTNER_NOT_FOUND);
  const month = today.slice(0, 7);
  const fees = statementFees(row.plan, row.partner);
  const { start, end } = monthBounds(month);
  const counts = await monthCounts(db, partnerId, start, end);
  const lines = await monthLines(db, partnerId, month, fees, listed);
  // the same fees as monthLines gives each line: every registration without a monthly fee, else those past the quota
  const billed = fees.monthlyFeePaise === 0 ? counts.registrations : counts.overQuota;
  return {
    partnerId,
    month,
    asOf: today,
    planName: row.plan.name,
    ...counts,
    ...fees,
    // GST added as the invoice will add it (the tax is the same within the state or outside)
    total: splitExclusive(fees.monthlyFeePaise + billed * fees.registrationFeePaise, gstRatePercent(), true)
      .total,
    lines,
    notListed: counts.registrations - lines.length,
  };
}

/**
 * Staff issue a partner's statement for a month that has ended (India time): the month's
 * registrations with their fees, and a GST tax invoice for the total, due 30 days after
 * issue (the B2B plans' payment terms). Under a lock on the partner's row, so the same
 * month cannot be issued twice at once; once issued it is never changed (a second issue is
 * a 409), as its invoice cannot be. A month before the contract, or an Enterprise month
 * with no registrations (nothing to bill), is refused.
 */
export async function issueStatement(
  db: Db,
  /** staff, or null for the monthly run */
  actor: PublicUser | null,
  partnerId: number,
  month: string,
  today = todayInIndia(),
): Promise<Statement> {
  if (month >= today.slice(0, 7)) {
    const message = `The statement for ${formatMonth(month)} can be issued once the month has ended`;
    throw badRequest(message, { month: message });
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ partner: partners, plan: plans })
      .from(partners)
      .innerJoin(plans, eq(plans.id, partners.planId))
      .where(eq(partners.id, partnerId))
      .for("update", { of: partners });
    if (!row) throw notFound(PARTNER_NOT_FOUND);
    const { partner, plan } = row;
    if (month < partner.contractStart.slice(0, 7)) {
      const message = `The contract started in ${formatMonth(partner.contractStart.slice(0, 7))}: choose a month from then on`;
      throw badRequest(message, { month: message });
    }
    const [issued] = await tx
      .select({ id: partnerStatements.id })
      .from(partnerStatements)
      .where(and(eq(partnerStatements.partnerId, partnerId), eq(partnerStatements.month, month)));
    if (issued) {
      const message = `The statement for ${formatMonth(month)} has already been issued`;
      throw conflict(message, { month: message });
    }
    const { fees, lines, subtotal } = await monthFigures(tx, partner, plan, month);
    if (subtotal === 0) {
      const message = `There is nothing to bill for ${formatMonth(month)}: no registrations`;
      throw badRequest(message, { month: message });
    }
    const overQuota = lines.filter((l) => l.overQuota).length;
    const { intraState, placeOfSupply } = partnerPlaceOfSupply(partner.gstin, partner.address);
    const invoice = await issueTaxInvoice(
      tx,
      actor?.id ?? null,
      {
        purchaseId: null,
        billedToId: null,
        customerName: partner.name,
        customerAddress: partner.address,
        customerGstin: partner.gstin ?? "",
        placeOfSupply,
        intraState,
        description: `Partner programme, ${plan.name}, ${formatMonth(month)}: ${lines.length} ${lines.length === 1 ? "registration" : "registrations"}`,
        amount: subtotal,
        audience: "b2b",
        audit: { partnerId, month },
      },
      today,
    );
    const [statement] = await tx
      .insert(partnerStatements)
      .values({
        partnerId,
        month,
        planName: plan.name,
        monthlyFeePaise: fees.monthlyFeePaise,
        registrationFeePaise: fees.registrationFeePaise,
        registrations: lines.length,
        overQuota,
        lines,
        invoiceId: invoice.id,
        issuedOn: today,
        dueOn: addDays(today, STATEMENT_PAYMENT_DAYS),
        createdBy: actor?.id ?? null,
      })
      .returning({ id: partnerStatements.id });
    await recordAudit(tx, {
      actorId: actor?.id ?? null,
      action: "partner.statement_issue",
      entityType: "partner",
      entityId: partnerId,
      details: {
        statementId: statement.id,
        month,
        invoiceNumber: invoice.number,
        total: invoice.total,
        registrations: lines.length,
      },
    });
    return statement.id;
  });
  const { statement, invoice } = await statementById(db, partnerId, id);
  return toStatement(statement, invoice, "admin");
}

type StatementRow = typeof partnerStatements.$inferSelect;

/** The address of a statement's PDF, for staff or for the partner's own users */
const statementUrl = (s: { id: number; partnerId: number }, audience: "admin" | "partner") =>
  audience === "admin"
    ? `/api/admin/partners/${s.partnerId}/statements/${s.id}`
    : `/api/partner/statements/${s.id}`;

function toSummary(s: StatementRow, inv: InvoiceRow, audience: "admin" | "partner"): StatementSummary {
  return {
    id: s.id,
    partnerId: s.partnerId,
    month: s.month,
    planName: s.planName,
    registrations: s.registrations,
    overQuota: s.overQuota,
    monthlyFeePaise: s.monthlyFeePaise,
    registrationFeePaise: s.registrationFeePaise,
    invoiceNumber: inv.number,
    taxable: inv.taxable,
    tax: inv.cgst + inv.sgst + inv.igst,
    total: inv.total,
    issuedOn: s.issuedOn,
    dueOn: s.dueOn,
    url: statementUrl(s, audience),
    createdAt: s.createdAt.toISOString(),
  };
}

function toStatement(s: StatementRow, inv: InvoiceRow, audience: "admin" | "partner"): Statement {
  return {
    ...toSummary(s, inv, audience),
    lines: s.lines,
    intraState: inv.intraState,
    cgst: inv.cgst,
    sgst: inv.sgst,
    igst: inv.igst,
    placeOfSupply: inv.placeOfSupply,
  };
}

/** One of this partner's statements with its invoice; another partner's is not found */
export async function statementById(db: Db, partnerId: number, id: number) {
  const [row] = await db
    .select({ statement: partnerStatements, invoice: invoices })
    .from(partnerStatements)
    .innerJoin(invoices, eq(invoices.id, partnerStatements.invoiceId))
    .where(and(eq(partnerStatements.id, id), eq(partnerStatements.partnerId, partnerId)));
  if (!row) throw notFound(STATEMENT_NOT_FOUND);
  return row;
}

export type StatementSort = (typeof STATEMENT_SORTS)[number];

const statementKeys = keysBySort<StatementSort>(partnerStatements.id, {
  month: textKey(partnerStatements.month),
});

/** A partner's statements, latest month first, a page at a time (staff's and the partner's lists) */
export async function listStatementsPage(
  db: Db,
  codec: CursorCodec,
  partnerId: number,
  query: ListQuery<StatementSort, Record<string, never>>,
  audience: "admin" | "partner",
): Promise<Page<StatementSummary>> {
  // the partner and the audience are part of the list's name: a cursor works on its own list only
  return keysetPage(db, codec, `partner-statements:${audience}:${partnerId}`, query, {
    table: partnerStatements,
    where: and(
      eq(partnerStatements.partnerId, partnerId),
      query.q ? sql`${partnerStatements.month} like ${`${query.q.replace(/[%_\\]/g, "")}%`}` : undefined,
    ),
    keys: statementKeys(query.sort),
    fetch: (read) =>
      onPage(
        db
          .select({ statement: partnerStatements, invoice: invoices, k: read.key })
          .from(partnerStatements)
          .innerJoin(invoices, eq(invoices.id, partnerStatements.invoiceId))
          .$dynamic(),
        read,
      ),
    map: (r) => toSummary(r.statement, r.invoice, audience),
  });
}
