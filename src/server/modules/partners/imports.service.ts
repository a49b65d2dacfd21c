import { and, eq, type SQL, sql } from "drizzle-orm";
import { todayInIndia } from "../../../shared/dates.ts";
import type { PARTNER_IMPORT_SORTS } from "../../../shared/endpoints/partners.ts";
import { UNUSABLE_HOMEOWNER_EMAIL } from "../../../shared/schemas/partner.ts";
import {
  IMPORT_EXPIRED_MESSAGE,
  IMPORT_OVER_QUOTA_MESSAGE,
  IMPORT_PREVIEW_DAYS,
  IMPORT_REPORT_MAX,
  IMPORT_SAMPLE_ROWS,
  type ImportIssue,
  type ImportSampleRow,
  type PartnerImport,
  type PartnerImportSummary,
} from "../../../shared/schemas/partner-import.ts";
import type { Db, Tx } from "../../db/client.ts";
import { partnerImports, partners, plans, purchases, users } from "../../db/schema.ts";
import { AppError, conflict, notFound } from "../../errors.ts";
import {
  type CursorCodec,
  type KeyValue,
  keysBySort,
  keysetPage,
  type ListQuery,
  onPage,
  type Page,
  timestampKey,
} from "../../lib/keyset.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { type HandoverEntry, pastQuota, registerHandovers } from "./handovers.service.ts";
import {
  byColumn,
  type CheckedRow,
  checkRow,
  decodeCsv,
  HEADER_OF,
  type ImportEncoding,
  readCsv,
} from "./imports.parse.ts";
import type { Membership } from "./partner-access.ts";
import { recountPartnerHomes } from "./partner-claims.queries.ts";
import { indiaMonth, monthCounts } from "./partners.queries.ts";

/**
 * A partner's bulk import: the CSV is read and every row checked (the preview, kept in
 * `partner_imports`), then committed in one transaction, all its rows or none. Nothing
 * is made before the commit.
 */

/** What the preview found, kept with the import (its `errors` column) and answered as it was */
interface Report {
  encoding: ImportEncoding;
  errorCount: number;
  rowsWithErrors: number;
  errors: ImportIssue[];
  warningCount: number;
  warnings: ImportIssue[];
  sample: ImportSampleRow[];
  quota: PartnerImport["quota"];
  canCommit: boolean;
  blockedBecause: string | null;
  committedCount: number | null;
}

/** a home is registered once: the same homeowner at the same address and PIN code is one handover */
const homeKey = (email: string, address: string, pincode: string) =>
  `${email}|${address
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()}|${pincode}`;

const n = (v: number) => v.toLocaleString("en-IN");

/** The e-mails' accounts: role by address (lowercase), to refuse staff and partner addresses */
async function accountsOf(tx: Tx | Db, emails: string[]): Promise<Map<string, string>> {
  const rows = await tx
    .select({ email: sql<string>`lower(${users.email})`, role: users.role })
    .from(users)
    .where(
      sql`lower(${users.email}) in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`,
    );
  return new Map(rows.map((r) => [r.email, r.role]));
}

/** Homes of these homeowners the partner has registered already: policy number by home */
async function registeredHomes(
  tx: Tx | Db,
  partnerId: number,
  emails: string[],
): Promise<Map<string, string>> {
  const rows = await tx
    .select({
      email: sql<string>`${purchases.homeownerEmail}`,
      address: purchases.propertyAddress,
      pincode: purchases.propertyPincode,
      policyNumber: purchases.policyNumber,
    })
    .from(purchases)
    .where(
      and(
        eq(purchases.partnerId, partnerId),
        sql`${purchases.homeownerEmail} in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`,
      ),
    );
  return new Map(rows.map((r) => [homeKey(r.email, r.address, r.pincode ?? ""), r.policyNumber]));
}

