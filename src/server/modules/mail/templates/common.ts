import { formatDate, formatPaise } from "../../../../shared/format.ts";
import type { PolicyFacts, TransferFacts } from "./types.ts";

/** the one-tap rating links of a "resolved" e-mail, score 1 to 5 */
export const RATING_LABELS = ["1 Poor", "2 Fair", "3 Good", "4 Very good", "5 Excellent"];

export const STATUS_WORDS = {
  assigned: "is now being handled",
  resolved: "has been resolved",
  closed: "has been closed",
} as const;

/**
 * When a caller can expect to hear from us, from the business hours: Monday to Friday
 * 9:00–18:00, Saturday 9:00–16:00, closed on Sunday (India time).
 */
export function callBackPromise(): string {
  return "Our team will call you within one working day. We're available Monday to Friday, 9:00 AM to 6:00 PM, and Saturday, 9:00 AM to 4:00 PM (closed on Sundays and public holidays).";
}

export const policyDetails = (p: PolicyFacts): [string, string][] => [
  ["Policy number", p.policyNumber],
  ["Plan", p.planName],
  ["Cover", `${formatDate(p.startDate)} to ${formatDate(p.endDate)}`],
  ["Amount", formatPaise(p.totalAmount)],
];

export const transferDetails = (d: TransferFacts): [string, string][] => [
  ["Policy number", d.policyNumber],
  ["Plan", d.planName],
  ["Cover until", formatDate(d.endDate)],
];
