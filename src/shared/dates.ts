/**
 * Policy dates, the same on the server and in the browser.
 *
 * A policy's start and end dates are calendar days in India (YYYY-MM-DD, no time). So
 * "today" is always India's date (Asia/Kolkata, UTC+5:30, no daylight saving), whichever
 * machine asks and whatever its own time zone is. Reading the UTC date instead would make
 * a policy that ended yesterday look active from midnight to 05:30 in India.
 */
const POLICY_TIME_ZONE = "Asia/Kolkata";

// built once: creating a DateTimeFormat costs far more than formatting with it
const indiaCalendar = new Intl.DateTimeFormat("en-US", {
  timeZone: POLICY_TIME_ZONE,
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
