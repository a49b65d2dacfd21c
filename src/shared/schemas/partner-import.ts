import { z } from "zod";
import { isoDateTime, isoDay } from "./ids.ts";
import { OVER_QUOTA_POLICIES } from "./partner.ts";

/**
 * A partner's bulk import of handovers: a CSV file, one finished project a row, checked
 * in full and shown as a preview before anything is made, then committed as all its rows
 * or none.
 */

/**
 * The template's columns, in its order. `key` is the handover's field the column fills;
 * the header is matched without regard to case, spaces or punctuation, so "PIN code",
 * "pincode" and "Pin-Code" are one column.
 */
export const IMPORT_COLUMNS = [
  { key: "homeownerName", header: "Homeowner name", example: "Lakshmi Narayanan", required: true },
  { key: "homeownerEmail", header: "E-mail", example: "lakshmi.n@example.in", required: true },
  { key: "homeownerPhone", header: "Phone", example: "+91 98400 12345", required: true },
  {
    key: "propertyAddress",
    header: "Property address",
    example: "12 Besant Avenue, Adyar",
    required: true,
  },
  { key: "propertyCity", header: "City", example: "Chennai", required: true },
  { key: "propertyState", header: "State", example: "Tamil Nadu", required: false },
  { key: "propertyPincode", header: "PIN code", example: "600020", required: true },
  { key: "plan", header: "Plan", example: "Premium", required: true },
  { key: "installDate", header: "Install date", example: "2026-11-20", required: true },
  { key: "installer", header: "Installer", example: "Team Ravi", required: false },
  {
    key: "coveredItems",
    header: "Covered items",
    example: "Kitchen:Modular kitchen:Hettich; Master bedroom:Wardrobe",
    required: false,
  },
] as const;
export type ImportColumnKey = (typeof IMPORT_COLUMNS)[number]["key"];

/** a file's rows at most: past it, the file is refused whole and the partner splits it */
export const IMPORT_MAX_ROWS = 10_000;
/** one line (one row, or a quoted cell's line) at most, in characters */
export const IMPORT_MAX_LINE_CHARS = 4_000;
/** the file at most: 10,000 rows of about 1,000 bytes each, far more than a real row takes */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** errors and warnings an answer lists at most; the counts are always complete */
export const IMPORT_REPORT_MAX = 200;
/** valid rows an answer shows, so the partner can see their columns were read as meant */
export const IMPORT_SAMPLE_ROWS = 10;
/**
 * how long a preview can be committed: its checks (accounts, quota, homes registered) grow
 * stale, and its rows hold homeowners' names and addresses that should not sit unused
 */
export const IMPORT_PREVIEW_DAYS = 7;
export const IMPORT_EXPIRED_MESSAGE = `This preview is more than ${IMPORT_PREVIEW_DAYS} days old, so it can no longer be imported. Please upload the file again.`;

export const IMPORT_OVER_QUOTA_MESSAGE = (quota: number, registered: number, rows: number) =>
  `This file has ${rows} homes, but your organisation can register ${Math.max(0, quota - registered)} more this month (its plan's limit is ${quota}, and ${registered} are registered). Please contact us to raise the limit, or split the file and import the rest next month.`;

/** One problem of one cell: `row` is the line of the file the row starts on (the header is line 1). */
const ImportIssueSchema = z.object({
  row: z.number().int(),
  /** the template's header of the column, or null for the row as a whole */
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof ImportIssueSchema>;

const ImportSampleRowSchema = z.object({
  row: z.number().int(),
  homeownerName: z.string(),
  homeownerEmail: z.string(),
  propertyAddress: z.string(),
  propertyCity: z.string(),
  propertyPincode: z.string(),
  planName: z.string(),
  installDate: isoDay,
  items: z.number().int(),
});
export type ImportSampleRow = z.infer<typeof ImportSampleRowSchema>;

/** An import as the partner sees it: the preview, and after the commit what was made */
export const PartnerImportSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  /** how the file's text was read: Excel on Windows saves "CSV" in Windows-1252 */
  encoding: z.enum(["utf-8", "windows-1252"]),
  rowCount: z.number().int(),
  /** every error found, of which `errors` lists the first IMPORT_REPORT_MAX */
  errorCount: z.number().int(),
  rowsWithErrors: z.number().int(),
  errors: z.array(ImportIssueSchema),
  warningCount: z.number().int(),
  warnings: z.array(ImportIssueSchema),
  /** the first valid rows, as they will be registered */
  sample: z.array(ImportSampleRowSchema),
  quota: z.object({
    /** null: unlimited */
    quota: z.number().int().nullable(),
    /** registered this month before this file */
    registered: z.number().int(),
    overQuota: z.enum(OVER_QUOTA_POLICIES),
    /** of this file's rows, how many fall past the quota (refused, or flagged for billing) */
    pastQuota: z.number().int(),
  }),
  canCommit: z.boolean(),
  /** why it cannot be committed, in a sentence; null when it can */
  blockedBecause: z.string().nullable(),
  /** the policies made, once committed */
  committedCount: z.number().int().nullable(),
  committedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type PartnerImport = z.infer<typeof PartnerImportSchema>;

/** A row of the partner's list of imports */
export const PartnerImportSummarySchema = PartnerImportSchema.pick({
  id: true,
  fileName: true,
  rowCount: true,
  errorCount: true,
  canCommit: true,
  committedCount: true,
  committedAt: true,
  createdAt: true,
});
export type PartnerImportSummary = z.infer<typeof PartnerImportSummarySchema>;
