import { z } from "zod";
import { pincodeSchema } from "./auth.ts";

export const PURCHASE_STATUSES = ["pending", "active", "expired", "cancelled"] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter a valid date");

/** Staff issue a policy to a customer; number, end date and amount are derived on the server. */
export const PurchaseIssueSchema = z.object({
  userId: z.coerce
    .number()
    .int()
    .positive("Please choose a customer")
    .max(2_147_483_647, "Please choose a customer"),
  planId: z.coerce.number().int().positive("Please choose a plan").max(2_147_483_647, "Please choose a plan"),
  propertyAddress: z.string().trim().min(5, "Property address must be at least 5 characters").max(300),
  propertyCity: z.string().trim().min(2, "Please enter the city").max(80),
  propertyState: z.string().trim().min(2, "Please enter the state").max(80),
  propertyPincode: pincodeSchema.optional(),
  startDate: isoDate,
  status: z.enum(["pending", "active"]).default("active"),
});
export type PurchaseIssue = z.infer<typeof PurchaseIssueSchema>;
export type PurchaseIssueForm = z.input<typeof PurchaseIssueSchema>;

export const PurchaseCancelSchema = z.object({
  reason: z.string().trim().min(5, "Please give a reason of at least 5 characters").max(500),
});
