import { z } from "zod";
import { addDays } from "../dates.ts";
import { optionalGstin } from "../gstin.ts";
import { idSchema, isoDateTime, isoDay } from "./ids.ts";
import type { PolicyStatus } from "./policy.ts";

/**
 * A renewal's life: a lapsed policy's renewal waits for an inspection first
 * (inspection_required), then for payment (awaiting_payment), and staff activate it once
 * paid (activated). A failed inspection ends it (inspection_failed), and so does an online
 * order for it left unpaid (cancelled): the policy in force is untouched either way.
 */
export const RENEWAL_STATUSES = [
  "inspection_required",
  "awaiting_payment",
  "inspection_failed",
  "activated",
  "cancelled",
] as const;
export type RenewalStatus = (typeof RENEWAL_STATUSES)[number];
export const OPEN_RENEWAL_STATUSES: readonly RenewalStatus[] = ["inspection_required", "awaiting_payment"];

export const RENEWAL_STATUS_LABELS: Record<RenewalStatus, string> = {
  inspection_required: "Inspection required",
  awaiting_payment: "Awaiting payment",
  inspection_failed: "Inspection failed",
  activated: "Activated",
  cancelled: "Cancelled",
};

/** Renewal opens this many days before a policy ends (and stays open once it has ended). */
const RENEWAL_WINDOW_DAYS = 60;

export interface RenewalWindow {
  /** open: may be renewed now; not_yet: more than 60 days left; closed: pending or cancelled */
  state: "open" | "not_yet" | "closed";
  /** the cover has already ended, so an inspection comes first */
  lapsed: boolean;
  /** the first day renewal is offered */
  opensOn: string;
}

/** Whether a policy (with its status as shown) may be renewed on `today`, the same on both sides. */
export function renewalWindow(p: { status: PolicyStatus; endDate: string }, today: string): RenewalWindow {
  const opensOn = addDays(p.endDate, -RENEWAL_WINDOW_DAYS);
  if (p.status === "expired") return { state: "open", lapsed: true, opensOn };
  if (p.status !== "active") return { state: "closed", lapsed: false, opensOn };
  return { state: today >= opensOn ? "open" : "not_yet", lapsed: false, opensOn };
}

/** One plan a policy may be renewed on: its own plan, or a higher one (an upgrade). */
const RenewalOptionSchema = z.object({
  planId: z.number().int(),
  planName: z.string(),
  /** paise, GST included */
  price: z.number().int(),
  durationYears: z.number().int(),
  upgrade: z.boolean(),
});
export type RenewalOption = z.infer<typeof RenewalOptionSchema>;

export const RenewalSchema = z.object({
  id: z.number().int(),
  purchaseId: z.number().int(),
  policyNumber: z.string(),
  planId: z.number().int(),
  planName: z.string(),
  durationYears: z.number().int(),
  /** paise, GST included */
  amount: z.number().int(),
  status: z.enum(RENEWAL_STATUSES),
  lapsed: z.boolean(),
  inspectionResult: z.enum(["passed", "failed"]).nullable(),
  inspectionNote: z.string().nullable(),
  inspectedAt: isoDateTime.nullable(),
  paymentReference: z.string().nullable(),
  activatedAt: isoDateTime.nullable(),
  /** the new policy once activated */
  newPurchaseId: z.number().int().nullable(),
  newPolicyNumber: z.string().nullable(),
  newStartDate: isoDay.nullable(),
  newEndDate: isoDay.nullable(),
  /** the unpaid online order for this renewal, when the holder chose to pay by UPI */
  orderId: z.number().int().nullable(),
  createdAt: isoDateTime,
});
export type Renewal = z.infer<typeof RenewalSchema>;

/** GET /api/purchases/:id/renewal: whether and how the policy may be renewed, and its latest renewal */
export const PolicyRenewalSchema = z.object({
  state: z.enum(["open", "not_yet", "closed", "renewed"]),
  lapsed: z.boolean(),
  opensOn: isoDay,
  options: z.array(RenewalOptionSchema),
  renewal: RenewalSchema.nullable(),
  /** the customer's GSTIN on file, to print on the renewal's invoice */
  gstin: z.string().nullable(),
});
export type PolicyRenewal = z.infer<typeof PolicyRenewalSchema>;

export const RenewalRequestSchema = z.object({
  planId: idSchema("Please choose a plan"),
  /** optional; saved to the profile and printed on the invoice */
  gstin: optionalGstin,
});
export const AdminRenewalSchema = RenewalSchema.extend({
  customerId: z.number().int(),
  customerName: z.string(),
  customerEmail: z.string(),
  propertyCity: z.string(),
  /** the old policy's last day */
  endDate: isoDay,
});
export type AdminRenewal = z.infer<typeof AdminRenewalSchema>;

export const RenewalInspectionSchema = z
  .object({
    result: z.enum(["passed", "failed"], { message: "Please choose passed or failed" }),
    note: z.string().trim().max(1000, "Must be at most 1000 characters").default(""),
  })
  .refine((v) => v.result === "passed" || v.note.length >= 5, {
    path: ["note"],
    message: "Please say what failed (at least 5 characters)",
  });
export const RenewalActivateSchema = z.object({
  paymentReference: z
    .string()
    .trim()
    .min(3, "Please enter the payment reference")
    .max(100, "Must be at most 100 characters"),
});