/**
 * Reads and checks a file and keeps the preview. Each row is checked as the handover form
 * would be, then against the file's other rows (the same home twice), the accounts (a
 * staff or partner address is not a homeowner's, refused in the words of a malformed one;
 * nothing says whether an address has an account) and the partner's own registrations (a file imported twice), and the whole
 * against the month's quota. The answer lists the first errors and warnings with complete
 * counts, so a file of 10,000 bad rows answers in kilobytes.
 */
export async function previewImport(
  db: Db,
  m: Membership,
  file: { bytes: Uint8Array; fileName: string },
): Promise<PartnerImport> {
  const { text, encoding } = decodeCsv(file.bytes);
  const table = readCsv(text);
  const planRows = await db
    .select({ id: plans.id, name: plans.name, duration: sql<number>`${plans.duration}` })
    .from(plans)
    .where(sql`${plans.type} = 'B2C' and ${plans.duration} is not null`)
    .orderBy(plans.price);
  const checked: CheckedRow[] = table.rows.map((row) => checkRow(row, table.columns, planRows));
  const warnings: ImportIssue[] = table.ignored.map((h) => ({
    row: 1,
    column: h,
    message: `"${h}" is not one of the template's columns and is ignored`,
  }));
  const emails = [...new Set(checked.flatMap((r) => (r.email ? [r.email] : [])))];
  const [accounts, registered] = await Promise.all([
    accountsOf(db, emails),
    registeredHomes(db, m.partnerId, emails),
  ]);
  const firstLine = new Map<string, number>();
  const email = HEADER_OF.homeownerEmail;
  for (const r of checked) {
    // the same words as a malformed address: the preview never says who has an account
    const role = r.email ? accounts.get(r.email) : undefined;
    if (role && role !== "customer" && !r.errors.some((e) => e.column === email)) {
      r.errors.push({ row: r.line, column: email, message: UNUSABLE_HOMEOWNER_EMAIL });
    }
    const h = r.handover;
    if (!h) continue;
    const key = homeKey(h.homeownerEmail, h.propertyAddress, h.propertyPincode);
    if (firstLine.has(key)) {
      r.errors.push({
        row: r.line,
        column: null,
        message: `The same homeowner and address as row ${firstLine.get(key)}: each home is registered once. Please remove one of the two rows.`,
      });
    } else {
      firstLine.set(key, r.line);
    }
    if (registered.has(key)) {
      r.errors.push({
        row: r.line,
        column: null,
        message: `Your organisation has already registered this home for this homeowner (policy ${registered.get(key)}). Please remove the row.`,
      });
    }
  }
  const errors = checked.flatMap((r) => r.errors).sort(byColumn);
  const valid = checked.filter((r) => r.errors.length === 0 && r.handover);
  const entries: HandoverEntry[] = valid.map((r) => ({ ...r.handover!, row: r.line }));

  const partner = (await db.select().from(partners).where(eq(partners.id, m.partnerId)))[0];
  const { start, end } = indiaMonth();
  const { registrations } = await monthCounts(db, m.partnerId, start, end);
  const past = pastQuota(partner.monthlyQuota, registrations, entries.length);
  const rowsWithErrors = checked.filter((r) => r.errors.length > 0).length;
  const blockedBecause =
    rowsWithErrors > 0
      ? `${n(rowsWithErrors)} of the file's ${n(checked.length)} rows have errors. Nothing is imported until every row is right: please correct them in your file and upload it again.`
      : past > 0 && partner.overQuota === "refuse"
        ? IMPORT_OVER_QUOTA_MESSAGE(partner.monthlyQuota!, registrations, entries.length)
        : null;
  const report: Report = {
    encoding,
    errorCount: errors.length,
    rowsWithErrors,
    errors: errors.slice(0, IMPORT_REPORT_MAX),
    warningCount: warnings.length,
    warnings: warnings.slice(0, IMPORT_REPORT_MAX),
    sample: valid.slice(0, IMPORT_SAMPLE_ROWS).map((r) => {
      const h = r.handover!;
      return {
        row: r.line,
        homeownerName: h.homeownerName,
        homeownerEmail: h.homeownerEmail,
        propertyAddress: h.propertyAddress,
        propertyCity: h.propertyCity,
        propertyPincode: h.propertyPincode,
        planName: r.planName,
        installDate: h.installDate,
        items: h.coveredItems?.length ?? 0,
      };
    }),
    quota: {
      quota: partner.monthlyQuota,
      registered: registrations,
      overQuota: partner.overQuota,
      pastQuota: past,
    },
    canCommit: blockedBecause === null,
    blockedBecause,
    committedCount: null,
  };
  const [row] = await db
    .insert(partnerImports)
    .values({
      partnerId: m.partnerId,
      createdById: m.user.id,
      fileName: file.fileName.slice(0, 200),
      rowCount: checked.length,
      errorCount: errors.length,
      // the rows are kept only when they can be committed: a file with errors is uploaded again
      rows: report.canCommit ? entries : [],
      errors: report,
    })
    .returning({
      id: partnerImports.id,
      fileName: partnerImports.fileName,
      rowCount: partnerImports.rowCount,
      createdAt: partnerImports.createdAt,
    });
  return toImport({ ...row, committedAt: null, errors: report });
}

