import { z } from "zod";
import { IdParams, idSchema } from "../schemas/ids.ts";
import { InvoiceListItemSchema } from "../schemas/invoice.ts";
import { defineEndpoints } from "./define.ts";

/** `/:id/invoices/:invoiceId` */
export const InvoiceParams = IdParams.extend({ invoiceId: idSchema() });

/**
 * A policy's GST tax invoices, for the holder and staff; anyone else gets 404, as if the
 * policy did not exist.
 */
export const invoiceEndpoints = defineEndpoints({
  /** `[{number, date, total, url}]`, oldest first; total in paise, url the invoice's PDF */
  "GET /api/purchases/:id/invoices": {
    access: "user",
    params: IdParams,
    response: z.array(InvoiceListItemSchema),
  },
  /** one invoice as a PDF download */
  "GET /api/purchases/:id/invoices/:invoiceId": {
    access: "user",
    params: InvoiceParams,
    response: z.unknown(),
    download: "file",
  },
});
