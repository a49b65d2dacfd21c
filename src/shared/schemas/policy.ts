import { z } from "zod";
import { pincodeSchema } from "./auth.ts";
import { FeatureSchema, PlanSchema } from "./content.ts";
import { idSchema, isoDateTime, isoDay } from "./ids.ts";
import { PartnerBrandSchema } from "./partner-brand.ts";

export const POLICY_STATUSES = ["pending", "active", "expired", "cancelled"] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

/**
 * A policy's first day: a real calendar day (no 30 February), in years whose cover of up to
 * ten years ends on a day the database can store.
 */
const startDay = z.iso
  .date({ message: "Please enter a valid date" })
  .refine(
    (day) => day >= "2000-01-01" && day <= "2099-12-31",
    "Please enter a start date between 2000 and 2099",
  );

/** Staff issue a policy to a customer; number, end date and amount are derived on the server. */
export const PolicyIssueSchema = z.object({
  userId: idSchema("Please choose a customer"),
  planId: idSchema("Please choose a plan"),
  propertyAddress: z.string().trim().min(5, "Property address must be at least 5 characters").max(300),
  propertyCity: z.string().trim().min(2, "Please enter the city").max(80),
  propertyState: z.string().trim().min(2, "Please enter the state").max(80),
  propertyPincode: pincodeSchema.optional(),
  startDate: startDay,
  status: z.enum(["pending", "active"]).default("active"),
});
export type PolicyIssue = z.infer<typeof PolicyIssueSchema>;
export const PolicyCancelSchema = z.object({
  reason: z.string().trim().min(5, "Please give a reason of at least 5 characters").max(500),
});

/** A policy (the spec's API calls it a purchase). Amounts in paise, days as YYYY-MM-DD. */
export const PolicySchema = z.object({
  id: z.number().int(),
  /** null while a home a partner registered waits for its homeowner to accept it */
  userId: z.number().int().nullable(),
  planId: z.number().int(),
  policyNumber: z.string(),
  propertyAddress: z.string(),
  propertyCity: z.string(),
  propertyState: z.string(),
  propertyPincode: z.string().nullable(),
  startDate: isoDay,
  endDate: isoDay,
  /** paise */
  totalAmount: z.number().int(),
  status: z.enum(POLICY_STATUSES),
  cancelReason: z.string().nullable(),
  /** the policy this one renews, when it is a renewal */
  renewedFrom: z.number().int().nullable(),
  /** the partner that registered the home at its handover (and pays for the cover); null when bought directly */
  partnerId: z.number().int().nullable(),
  createdAt: isoDateTime,
});
export type Policy = z.infer<typeof PolicySchema>;

/** GET /api/purchases answers these */
export const PolicyListItemSchema = z.object({ purchase: PolicySchema, planName: z.string() });
export type PolicyListItem = z.infer<typeof PolicyListItemSchema>;

export const PolicyDetailSchema = PolicyListItemSchema.extend({
  plan: PlanSchema,
  features: z.array(FeatureSchema),
  /** the code of the public verification page, /verify/{verifyCode}, printed on the certificate */
  verifyCode: z.string(),
  /** a partner's policy: its name, logo and white-label sentence, as on the certificate */
  partner: PartnerBrandSchema.nullable(),
  /** whom the policy belongs to now: the page and its printed certificate name them, whoever reads it (staff too) */
  holder: z.object({ firstName: z.string(), lastName: z.string() }),
  /** a pending policy bought online: its order still waiting for payment */
  openOrderId: z.number().int().nullable(),
});
export type PolicyDetail = z.infer<typeof PolicyDetailSchema>;

export const AdminPolicyListItemSchema = PolicyListItemSchema.extend({
  /** null while a home a partner registered waits for its homeowner to accept it */
  customer: z
    .object({
      id: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
    })
    .nullable(),
  /** such a home's homeowner, as the partner typed them at the handover; null once accepted */
  awaitingHomeowner: z.object({ name: z.string().nullable(), email: z.string().nullable() }).nullable(),
});
export type AdminPolicyListItem = z.infer<typeof AdminPolicyListItemSchema>;
