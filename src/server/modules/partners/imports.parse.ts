import Papa from "papaparse";
import { type Handover, HandoverSchema, INSTALL_DATE_IN_FUTURE } from "../../../shared/schemas/partner.ts";
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_LINE_CHARS,
  IMPORT_MAX_ROWS,
  type ImportColumnKey,
  type ImportIssue,
} from "../../../shared/schemas/partner-import.ts";
import { COVERED_ITEMS, type CoveredItemKey } from "../../../shared/schemas/policy-items.ts";
import { AppError, badRequest } from "../../errors.ts";
import { installDateProblem } from "./handovers.service.ts";

/**
 * Reading a partner's CSV of handovers: bytes to text, text to rows (papaparse, which
 * gets quotes, commas inside quotes and line breaks inside cells right), rows to the
 * handovers the form would send, each checked by the form's own schema. Nothing here
 * touches the database.
 */

const MB = IMPORT_MAX_BYTES / (1024 * 1024);
const n = (v: number) => v.toLocaleString("en-IN");

const FILE_TOO_LARGE = `The file is larger than ${MB} MB. A file may have at most ${n(IMPORT_MAX_ROWS)} rows: please split it into smaller files.`;
export const tooLarge = () => new AppError(413, FILE_TOO_LARGE);

export type ImportEncoding = "utf-8" | "windows-1252";

/**
 * The file's text. A UTF-8 byte-order mark (Excel's "CSV UTF-8") is dropped. Bytes that
 * are not UTF-8 are read as Windows-1252, which is what Excel on Windows writes for a plain
 * "CSV (Comma delimited)" file: "Müller" or "Café" come out right rather than refused, and
 * every byte has a meaning there, so no file is misread silently as something else.
 * UTF-16 ("Unicode text") and binary files are refused with the way to fix them.
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: ImportEncoding } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw badRequest(
      'This file is saved as UTF-16 ("Unicode Text"). Please save it from your spreadsheet as "CSV UTF-8 (Comma delimited)" and upload it again.',
    );
  }
  let text: string;
  let encoding: ImportEncoding = "utf-8";
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
    encoding = "windows-1252";
  }
  if (text.includes("\u0000")) {
    throw badRequest(
      'This is not a CSV text file (it contains binary data). Please save the sheet as "CSV UTF-8 (Comma delimited)" and upload that file.',
    );
  }
  return { text, encoding };
}

/** "PIN code", "pincode" and "Pin-Code" are one header */
const headerKey = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, "");

/** the headers each column is known by: the template's, and the names partners' own sheets use */
const HEADER_ALIASES: Record<ImportColumnKey, string[]> = {
  homeownerName: ["homeownername", "name", "homeowner", "customername", "fullname"],
  homeownerEmail: ["email", "homeowneremail", "emailaddress", "emailid"],
  homeownerPhone: ["phone", "homeownerphone", "mobile", "phonenumber", "mobilenumber"],
  propertyAddress: ["propertyaddress", "address"],
  propertyCity: ["city", "propertycity"],
  propertyState: ["state", "propertystate"],
  propertyPincode: ["pincode", "pin", "propertypincode", "postcode", "postalcode"],
  plan: ["plan", "planname"],
  installDate: ["installdate", "handoverdate", "installationdate", "date"],
  installer: ["installer", "installerteam", "team", "installerorteam"],
  coveredItems: ["covereditems", "items"],
};
const COLUMN_OF = new Map<string, ImportColumnKey>(
  Object.entries(HEADER_ALIASES).flatMap(([key, names]) => names.map((h) => [h, key as ImportColumnKey])),
);
export const HEADER_OF = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.key, c.header])) as Record<
  ImportColumnKey,
  string
>;

/** A row of the file: the line it starts on, and its cells by column */
export interface CsvRow {
  line: number;
  cells: Partial<Record<ImportColumnKey, string>>;
  /** cells past the header's columns, or missing: the row's commas do not match the header's */
  width: number;
}

export interface CsvTable {
  rows: CsvRow[];
  /** the header's width */
  columns: number;
  /** columns of the file that are not the template's, ignored */
  ignored: string[];
}

