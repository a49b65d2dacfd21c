import { eq, inArray, or } from "drizzle-orm";
import Papa from "papaparse";
import { formatPaise } from "../../../shared/format.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import type { PaymentImportLine, PaymentImportResult } from "../../../shared/schemas/order.ts";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import { badRequest } from "../../errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { confirmOrder, isOpen } from "./orders.service.ts";

/**
 * Reconciling a bank statement with the online orders. Indian banks export a statement as
 * CSV with a few lines about the account first, then a header row and a line per
 * transaction: a date, a narration (for UPI, something like "UPI/412345678901/HIPO…/name"),
 * a reference (the UTR, or a cheque number) and the amounts withdrawn and deposited. The
 * header's words differ between banks ("Narration", "Description", "Particulars";
 * "Deposit Amt.", "Credit"), so columns are found by the words they contain.
 *
 * A credit matches an open order when it carries the UTR the buyer reported, or the order's
 * reference, and its amount is the order's to the paisa. Anything else is listed unmatched
 * with the reason. A preview changes nothing; a commit confirms each matched order in its
 * own transaction, and an order confirmed once is never confirmed again (a second import of
 * the same statement lists its lines as already confirmed).
 */

interface Line {
  row: number;
  date: string;
  narration: string;
  reference: string;
  amount: number;
  utrs: string[];
  references: string[];
}

const COLUMN_WORDS = {
  date: /date/i,
  narration: /narration|description|particulars|remarks|details/i,
  reference: /ref|utr|cheque|chq/i,
  credit: /credit|deposit|\bcr\b/i,
} as const;

const REFERENCE = /HIPO[A-HJ-NP-Z2-9]{8}/g;
const UTR = /(?<!\d)\d{12}(?!\d)/g;

/** "1,23,456.78", "₹ 45,999.00", "INR 45999" → paise; not a positive amount → null */
function paiseOf(value: string): number | null {
  const clean = value.replace(/₹|INR|Rs\.?|,|\s/gi, "");
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const paise = Math.round(Number(clean) * 100);
  return paise > 0 ? paise : null;
}

function readStatement(csv: string): Line[] {
  // blank lines are kept, so each row's number is its line in the file as staff open it
  const rows = Papa.parse<string[]>(csv.replace(/^\uFEFF/, "")).data;
  const headerAt = rows.findIndex(
    (r) => r.some((c) => COLUMN_WORDS.narration.test(c)) && r.some((c) => COLUMN_WORDS.credit.test(c)),
  );
  if (headerAt < 0) {
    throw badRequest(
      "This file has no header row with a narration (or description) column and a credit (or deposit) column. Please export the statement as CSV from the bank's site.",
      { csv: "No narration and credit columns" },
    );
  }
  const header = rows[headerAt];
  const col = (words: RegExp, except: number[] = []) =>
    header.findIndex((c, i) => words.test(c) && !except.includes(i));
  const narration = col(COLUMN_WORDS.narration);
  const credit = col(COLUMN_WORDS.credit);
  const date = col(COLUMN_WORDS.date);
  const reference = col(COLUMN_WORDS.reference, [narration, credit]);
  const lines: Line[] = [];
  rows.slice(headerAt + 1).forEach((r, i) => {
    const amount = paiseOf(r[credit] ?? "");
    if (amount === null) return; // a withdrawal, a total or a closing line: nothing paid in
    const text = r[narration] ?? "";
    const ref = reference >= 0 ? (r[reference] ?? "").trim() : "";
    const both = `${ref} ${text}`;
    lines.push({
      row: headerAt + i + 2,
      date: date >= 0 ? (r[date] ?? "").trim() : "",
      narration: text.trim(),
      reference: ref,
      amount,
      utrs: [...new Set(both.match(UTR) ?? [])],
      references: [...new Set(both.toUpperCase().match(REFERENCE) ?? [])],
    });
  });
  return lines;
}

