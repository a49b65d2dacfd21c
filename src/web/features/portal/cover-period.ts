// relative, not @shared: Vitest runs this file too and does not read the bundler's aliases
import { hasEnded, todayInIndia } from "../../../shared/dates.ts";

/**
 * How much of a policy's cover is left, in words a homeowner reads at a glance
 * ("4 years 2 months left"). Dates are the API's YYYY-MM-DD calendar dates; "today" is
 * India's calendar date, read by the same function as the server's policy status, so the
 * card never says "Cover ended" beside an "Active" badge.
 */

const parse = (d: string) => {
  const [y, m, day] = d.split("-").map(Number);
  return { y, m, d: day, t: Date.UTC(y, m - 1, day) };
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** whole months and leftover days from a to b (a <= b) */
function monthsAndDays(from: string, to: string) {
  const a = parse(from);
  const b = parse(to);
  let months = (b.y - a.y) * 12 + (b.m - a.m);
  if (b.d < a.d) months -= 1;
  const anchor = Date.UTC(a.y, a.m - 1 + months, a.d);
  const days = Math.round((b.t - anchor) / 86_400_000);
  return { months, days };
}

export interface CoverState {
  phase: "upcoming" | "running" | "ended";
  /** 0..100 share of the cover period already elapsed */
  elapsedPercent: number;
  /** "4 years 2 months left", "Starts in 12 days", "Cover ended" */
  label: string;
}

export function coverState(startDate: string, endDate: string, today = todayInIndia()): CoverState {
  const s = parse(startDate).t;
  const e = parse(endDate).t;
  const t = parse(today).t;
  if (t < s) {
    const days = Math.round((s - t) / 86_400_000);
    return { phase: "upcoming", elapsedPercent: 0, label: `Starts in ${plural(days, "day")}` };
  }
  if (hasEnded(endDate, today)) return { phase: "ended", elapsedPercent: 100, label: "Cover ended" };
  const elapsedPercent = e === s ? 100 : Math.min(100, Math.max(0, ((t - s) / (e - s)) * 100));
  const { months, days } = monthsAndDays(today, endDate);
  const years = Math.floor(months / 12);
  const rest = months % 12;
  let label: string;
  if (years > 0)
    label =
      rest > 0 ? `${plural(years, "year")} ${plural(rest, "month")} left` : `${plural(years, "year")} left`;
  else if (months > 0) label = `${plural(months, "month")}${days > 0 ? ` ${plural(days, "day")}` : ""} left`;
  else label = days > 0 ? `${plural(days, "day")} left` : "Last day of cover";
  return { phase: "running", elapsedPercent, label };
}
