import { z } from "zod";
import { isoDay } from "./ids.ts";

/** One GST tax invoice of a policy, as listed: `total` in paise, `url` its PDF. */
export const InvoiceListItemSchema = z.object({
  number: z.string(),
  date: isoDay,
  total: z.number().int(),
  url: z.string(),
});
export type InvoiceListItem = z.infer<typeof InvoiceListItemSchema>;

/** A credit note against one of a policy's invoices, as listed: `total` in paise (the amount credited). */
export const CreditNoteListItemSchema = z.object({
  number: z.string(),
  date: isoDay,
  total: z.number().int(),
  invoiceNumber: z.string(),
  reason: z.string(),
  url: z.string(),
});
export type CreditNoteListItem = z.infer<typeof CreditNoteListItemSchema>;

/**
 * Staff credit all or part of an invoice: `amount` in paise, tax included, at most what is
 * left of the invoice after earlier credit notes.
 */
export const CreditNoteIssueSchema = z.object({
  amount: z
    .number({ message: "Please enter the amount to credit" })
    .int("Please enter the amount in whole paise")
    .positive("The amount must be more than zero"),
  reason: z.string().trim().min(5, "Please give a reason of at least 5 characters").max(500),
});
export type CreditNoteIssue = z.input<typeof CreditNoteIssueSchema>;