/**
 * The rows of the file. Line endings may be mixed (a file edited on Windows and then on a
 * Mac): they are made one before parsing, also inside quoted cells, where a line break in an
 * address stays a line break. A whole file is refused, with a 400 naming the line, for what
 * no row-by-row report can describe: a line too long, too many rows, a header that is not
 * the template's, or a quote left open.
 */
export function readCsv(raw: string): CsvTable {
  const text = raw.replace(/\r\n?/g, "\n");
  // a 1 MB line is a wrong file (or a quote left open, joining the rest into one cell), not a row
  for (let start = 0, line = 1; start < text.length; line++) {
    const end = text.indexOf("\n", start);
    const stop = end < 0 ? text.length : end;
    if (stop - start > IMPORT_MAX_LINE_CHARS) {
      throw badRequest(
        `Line ${n(line)} is ${n(stop - start)} characters long; a line may have at most ${n(IMPORT_MAX_LINE_CHARS)}. Please check that this is the template's CSV of handovers.`,
      );
    }
    if (end < 0) break;
    start = end + 1;
  }

  let header: string[] | null = null;
  const records: { line: number; data: string[] }[] = [];
  let failure: AppError | null = null;
  let position = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    newline: "\n",
    skipEmptyLines: "greedy",
    step(result, parser) {
      // the line the row starts on, as the partner's spreadsheet numbers it: blank lines skipped count
      const cursor = result.meta.cursor;
      let rowLine = 0;
      for (; position < cursor; position++) {
        const c = text.charCodeAt(position);
        if (rowLine === 0 && c !== 10 && c !== 32 && c !== 9) rowLine = line;
        if (c === 10) line++;
      }
      const quote = result.errors.find((e) => e.type === "Quotes");
      if (quote) {
        failure = badRequest(
          `Row ${n(rowLine)} has a quote (") that is not closed, so the rest of the file would be read as one cell. Please fix that row and upload the file again.`,
        );
        parser.abort();
        return;
      }
      if (!header) {
        header = result.data;
        return;
      }
      if (records.length === IMPORT_MAX_ROWS) {
        failure = badRequest(
          `The file has more than ${n(IMPORT_MAX_ROWS)} rows. Please split it into files of at most ${n(IMPORT_MAX_ROWS)} homes each and import them one by one.`,
        );
        parser.abort();
        return;
      }
      records.push({ line: rowLine, data: result.data });
    },
  });
  if (failure) throw failure;
  if (!header)
    throw badRequest(
      "The file is empty. Please download the template, fill in one row a home, and upload it.",
    );
  const columns = mapHeader(header);
  if (records.length === 0) {
    throw badRequest("The file has a header row but no homes under it. Please add one row a home.");
  }
  const rows = records.map(({ line, data }): CsvRow => {
    const cells: CsvRow["cells"] = {};
    columns.keys.forEach((key, i) => {
      if (key && data[i] !== undefined) cells[key] = data[i];
    });
    return { line, cells, width: data.length };
  });
  return { rows, columns: columns.keys.length, ignored: columns.ignored };
}

function mapHeader(header: string[]): { keys: (ImportColumnKey | null)[]; ignored: string[] } {
  const keys: (ImportColumnKey | null)[] = [];
  const ignored: string[] = [];
  const seen = new Set<ImportColumnKey>();
  for (const h of header) {
    const key = COLUMN_OF.get(headerKey(h)) ?? null;
    if (key && seen.has(key)) {
      throw badRequest(`The header row has the column "${HEADER_OF[key]}" twice. Please keep one.`);
    }
    if (key) seen.add(key);
    else if (h.trim()) ignored.push(h.trim());
    keys.push(key);
  }
  const missing = IMPORT_COLUMNS.filter((c) => c.required && !seen.has(c.key)).map((c) => `"${c.header}"`);
  if (missing.length > 0) {
    throw badRequest(
      `The header row (line 1) has no column ${missing.join(", ")}. Please start from the template, which names every column.`,
    );
  }
  return { keys, ignored };
}

