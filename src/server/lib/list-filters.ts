// A staff list's search and filter conditions: typed text matched safely, a phone number
// however it was spaced, a record's number, and days on India's calendar.

import { type AnyColumn, and, type SQL, sql } from "drizzle-orm";
import { indiaInstant } from "../../shared/dates.ts";
import { badRequest } from "../errors.ts";

/** `%text%` for ILIKE, with the pattern characters of the text matched as themselves */
export function containsPattern(text: string): string {
  return `%${escapePattern(text)}%`;
}

/** `text%` for LIKE: what starts with the text, its pattern characters matched as themselves */
export function prefixPattern(text: string): string {
  return `${escapePattern(text)}%`;
}

function escapePattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Phone numbers are stored as people typed them; search compares digits only. "+91 98400
 * 12345" finds a number stored as "9840012345": beyond ten digits, the country code goes.
 * null when the text is not a phone number of at least four digits.
 */
function phoneDigits(text: string): string | null {
  if (!/^[0-9+\-() .]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  if (digits.length < 4) return null;
  return digits.length > 10 ? digits.slice(-10) : digits;
}

/**
 * A search for a person (an enquirer, a customer): the text in their name or e-mail; or, when
 * the text is a phone number ("98400 12345", "+91-98400-12345", "12345"), in their phone's
 * digits alone. Names hold no phone numbers, and an address holding the same digits is rare;
 * asking the name and the e-mail too made PGlite read every row (300 ms at 50,000 enquiries,
 * the trigram indexes of digits being costed as dear as a full read) where the phone's index
 * answers in 10 ms. Each expression must be written exactly as its trigram index is, so the
 * index answers it.
 */
export function personSearch(text: string, person: { name: SQL; email: SQL; phone: SQL }): SQL {
  const digits = phoneDigits(text);
  if (digits) return sql`regexp_replace(${person.phone}, '[^0-9]', '', 'g') like ${containsPattern(digits)}`;
  const like = containsPattern(text);
  return sql`(${person.name} ilike ${like} or ${person.email} ilike ${like})`;
}

/** a ticket number typed as "123" or "#123" */
export function recordId(text: string): number | null {
  const m = /^#?\s*([1-9]\d{0,9})$/.exec(text.trim());
  if (!m) return null;
  const n = Number(m[1]);
  return n <= 2_147_483_647 ? n : null;
}

const DAY_MS = 86_400_000;

/** A staff list's filter on its creation date (onIndiaDays): India's calendar days, YYYY-MM-DD, both included */
export interface CreatedOnDays {
  createdFrom?: string;
  createdTo?: string;
}

/**
 * Staff pick days on India's calendar: a range "from" one day "to" another covers both days
 * whole. Every staff list filters its creation date this way, so the conditions are made here.
 */
export function onIndiaDays(column: AnyColumn, from?: string, to?: string): SQL | undefined {
  return and(
    from ? sql`${column} >= ${new Date(indiaDayStart(from)).toISOString()}::timestamptz` : undefined,
    to ? sql`${column} < ${new Date(indiaDayStart(to) + DAY_MS).toISOString()}::timestamptz` : undefined,
  );
}

/**
 * A record is never updated before it was made, so of the records made from day X none was
 * last updated before X. With a list in the order of its last update, saying so lets the
 * database start that order's index near X instead of reading every older row first
 * (enquiries converted, Elite, made in the last year, oldest update first: 122 ms at
 * 500,000 enquiries, all but 51 of 320,839 rows read thrown away). The bound is a day before
 * X, against any difference between the clocks that stamped the two times.
 */
export function updatedFromCreatedFrom(updated: AnyColumn, createdFrom?: string): SQL | undefined {
  if (!createdFrom) return undefined;
  return sql`${updated} >= ${new Date(indiaDayStart(createdFrom) - DAY_MS).toISOString()}::timestamptz`;
}

/** the instant a day on India's calendar (YYYY-MM-DD) starts, in ms */
function indiaDayStart(d: string): number {
  const ms = /^\d{4}-\d\d-\d\d$/.test(d) ? indiaInstant(d).getTime() : Number.NaN;
  if (Number.isNaN(ms)) throw badRequest("Please enter dates as YYYY-MM-DD");
  return ms;
}
