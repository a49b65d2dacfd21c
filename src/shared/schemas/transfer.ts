import { z } from "zod";
import { emailSchema, phoneSchema } from "./auth.ts";
import { isoDateTime } from "./ids.ts";

/**
 * A policy's transfer to the home's buyer, step by step:
 * - `pending`: the holder started it; the buyer has the e-mail link (14 days, once)
 * - `accepted`: the buyer accepted; staff still have to approve it (the plan asks for that)
 * - `completed`: the policy is the buyer's now
 * - `cancelled` by the holder before acceptance, `declined` by staff, or `expired`
 *   (the link ran out before the buyer accepted)
 */
export const TRANSFER_STATUSES = [
  "pending",
  "accepted",
  "completed",
  "cancelled",
  "declined",
  "expired",
] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** the steps that still hold the policy: one at a time per policy */
export const OPEN_TRANSFER_STATUSES = ["pending", "accepted"] as const satisfies readonly TransferStatus[];

/** how long the buyer's link works */
export const TRANSFER_LINK_DAYS = 14;

/** The holder names the buyer: the link goes to this e-mail address, and only its account can accept. */
export const TransferStartSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, "Please enter the buyer's full name")
    .max(100, "Please keep the name under 100 characters"),
  email: emailSchema,
  phone: phoneSchema,
});
export type TransferStart = z.infer<typeof TransferStartSchema>;

/** the token from the e-mail link, which the acceptance page reads after the '#' */
export const TransferTokenSchema = z.object({
  token: z.string().trim().min(10, "This link is not complete").max(100),
});

/** One transfer as its holder and staff see it. */
export const TransferSchema = z.object({
  id: z.number().int(),
  purchaseId: z.number().int(),
  status: z.enum(TRANSFER_STATUSES),
  buyerName: z.string(),
  buyerEmail: z.string(),
  buyerPhone: z.string(),
  /** whether staff approve it after the buyer accepts (the plan decides) */
  needsApproval: z.boolean(),
  expiresAt: isoDateTime,
  acceptedAt: isoDateTime.nullable(),
  /** completed, cancelled or declined */
  closedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type Transfer = z.infer<typeof TransferSchema>;

/** the holder's policy page: the open transfer, if any */
export const CurrentTransferSchema = z.object({ transfer: TransferSchema.nullable() });

/**
 * What the buyer sees before accepting: the policy, not the seller's contact details (the
 * seller's first name only, so the buyer knows whose invitation it is).
 */
export const TransferOfferSchema = z.object({
  status: z.enum(TRANSFER_STATUSES),
  policyNumber: z.string(),
  planName: z.string(),
  city: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  sellerFirstName: z.string(),
  needsApproval: z.boolean(),
  expiresAt: isoDateTime,
});
export type TransferOffer = z.infer<typeof TransferOfferSchema>;

/** the longest reference to a sale staff may type */
export const PROOF_REFERENCE_MAX = 200;

/**
 * The proof of sale that staff give when they approve a transfer: a reference (the sale
 * deed's registration number, the sale agreement's date and parties), a document, or both.
 * The document comes as a multipart `file` part beside this `reference` field.
 */
export const TransferProofSchema = z.object({
  reference: z
    .string()
    .trim()
    .max(PROOF_REFERENCE_MAX, `Please keep the reference under ${PROOF_REFERENCE_MAX} characters`)
    .optional()
    .transform((v) => v || null),
});

export const PROOF_OF_SALE_REQUIRED =
  "Please give the proof of sale: upload the sale document, or type its reference (for example the sale deed's registration number). The transfer has not been approved.";

/** the proof kept with an approved transfer; the document is read at `file.url` (staff only) */
const TransferProofViewSchema = z.object({
  reference: z.string().nullable(),
  file: z.object({ name: z.string(), type: z.string(), size: z.number().int(), url: z.string() }).nullable(),
});
export type TransferProof = z.infer<typeof TransferProofViewSchema>;

/** The staff list's rows: the transfer with its policy, both people and, once approved, the proof of sale. */
export const AdminTransferSchema = TransferSchema.extend({
  policyNumber: z.string(),
  planName: z.string(),
  seller: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  buyer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  proof: TransferProofViewSchema.nullable(),
});
export type AdminTransfer = z.infer<typeof AdminTransferSchema>;