/**
 * A cell a spreadsheet would run as a formula when the file is opened again: `=`, `+`, `-`
 * or `@` first, once the spaces, tabs and line breaks around it are trimmed (as the handover
 * keeps it). Refused rather than quietly changed, so what is registered is what the partner
 * wrote.
 *
 * One exception: a phone number in international form, "+91 98400 12345". It is the usual
 * way to write an Indian mobile number, and a `+` followed only by digits, spaces, hyphens
 * and brackets is at most arithmetic on numbers: no function, no cell reference, no link to
 * another program, which is what makes a formula dangerous.
 */
function isFormula(key: ImportColumnKey, value: string): boolean {
  if (!/^[=+\-@]/.test(value)) return false;
  return !(key === "homeownerPhone" && /^\+[0-9][0-9 ()-]*$/.test(value));
}

/** "2026-11-20", or "20/11/2026" and "20-11-2026" as India writes them, to YYYY-MM-DD */
function isoDate(value: string): string {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  return m ? `${m[3]}-${m[2].padStart(2, "0")}-${m[1].padStart(2, "0")}` : value;
}

const itemKey = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
const ITEM_NAMES = COVERED_ITEMS.map((c) => c.key.replace("_", " ").replace(/^./, (ch) => ch.toUpperCase()));

/** "Hinges", "modular kitchen", "Modular_kitchen" or "Loft" (its label's start) to an item's key */
function itemTypeOf(name: string): CoveredItemKey | null {
  const k = itemKey(name);
  if (k.length < 3) return null;
  const found = COVERED_ITEMS.find((c) => itemKey(c.key) === k || itemKey(c.label).startsWith(k));
  return found?.key ?? null;
}

/**
 * "Kitchen:Modular kitchen:Hettich; Master bedroom:Wardrobe": a home's covered items, each
 * room, kind and (optionally) brand, separated by semicolons.
 */
function coveredItems(value: string): { items: Handover["coveredItems"] | undefined; error: string | null } {
  const parts = value
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return { items: undefined, error: null };
  const items: { room: string; itemType: CoveredItemKey; brand?: string }[] = [];
  for (const [i, part] of parts.entries()) {
    const [room = "", kind = "", brand = "", ...extra] = part.split(":").map((s) => s.trim());
    if (!kind || extra.length > 0) {
      return {
        items: undefined,
        error: `Item ${i + 1} ("${part}"): write each item as Room:Item or Room:Item:Brand, separated by semicolons`,
      };
    }
    const itemType = itemTypeOf(kind);
    if (!itemType) {
      return {
        items: undefined,
        error: `Item ${i + 1} ("${part}"): "${kind}" is not a covered item. Use ${ITEM_NAMES.slice(0, -1).join(", ")} or ${ITEM_NAMES.at(-1)}`,
      };
    }
    items.push({ room, itemType, ...(brand ? { brand } : {}) });
  }
  return { items: items as Handover["coveredItems"], error: null };
}

/** the template's example homeowner: a file that still has that row would register a home nobody owns */
const TEMPLATE_EMAIL = IMPORT_COLUMNS.find((c) => c.key === "homeownerEmail")!.example;

export interface PlanChoice {
  id: number;
  name: string;
  /** years of cover */
  duration: number;
}

/** A row checked: the handover it makes, or its errors */
export interface CheckedRow {
  line: number;
  handover: Handover | null;
  /** the homeowner's address when it is well formed, even on a row with other errors: its account is checked too */
  email: string | null;
  planName: string;
  errors: ImportIssue[];
}

/**
 * One row to the handover the form would send, checked by the form's schema (the same
 * messages, by the template's column), plus what only a file has: formulas, the plan by
 * name, dates written the Indian way, items in one cell, a row whose commas do not match
 * the header's.
 */