/** a preview older than IMPORT_PREVIEW_DAYS: it can no longer be committed, and the daily cleanup deletes it */
const previewExpired = (createdAt: Date) =>
  Date.now() - createdAt.getTime() > IMPORT_PREVIEW_DAYS * 86_400_000;

function toImport(row: {
  id: number;
  fileName: string;
  rowCount: number;
  committedAt: Date | null;
  createdAt: Date;
  errors: unknown;
}): PartnerImport {
  const kept = row.errors as Report;
  const report =
    !row.committedAt && previewExpired(row.createdAt)
      ? { ...kept, canCommit: false, blockedBecause: IMPORT_EXPIRED_MESSAGE }
      : kept;
  return {
    id: row.id,
    fileName: row.fileName,
    rowCount: row.rowCount,
    ...report,
    committedAt: row.committedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const importColumns = {
  id: partnerImports.id,
  fileName: partnerImports.fileName,
  rowCount: partnerImports.rowCount,
  committedAt: partnerImports.committedAt,
  createdAt: partnerImports.createdAt,
  errors: partnerImports.errors,
};

/** One of the partner's imports; another partner's is not found */
export async function getImport(db: Db, m: Membership, id: number): Promise<PartnerImport> {
  const [row] = await db
    .select(importColumns)
    .from(partnerImports)
    .where(and(eq(partnerImports.id, id), eq(partnerImports.partnerId, m.partnerId)));
  if (!row) throw notFound("Import not found");
  return toImport(row);
}

/**
 * Commits a preview: every row registered in one transaction, or none. The rules are
 * decided again under the partner's lock, as the world may have changed since the preview
 * (an address became a staff account, the month's quota filled, the same file was committed
 * from another tab): the first broken one refuses the lot with a message naming the row.
 */
export async function commitImport(db: Db, m: Membership, id: number): Promise<PartnerImport> {
  const committed = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ...importColumns, rows: partnerImports.rows })
      .from(partnerImports)
      .where(and(eq(partnerImports.id, id), eq(partnerImports.partnerId, m.partnerId)))
      .for("update");
    if (!row) throw notFound("Import not found");
    const report = row.errors as Report;
    if (row.committedAt) {
      throw conflict(
        `This file was imported on ${todayInIndia(row.committedAt)}: its ${n(report.committedCount ?? 0)} homes are registered.`,
      );
    }
    // gone (410): the preview is stale, and the same file uploaded again makes a fresh one
    if (previewExpired(row.createdAt)) throw new AppError(410, IMPORT_EXPIRED_MESSAGE);
    if (!report.canCommit) throw conflict(report.blockedBecause ?? "This file cannot be imported.");
    const entries = row.rows as HandoverEntry[];
    // the partner's lock first, so two imports of the same homes cannot both pass the check below
    await tx.select({ id: partners.id }).from(partners).where(eq(partners.id, m.partnerId)).for("update");
    const registered = await registeredHomes(tx, m.partnerId, [
      ...new Set(entries.map((e) => e.homeownerEmail)),
    ]);
    const again = entries.find((e) =>
      registered.has(homeKey(e.homeownerEmail, e.propertyAddress, e.propertyPincode)),
    );
    if (again) {
      throw conflict(
        `Row ${again.row}: your organisation has registered this home for this homeowner since the preview. Please upload the file again.`,
      );
    }
    const made = await registerHandovers(tx, m, entries, row.id);
    const done: Report = { ...report, committedCount: made.ids.length, canCommit: false };
    const [updated] = await tx
      .update(partnerImports)
      .set({ committedAt: new Date(), errors: done })
      .where(eq(partnerImports.id, row.id))
      .returning(importColumns);
    await recordAudit(tx, {
      actorId: m.user.id,
      action: "partner.import",
      entityType: "partner",
      entityId: m.partnerId,
      details: {
        importId: row.id,
        fileName: row.fileName,
        policies: made.ids.length,
        firstPolicyId: made.ids[0],
        lastPolicyId: made.ids.at(-1),
        newAccounts: made.newAccounts,
        awaitingHomeowners: made.awaiting,
        overQuota: made.overQuota,
      },
    });
    return toImport(updated);
  });
  // the scorecard's home counts include the new homes at once
  recountPartnerHomes(db, m.partnerId);
  return committed;
}

