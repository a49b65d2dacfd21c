import { formatDate, formatPaise } from "../../../../shared/format.ts";
import type { PolicyFacts, TransferFacts } from "./types.ts";

/** the one-tap rating links of a "resolved" e-mail, score 1 to 5 */
export const RATING_LABELS = ["1 Poor", "2 Fair", "3 Good", "4 Very good", "5 Excellent"];

export const STATUS_WORDS = {
  assigned: "is now being handled",
  resolved: "has been resolved",
  closed: "has been closed",
} as const;

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
