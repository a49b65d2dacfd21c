import { z } from "zod";
import { IdParams, idSchema } from "../schemas/ids.ts";
import {
  CreditNoteIssueSchema,
  CreditNoteListItemSchema,
  InvoiceListItemSchema,
} from "../schemas/invoice.ts";
import { defineEndpoints } from "./define.ts";

/** `/:id/invoices/:invoiceId` */
const InvoiceParams = IdParams.extend({ invoiceId: idSchema() });
/** `/:id/credit-notes/:creditNoteId` */
const CreditNoteParams = IdParams.extend({ creditNoteId: idSchema() });

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
  /**
   * The policy's credit notes (corrections of its invoices), oldest first: a list of its own
   * so the invoice list keeps its shape and its totals stay what was charged.
   */
  "GET /api/purchases/:id/credit-notes": {
    access: "user",
    params: IdParams,
    response: z.array(CreditNoteListItemSchema),
  },
  /** one credit note as a PDF download */
  "GET /api/purchases/:id/credit-notes/:creditNoteId": {
    access: "user",
    params: CreditNoteParams,
    response: z.unknown(),
    download: "file",
  },
  /** staff credit all or part of an invoice; 400 past what is left of it */
  "POST /api/admin/purchases/:id/invoices/:invoiceId/credit-notes": {
    access: "office",
    params: InvoiceParams,
    body: CreditNoteIssueSchema,
    response: CreditNoteListItemSchema,
    status: 201,
  },
});
