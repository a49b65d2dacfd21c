import { z } from "zod";
import { isoDay } from "./ids.ts";
import { PartnerBrandSchema } from "./partner-brand.ts";

/**
 * What the public verification page says about a policy: enough for a buyer, a bank or a
 * tenant to trust the certificate in front of them, and nothing that identifies or reaches
 * the holder (no address, phone, e-mail or claims; the name only as initials).
 */
const VERIFICATION_STATUSES = ["valid", "pending", "expired", "cancelled"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const VerificationSchema = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  policyNumber: z.string(),
  planName: z.string(),
  /** years of cover the plan gives */
  durationYears: z.number().int().nullable(),
  /** the plan's covered items */
  covered: z.array(z.string()),
  startDate: isoDay,
  endDate: isoDay,
  /** whole and part years of cover still ahead, 0 once it has ended or for a cancelled policy */
  yearsLeft: z.number(),
  city: z.string(),
  /** the holder's initials: "L. V." */
  holder: z.string(),
  /** the day (India's calendar) the policy last moved to a new holder (the buyer of the home), or null */
  transferredOn: isoDay.nullable(),
  /** a partner's policy: the partner who gives the warranty (we still service it); null for our own */
  partner: PartnerBrandSchema.nullable(),
});
export type Verification = z.infer<typeof VerificationSchema>;

/** A verification code as it appears in an address: anything else is simply not found. */
export const VerifyCodeParams = z.object({ code: z.string().max(100) });

/** The lookup for a certificate without a QR code: its policy number and the property's PIN code. */
export const VerifyLookupQuery = z.object({
  policyNumber: z
    .string({ message: "Please enter the policy number" })
    .trim()
    .min(1, "Please enter the policy number")
    .max(40, "Please enter the policy number as printed"),
  pincode: z
    .string({ message: "Please enter the PIN code" })
    .trim()
    .regex(/^\d{6}$/, "Please enter the 6-digit PIN code"),
});
export type VerifyLookup = z.infer<typeof VerifyLookupQuery>;
