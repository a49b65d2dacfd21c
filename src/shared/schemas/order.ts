import { z } from "zod";
import { pincodeSchema } from "./auth.ts";
import { idSchema } from "./ids.ts";

/**
 * An online order: a homeowner buys a plan and pays by UPI. The order holds a pending
 * policy, the amount (paise, GST included, fixed when placed) and its reference; staff, or
 * the bank statement, confirm the payment, which puts the policy in force.
 */
export const ORDER_STATUSES = [
  "awaiting_payment",
  "payment_reported",
  "paid",
  "cancelled",
  "expired",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** an order still waiting for its money: the only ones that can be paid, cancelled or expire */
export const OPEN_ORDER_STATUSES = ["awaiting_payment", "payment_reported"] as const satisfies OrderStatus[];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: "Awaiting payment",
  payment_reported: "Payment reported",
  paid: "Paid",
  cancelled: "Cancelled",
  expired: "Expired",
};

/** days an order waits for its payment before it expires (and its pending policy is cancelled) */
export const ORDER_PAYMENT_DAYS = 7;

export const OrderCreateSchema = z.object({
  planId: idSchema("Please choose a plan"),
  propertyAddress: z.string().trim().min(5, "Property address must be at least 5 characters").max(300),
  propertyCity: z.string().trim().min(2, "Please enter the city").max(80),
  propertyState: z.string().trim().min(2, "Please enter the state").max(80),
  propertyPincode: pincodeSchema,
});
export type OrderCreate = z.infer<typeof OrderCreateSchema>;

/**
 * A UPI transaction's reference (UTR): the 12 digits the payer's app shows once the money
 * has gone, which the bank statement shows beside the credit.
 */
const utrSchema = z
  .string()
  .trim()
  .regex(/^\d{12}$/, "Please enter the 12-digit UTR (the UPI reference) your app shows for the payment");

export const PaymentReportSchema = z.object({ utr: utrSchema });
export const OrderConfirmSchema = z.object({ utr: utrSchema.optional() });
export const OrderCancelSchema = z.object({
  reason: z.string().trim().min(5, "Please give a reason of at least 5 characters").max(500),
});

/** What the buyer sees of their order */
export const OrderSchema = z.object({
  id: z.number().int(),
  /** the policy bought, or for a renewal's order the policy being renewed */
  purchaseId: z.number().int(),
  /** set when the order pays for a renewal of that policy */
  renewalId: z.number().int().nullable(),
  reference: z.string(),
  /** paise, GST included: never changes after the order is placed */
  amount: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  /** upi://pay?… by the NPCI linking format, for the QR code and the phone's UPI app */
  upiUri: z.string(),
});
export type Order = z.infer<typeof OrderSchema>;

/** What staff see in the console's list */
export const AdminOrderSchema = OrderSchema.extend({
  policyNumber: z.string(),
  planName: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  /** the UTR the buyer reported, and the one the payment was confirmed with */
  reportedUtr: z.string().nullable(),
  utr: z.string().nullable(),
  cancelReason: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  /** when an unpaid order expires */
  expiresAt: z.string(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

/** whether online purchase is on (a UPI payee is configured), and the GST rate a price's tax is shown at */
export const PaymentOptionsSchema = z.object({ onlinePurchase: z.boolean(), gstRatePercent: z.number() });

/** A bank statement to reconcile: its CSV text; `commit` confirms the matched orders, else a preview */
export const PaymentImportSchema = z.object({
  // within the site's 64 KB request limit: a month of a small business's collections
  csv: z
    .string()
    .min(1, "Please choose the bank statement's CSV file")
    .max(60_000, "The statement is too large: split it by date"),
  commit: z.boolean().default(false),
});

const PaymentImportLineSchema = z.object({
  /** the line's row in the file, counting the header as 1 */
  row: z.number().int(),
  date: z.string(),
  narration: z.string(),
  reference: z.string(),
  /** paise */
  amount: z.number().int(),
  /** the order it pays, when matched */
  orderId: z.number().int().nullable(),
  orderReference: z.string().nullable(),
  /** why it matched nothing, or that its order was confirmed before */
  note: z.string().nullable(),
});
export const PaymentImportResultSchema = z.object({
  committed: z.boolean(),
  matched: z.array(PaymentImportLineSchema),
  unmatched: z.array(PaymentImportLineSchema),
  /** orders confirmed by this call (0 on a preview) */
  confirmed: z.number().int(),
});
export type PaymentImportResult = z.infer<typeof PaymentImportResultSchema>;
export type PaymentImportLine = z.infer<typeof PaymentImportLineSchema>;
