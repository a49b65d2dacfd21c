import { eq } from "drizzle-orm";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import {
  ENQUIRY_INTEREST_LABELS,
  type Enquiry,
  type EnquiryRecord,
  type EnquiryStatus,
} from "../../../shared/schemas/enquiry.ts";
import type { Db, Tx } from "../../db/client.ts";
import { inquiries } from "../../db/schema.ts";
import { lockRow } from "../../lib/lock-row.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { notifyEnquiry } from "../mail/notifications.ts";

type InquiryRow = typeof inquiries.$inferSelect;

const toRecord = (r: InquiryRow): EnquiryRecord => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The enquiry, the staff alert and the visitor's acknowledgement commit together. */
export async function createEnquiry(db: Db, input: Enquiry, source: string | null): Promise<EnquiryRecord> {
  return db.transaction(async (tx) => {
    const record = await saveEnquiry(tx, input, source);
    await notifyEnquiry(tx, {
      ...input,
      interest: ENQUIRY_INTEREST_LABELS[input.interest] ?? input.interest,
    });
    return record;
  });
}

/**
 * The enquiry's row alone. Apart from createEnquiry so that the bench can time the same
 * save with and without its e-mail jobs, and so measure what the jobs add to the request.
 */
export async function saveEnquiry(tx: Tx, input: Enquiry, source: string | null): Promise<EnquiryRecord> {
  const [row] = await tx
    .insert(inquiries)
    .values({ ...input, source })
    .returning();
  return toRecord(row);
}

export async function setEnquiryStatus(
  db: Db,
  actor: PublicUser,
  id: number,
  status: EnquiryStatus,
): Promise<EnquiryRecord> {
  return db.transaction(async (tx) => {
    // locked, so two staff members changing it at once each record the status they really replaced
    const before = await lockRow(tx, inquiries, id, "Enquiry not found");
    const [row] = await tx
      .update(inquiries)
      .set({ status, updatedAt: new Date() })
      .where(eq(inquiries.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: "inquiry.status",
      entityType: "inquiry",
      entityId: id,
      details: { from: before.status, to: status },
    });
    return toRecord(row);
  });
}

const CSV_COLUMNS = [
  "id",
  "createdAt",
  "status",
  "name",
  "email",
  "phone",
  "interest",
  "message",
  "source",
] as const;

/**
 * Every cell quoted (RFC 4180, so commas, quotes and line breaks in a message stay inside
 * their cell), and an apostrophe before a cell a spreadsheet would run as a formula: a
 * lead who types `=HYPERLINK(...)` as their name gets text, not a link.
 */
function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;

/**
 * The export as CSV text, one chunk per batch of rows: the caller streams it, so an export
 * of any size holds one batch in memory.
 */
export async function* enquiriesCsv(batches: AsyncIterable<EnquiryRecord[]>): AsyncGenerator<string> {
  yield csvLine([...CSV_COLUMNS]);
  for await (const rows of batches) {
    yield rows.map((r) => csvLine(CSV_COLUMNS.map((c) => r[c]))).join("");
  }
}