type Candidate = Pick<
  typeof orders.$inferSelect,
  "id" | "reference" | "amount" | "status" | "reportedUtr" | "utr"
>;

export async function importPayments(
  db: Db,
  actor: PublicUser,
  input: { csv: string; commit: boolean },
): Promise<PaymentImportResult> {
  const lines = readStatement(input.csv);
  const utrs = lines.flatMap((l) => l.utrs);
  const refs = lines.flatMap((l) => l.references);
  // only the orders this statement names: never the whole table
  const candidates: Candidate[] =
    utrs.length || refs.length
      ? await db
          .select({
            id: orders.id,
            reference: orders.reference,
            amount: orders.amount,
            status: orders.status,
            reportedUtr: orders.reportedUtr,
            utr: orders.utr,
          })
          .from(orders)
          .where(
            or(
              refs.length ? inArray(orders.reference, refs) : undefined,
              utrs.length ? inArray(orders.reportedUtr, utrs) : undefined,
              utrs.length ? inArray(orders.utr, utrs) : undefined,
            ),
          )
      : [];
  const matched: PaymentImportLine[] = [];
  const unmatched: PaymentImportLine[] = [];
  const toConfirm: { orderId: number; utr?: string }[] = [];
  const taken = new Set<number>();
  for (const line of lines) {
    const base = {
      row: line.row,
      date: line.date,
      narration: line.narration,
      reference: line.reference,
      amount: line.amount,
    };
    const named = candidates.filter(
      (o) =>
        line.references.includes(o.reference) ||
        (o.reportedUtr !== null && line.utrs.includes(o.reportedUtr)) ||
        (o.utr !== null && line.utrs.includes(o.utr)),
    );
    if (named.length === 0) {
      unmatched.push({
        ...base,
        orderId: null,
        orderReference: null,
        note: "Names no order's reference or UTR",
      });
      continue;
    }
    const order = named.find((o) => o.amount === line.amount);
    if (!order) {
      const o = named[0];
      unmatched.push({
        ...base,
        orderId: null,
        orderReference: o.reference,
        note: `${formatPaise(line.amount)} is not order ${o.reference}'s ${formatPaise(o.amount)}`,
      });
      continue;
    }
    const hit = { ...base, orderId: order.id, orderReference: order.reference };
    if (order.status === "paid") {
      matched.push({ ...hit, note: "Already confirmed" });
    } else if (!isOpen(order.status) || taken.has(order.id)) {
      unmatched.push({
        ...hit,
        orderId: null,
        note: taken.has(order.id) ? "A second credit for the same order" : `The order is ${order.status}`,
      });
    } else {
      taken.add(order.id);
      matched.push({ ...hit, note: null });
      const utr = line.utrs.find((u) => u === order.reportedUtr) ?? line.utrs[0];
      toConfirm.push({ orderId: order.id, ...(utr ? { utr } : {}) });
    }
  }
  let confirmed = 0;
  if (input.commit) {
    for (const c of toConfirm) {
      // each order in its own transaction, decided again under its lock: one that staff
      // confirmed meanwhile is passed over, never confirmed twice
      const done = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, c.orderId))
          .for("update");
        if (!row || !isOpen(row.status)) return false;
        // a UTR that already confirmed another order is not taken again: the order keeps its own
        const [clash] = c.utr
          ? await tx.select({ id: orders.id }).from(orders).where(eq(orders.utr, c.utr))
          : [];
        await confirmOrder(tx, actor, c.orderId, clash ? {} : { utr: c.utr });
        return true;
      });
      if (done) confirmed++;
    }
    await db.transaction((tx) =>
      recordAudit(tx, {
        actorId: actor.id,
        action: "order.bank_import",
        entityType: "order",
        entityId: null,
        details: { lines: lines.length, matched: toConfirm.length, confirmed, unmatched: unmatched.length },
      }),
    );
  }
  return { committed: input.commit, matched, unmatched, confirmed };
}