export type PartnerImportSort = (typeof PARTNER_IMPORT_SORTS)[number];

const importKeys = keysBySort<PartnerImportSort>(partnerImports.id, {
  created: timestampKey(partnerImports.createdAt),
});

/** The partner's imports, newest first, a page at a time; the kept rows are never read for it */
export async function listImportsPage(
  db: Db,
  codec: CursorCodec,
  partnerId: number,
  query: ListQuery<PartnerImportSort, Record<string, never>>,
): Promise<Page<PartnerImportSummary>> {
  const select = (key: SQL<KeyValue[]>) =>
    db
      .select({
        id: partnerImports.id,
        fileName: partnerImports.fileName,
        rowCount: partnerImports.rowCount,
        errorCount: partnerImports.errorCount,
        canCommit: sql<boolean>`coalesce((${partnerImports.errors}->>'canCommit')::boolean, false) and ${partnerImports.createdAt} > now() - make_interval(days => ${IMPORT_PREVIEW_DAYS})`,
        committedCount: sql<number | null>`(${partnerImports.errors}->>'committedCount')::int`,
        committedAt: partnerImports.committedAt,
        createdAt: partnerImports.createdAt,
        k: key,
      })
      .from(partnerImports);
  return keysetPage(db, codec, `partner-imports:${partnerId}`, query, {
    table: partnerImports,
    where: eq(partnerImports.partnerId, partnerId),
    keys: importKeys(query.sort),
    fetch: (read) => onPage(select(read.key).$dynamic(), read),
    map: (r) => ({
      id: r.id,
      fileName: r.fileName,
      rowCount: r.rowCount,
      errorCount: r.errorCount,
      canCommit: r.canCommit,
      committedCount: r.committedCount,
      committedAt: r.committedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    }),
  });
}

/**
 * Deletes the previews that were never committed and can no longer be (older than
 * IMPORT_PREVIEW_DAYS), with the homeowners' names and addresses their rows hold; the
 * number deleted. Run by the daily cleanup. Committed imports stay: their policies name them.
 */
export async function deleteExpiredImports(db: Db): Promise<number> {
  const gone = await db
    .delete(partnerImports)
    .where(
      sql`${partnerImports.committedAt} is null and ${partnerImports.createdAt} < now() - make_interval(days => ${IMPORT_PREVIEW_DAYS})`,
    )
    .returning({ id: partnerImports.id });
  return gone.length;
}
