/**
 * India's calendar, the same on the server and in the browser: policy dates, day sums and
 * months.
 *
 * A policy's start and end dates are calendar days in India (YYYY-MM-DD, no time). So
 * "today" is always India's date (Asia/Kolkata, UTC+5:30, no daylight saving), whichever
 * machine asks and whatever its own time zone is. Reading the UTC date instead would make
 * a policy that ended yesterday look active from midnight to 05:30 in India.
 */
/** India's time zone: every date and time the site shows or counts by is India's. */
export const INDIA_TIME_ZONE = "Asia/Kolkata";

// built once: creating a DateTimeFormat costs far more than formatting with it
const indiaCalendar = new Intl.DateTimeFormat("en-US", {
  timeZone: INDIA_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** India's calendar date at `now`, as YYYY-MM-DD. */
export function todayInIndia(now: Date = new Date()): string {
  const parts: Record<string, string> = {};
  for (const p of indiaCalendar.formatToParts(now)) parts[p.type] = p.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Cover ends on its last day: a policy is over once today (in India) is past its end date. */
export function hasEnded(endDate: string, today: string = todayInIndia()): boolean {
  return endDate < today;
}

/**
 * The end date of cover that starts on `startDate` and lasts `years`: the day before the
 * anniversary (1 Jan 2026 for 5 years ends on 31 Dec 2030). "" for a date that is not one.
 */
export function policyEndDate(startDate: string, years: number): string {
  const d = new Date(`${startDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return "";
  d.setUTCFullYear(d.getUTCFullYear() + years);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** The calendar day `n` days after `day` (before it when `n` is negative), both YYYY-MM-DD. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The month before `day`'s, "YYYY-MM": by default the month before this one in India. */
export function previousMonth(day: string = todayInIndia()): string {
  const [y, m] = day.slice(0, 7).split("-").map(Number);
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
}

/**
 * The instant India's clocks show `time` (HH:MM, midnight unless given) on `day`: India
 * is UTC+05:30 all year, as it keeps no daylight saving, so the offset is fixed.
 */
export function indiaInstant(day: string, time = "00:00"): Date {
  return new Date(`${day}T${time}:00+05:30`);
}
