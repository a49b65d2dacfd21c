import { and, desc, eq, type SQL } from "drizzle-orm";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import type {
  Enquiry,
  EnquiryInterest,
  EnquiryRecord,
  EnquiryStatus,
} from "../../../shared/schemas/enquiry.ts";
import type { Db } from "../../db/client.ts";
import { inquiries } from "../../db/schema.ts";
import { notFound } from "../../errors.ts";
import { recordAudit } from "../audit/audit.service.ts";

type InquiryRow = typeof inquiries.$inferSelect;

const toRecord = (r: InquiryRow): EnquiryRecord => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function createEnquiry(db: Db, input: Enquiry, source: string | null): Promise<EnquiryRecord> {
  const [row] = await db
    .insert(inquiries)
    .values({ ...input, source })
    .returning();
  return toRecord(row);
}

export async function listEnquiries(
  db: Db,
  filter: { status?: EnquiryStatus; interest?: EnquiryInterest } = {},
): Promise<EnquiryRecord[]> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(inquiries.status, filter.status));
  if (filter.interest) conditions.push(eq(inquiries.interest, filter.interest));
  const rows = await db
    .select()
    .from(inquiries)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id));
  return rows.map(toRecord);
}

export async function setEnquiryStatus(
  db: Db,
  actor: PublicUser,
  id: number,
  status: EnquiryStatus,
): Promise<EnquiryRecord> {
  return db.transaction(async (tx) => {
    // locked, so two staff members changing it at once each record the status they really replaced
    const [before] = await tx.select().from(inquiries).where(eq(inquiries.id, id)).for("update");
    if (!before) throw notFound("Enquiry not found");
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

/** RFC 4180 quoting, and a leading quote on cells a spreadsheet would run as a formula. */
function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function enquiriesToCsv(rows: EnquiryRecord[]): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const r of rows) lines.push(CSV_COLUMNS.map((c) => csvCell(r[c])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
