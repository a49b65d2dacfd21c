import { z } from "zod";
import { phoneSchema } from "./auth.ts";
import { isoDateTime } from "./ids.ts";

export const ENQUIRY_INTERESTS = ["b2b", "b2c-essential", "b2c-premium", "b2c-elite", "custom"] as const;
export type EnquiryInterest = (typeof ENQUIRY_INTERESTS)[number];

export const ENQUIRY_INTEREST_LABELS: Record<EnquiryInterest, string> = {
  b2b: "B2B Partnership",
  "b2c-essential": "B2C Essential Plan",
  "b2c-premium": "B2C Premium Plan",
  "b2c-elite": "B2C Elite Plan",
  custom: "Custom Solution",
};

/** the homeowner plan an interest names ("b2c-premium" → "Premium"), or null for the others */
export function interestPlanName(interest: string | undefined): string | null {
  const m = /^b2c-([a-z]+)$/.exec(interest ?? "");
  return m ? m[1].charAt(0).toUpperCase() + m[1].slice(1) : null;
}

export const ENQUIRY_STATUSES = ["new", "contacted", "converted", "closed"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const EnquirySchema = z.object({
  name: z.string().trim().min(2, "Name must be at least 2 characters").max(120),
  email: z.string().trim().email("Please enter a valid email address").max(254),
  phone: phoneSchema,
  interest: z.enum(ENQUIRY_INTERESTS, "Please select your area of interest"),
  message: z.string().trim().min(10, "Message must be at least 10 characters").max(5000),
});
export type Enquiry = z.infer<typeof EnquirySchema>;
export type EnquiryFormValues = z.input<typeof EnquirySchema>;

/** An enquiry as staff see it */
export const EnquiryRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  interest: z.string(),
  message: z.string(),
  /** the page the form was sent from */
  source: z.string().nullable(),
  status: z.enum(ENQUIRY_STATUSES),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type EnquiryRecord = z.infer<typeof EnquiryRecordSchema>;
