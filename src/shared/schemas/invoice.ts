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
