/**
 * Business-hours arithmetic for service levels: the clock runs Monday to Friday 09:00-18:00
 * and Saturday 09:00-16:00, India time (Asia/Kolkata, UTC+5:30 all year: India keeps no
 * daylight saving, so a fixed offset is exact), and stands still on Sundays and holidays.
 *
 * Hand-written: no date library is installed, and this is the business's own rule (its
 * hours, its holidays) rather than calendar maths a library would own. Times are kept as
 * milliseconds of "India wall-clock time" (UTC + 5:30), so a day is a plain 86,400,000 ms
 * and its weekday is the UTC weekday of that shifted instant.
 */

import { OPENING_HOURS } from "../../../shared/opening-hours.ts";

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Holidays as India calendar days, YYYY-MM-DD */
export type HolidaySet = ReadonlySet<string>;

/**
 * Day names already written: every clock asks about the same few hundred days, and writing a
 * date is most of the cost of this arithmetic (seed:scale runs it millions of times). One
 * short string per calendar day ever asked about.
 */
const dayNames = new Map<number, string>();

/** the India calendar day (YYYY-MM-DD) of a day's start in shifted milliseconds */
function dayName(dayStartLocal: number): string {
  let name = dayNames.get(dayStartLocal);
  if (name === undefined) {
    name = new Date(dayStartLocal).toISOString().slice(0, 10);
    dayNames.set(dayStartLocal, name);
  }
  return name;
}

/** the open window of the India day starting at `dayStartLocal`, in shifted ms, or null when closed */
function windowOf(dayStartLocal: number, holidays: HolidaySet): [number, number] | null {
  const hours = OPENING_HOURS[new Date(dayStartLocal).getUTCDay()];
  if (!hours || holidays.has(dayName(dayStartLocal))) return null;
  return [dayStartLocal + hours[0] * HOUR_MS, dayStartLocal + hours[1] * HOUR_MS];
}

/** a year of closed days in a row means the holiday list is wrong, not that we should keep looking */
const MAX_DAYS = 366;

/**
 * The instant `minutes` business minutes after `start`. A start outside business hours
 * counts from the next opening; a target that ends exactly at closing time is due at
 * closing time, not at the next opening.
 */
export function addBusinessMinutes(start: Date, minutes: number, holidays: HolidaySet): Date {
  let remaining = Math.max(0, minutes) * 60_000;
  let t = start.getTime() + IST_OFFSET_MS;
  let dayStart = Math.floor(t / DAY_MS) * DAY_MS;
  for (let i = 0; i <= MAX_DAYS; i++, dayStart += DAY_MS) {
    const w = windowOf(dayStart, holidays);
    if (!w) continue;
    const from = Math.max(t, w[0]);
    if (from >= w[1]) continue;
    if (remaining <= w[1] - from) return new Date(from + remaining - IST_OFFSET_MS);
    remaining -= w[1] - from;
    t = w[1];
  }
  throw new Error("No business hours within a year: check the holiday list");
}

/** Business minutes (fractional) between two instants; 0 when `end` is not after `start`. */
export function businessMinutesBetween(start: Date, end: Date, holidays: HolidaySet): number {
  const a = start.getTime() + IST_OFFSET_MS;
  const b = end.getTime() + IST_OFFSET_MS;
  if (b <= a) return 0;
  let total = 0;
  for (let dayStart = Math.floor(a / DAY_MS) * DAY_MS; dayStart < b; dayStart += DAY_MS) {
    const w = windowOf(dayStart, holidays);
    if (!w) continue;
    const from = Math.max(a, w[0]);
    const to = Math.min(b, w[1]);
    if (to > from) total += to - from;
  }
  return total / 60_000;
}

/** the India calendar day of an instant, YYYY-MM-DD */
export function indiaDay(at: Date): string {
  return dayName(Math.floor((at.getTime() + IST_OFFSET_MS) / DAY_MS) * DAY_MS);
}
