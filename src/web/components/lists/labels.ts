import type { EnquiryStatus } from "@shared/schemas/enquiry.ts";

export { POLICY_STATUS_LABELS } from "@web/components/status/policy-status-badge.tsx";
// ticket and policy labels live with their badges in features/tickets and features/portal
export { TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from "@web/components/status/ticket-badges.tsx";

export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: "New",
  contacted: "Contacted",
  converted: "Converted",
  closed: "Closed",
};

const COUNT = new Intl.NumberFormat("en-IN");

/** A number as staff read it, grouped the Indian way (1,00,000); with `noun`, "1 partner", "2,500 partners". */
export function formatCount(n: number, noun?: [singular: string, plural: string]): string {
  return noun ? `${COUNT.format(n)} ${n === 1 ? noun[0] : noun[1]}` : COUNT.format(n);
}

const UNITS: [limitSeconds: number, seconds: number, unit: string][] = [
  [3600, 60, "minute"],
  [86_400, 3600, "hour"],
  [86_400 * 30, 86_400, "day"],
  [86_400 * 365, 86_400 * 30, "month"],
  [Number.POSITIVE_INFINITY, 86_400 * 365, "year"],
];

/** How long ago something happened, as staff say it: '3 days', '5 hours', 'just now'. */
export function formatAge(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, (now - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return "just now";
  for (const [limit, size, unit] of UNITS) {
    if (seconds < limit) {
      const n = Math.floor(seconds / size);
      return `${n} ${unit}${n === 1 ? "" : "s"}`;
    }
  }
  return "";
}

/** '3 days ago', or 'just now' */
export function formatAgo(iso: string, now: number = Date.now()): string {
  const age = formatAge(iso, now);
  return age === "just now" ? age : `${age} ago`;
}

// the server issues policies by the same calendar rules
export { policyEndDate, todayInIndia } from "@shared/dates.ts";
// and names people as e-mails and PDFs do
export { fullName } from "@shared/names.ts";