export function checkRow(row: CsvRow, columns: number, plans: PlanChoice[]): CheckedRow {
  const errors: ImportIssue[] = [];
  const issue = (key: ImportColumnKey | null, message: string) => {
    const column = key ? HEADER_OF[key] : null;
    if (!errors.some((e) => e.column === column)) errors.push({ row: row.line, column, message });
  };
  if (row.width !== columns) {
    issue(
      null,
      `This row has ${row.width} cells but the header has ${columns}: a comma is missing or extra. Put an address that has commas in double quotes.`,
    );
  }
  const cell: Partial<Record<ImportColumnKey, string>> = {};
  for (const [key, raw] of Object.entries(row.cells) as [ImportColumnKey, string][]) {
    const value = raw.trim();
    if (isFormula(key, value)) {
      issue(
        key,
        `Starts with "${value[0]}", which a spreadsheet would run as a formula. Please remove that first character.`,
      );
    }
    cell[key] = value;
  }
  if (cell.homeownerEmail?.toLowerCase() === TEMPLATE_EMAIL) {
    issue(
      "homeownerEmail",
      "This is the template's example row: please replace it with one of your homes, or delete it.",
    );
  }
  const planText = cell.plan ?? "";
  const plan = plans.find((p) => itemKey(p.name) === itemKey(planText.replace(/\s*plan\s*$/i, "")));
  if (!plan) {
    issue(
      "plan",
      planText
        ? `Unknown plan "${planText}". Use ${plans.map((p) => p.name).join(", ")}.`
        : `Please enter the plan: ${plans.map((p) => p.name).join(", ")}.`,
    );
  }
  const items = coveredItems(cell.coveredItems ?? "");
  if (items.error) issue("coveredItems", items.error);
  const input = {
    homeownerName: cell.homeownerName ?? "",
    homeownerEmail: cell.homeownerEmail ?? "",
    homeownerPhone: cell.homeownerPhone ?? "",
    propertyAddress: cell.propertyAddress ?? "",
    propertyCity: cell.propertyCity ?? "",
    propertyState: cell.propertyState || undefined,
    propertyPincode: cell.propertyPincode ?? "",
    planId: plan?.id ?? 0,
    installDate: isoDate(cell.installDate ?? ""),
    installer: cell.installer || undefined,
    coveredItems: items.items,
  };
  const parsed = HandoverSchema.safeParse(input);
  // the install date's own check first, so a day in the future is told as such, not as a bad format
  const date = HandoverSchema.shape.installDate.safeParse(input.installDate);
  const problem = !date.success
    ? date.error.issues.some((e) => e.message === INSTALL_DATE_IN_FUTURE)
      ? INSTALL_DATE_IN_FUTURE
      : "Please enter the install date as YYYY-MM-DD or DD/MM/YYYY, a real day"
    : plan
      ? installDateProblem(date.data, plan.duration)
      : null;
  if (problem) issue("installDate", problem);
  if (!parsed.success) {
    for (const e of parsed.error.issues) {
      const [field, index] = e.path;
      if (field === "planId" || field === "installDate") continue;
      if (field === "coveredItems") {
        issue("coveredItems", typeof index === "number" ? `Item ${index + 1}: ${e.message}` : e.message);
      } else {
        issue(field as ImportColumnKey, e.message);
      }
    }
  }
  const email = HandoverSchema.shape.homeownerEmail.safeParse(input.homeownerEmail);
  const ok = errors.length === 0 && parsed.success;
  return {
    line: row.line,
    handover: ok ? parsed.data : null,
    email: email.success ? email.data : null,
    planName: plan?.name ?? "",
    errors,
  };
}

/** A row's problems in the template's order of columns, those of the row as a whole first */
export function byColumn(a: ImportIssue, b: ImportIssue): number {
  const order = (column: string | null) =>
    column === null ? -1 : IMPORT_COLUMNS.findIndex((c) => c.header === column);
  return a.row - b.row || order(a.column) - order(b.column);
}

/** The template: the header, and one example row the partner overwrites */
export function templateCsv(exampleDate: string): string {
  const example = IMPORT_COLUMNS.map((c) => (c.key === "installDate" ? exampleDate : c.example));
  // the byte-order mark makes Excel open the file as UTF-8, so names in any script survive a save
  return `\uFEFF${Papa.unparse([IMPORT_COLUMNS.map((c) => c.header), example], { newline: "\r\n" })}\r\n`;
}
