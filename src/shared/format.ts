import { INDIA_TIME_ZONE, todayInIndia } from "./dates.ts";

/**
 * Display formats shared by the pages and the server renderer: en-IN dates and INR money
 * in en-IN grouping (₹1,23,456). Amounts are whole rupees unless a name says paise.
 */

const rupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 0,
});

const rupeesWithPaise = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

// India time everywhere: the server and a visitor's browser must print the same day, or
// hydration would disagree for a visitor abroad
const longDate = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: INDIA_TIME_ZONE,
});
const shortDate = new Intl.DateTimeFormat("en-IN", {
  day: "2-digit",
  month: "short",
  year: "numeric",
  timeZone: INDIA_TIME_ZONE,
});
const dateTime = new Intl.DateTimeFormat("en-IN", {
  day: "2-digit",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: INDIA_TIME_ZONE,
});

/** ₹24,999 */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}

/** purchase amounts are stored in paise: 4599900 → ₹45,999.00 */
export function formatPaise(paise: number): string {
  const value = paise / 100;
  return Number.isInteger(value) ? rupees.format(value) : rupeesWithPaise.format(value);
}

const plainAmount = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** paise as rupees without the sign, for tax documents whose font has no ₹: 4599900 → 45,999.00 */
export function formatAmount(paise: number): string {
  return plainAmount.format(paise / 100);
}

/** B2C plan price: '₹24,999 for 5 years' */
export function formatB2CPrice(price: number, durationYears: number | null): string {
  if (!durationYears) return formatRupees(price);
  return `${formatRupees(price)} for ${durationYears} ${durationYears === 1 ? "year" : "years"}`;
}

/** B2B plan price: '₹4,999/month', or 'Custom Pricing' when the price is 0 */
export function formatB2BPrice(price: number): string {
  return price > 0 ? `${formatRupees(price)}/month` : "Custom Pricing";
}

/** B2B project allowance shown beside the price */
export function b2bProjectAllowance(plan: { name: string; price: number }): string {
  if (plan.price <= 0) return "Unlimited projects";
  return plan.name === "Standard Plan" ? "Up to 10 projects" : "Up to 15 projects";
}

function toDate(value: string | Date): Date {
  // a bare YYYY-MM-DD is a calendar date: read it at noon UTC so no time zone moves the day
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T12:00:00Z`);
  return new Date(value);
}

/** 14 January 2026 */
export function formatDate(value: string | Date): string {
  return longDate.format(toDate(value));
}

/** 14 Jan 2026 */
export function formatShortDate(value: string | Date): string {
  return shortDate.format(toDate(value));
}

/** 14 Jan 2026, 3:05 pm (India time) */
export function formatDateTime(value: string | Date): string {
  return dateTime.format(toDate(value));
}

const dayAndTime = new Intl.DateTimeFormat("en-IN", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
  timeZone: INDIA_TIME_ZONE,
});

/**
 * A moment in the coming days as a person says it, India time: "today 4 pm", "tomorrow
 * 10:30 am", "Mon 1 pm" within the week, "Mon 14 Dec, 1 pm" beyond it. For promises such as
 * when a reply is due; relative to `now`, so render it only in the browser.
 */
export function formatSoon(value: string | Date, now: Date = new Date()): string {
  const at = toDate(value);
  const p: Record<string, string> = {};
  for (const part of dayAndTime.formatToParts(at)) p[part.type] = part.value;
  const time = `${p.hour}${p.minute === "00" ? "" : `:${p.minute}`} ${(p.dayPeriod ?? "").toLowerCase()}`;
  const days = Math.round(
    (Date.parse(todayInIndia(at)) - Date.parse(todayInIndia(now))) / (24 * 60 * 60 * 1000),
  );
  if (days === 0) return `today ${time}`;
  if (days === 1) return `tomorrow ${time}`;
  if (days > 1 && days < 7) return `${p.weekday} ${time}`;
  return `${p.weekday} ${p.day} ${p.month}, ${time}`;
}

const monthYear = new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-11" → November 2026 (a calendar month, as statements name it) */
export function formatMonth(month: string): string {
  return monthYear.format(new Date(`${month}-01T00:00:00Z`));
}
