import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import { PdfCache } from "../../lib/pdf-cache.ts";
import { policyReference, renderCreditNotePdf, renderInvoicePdf } from "./invoice-pdf.ts";
import {
  getCreditNote,
  getInvoice,
  issueCreditNote,
  listCreditNotes,
  listInvoices,
  policyNumberOf,
} from "./invoices.service.ts";

export async function invoiceRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const cache = new PdfCache();
  route(app, "GET /api/purchases/:id/invoices", async (req) => listInvoices(db, req.actor, req.params.id));

  route(app, "GET /api/purchases/:id/invoices/:invoiceId", async (req, reply) => {
    const invoice = await getInvoice(db, req.actor, req.params.id, req.params.invoiceId);
    const policyNumber = await policyNumberOf(db, req.params.id);
    // an invoice never changes (a correction is a credit note), so its id keys it for good
    const { pdf, hit } = await cache.get(`invoice:${invoice.id}`, () =>
      renderInvoicePdf(invoice, policyReference(policyNumber)),
    );
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="${invoice.number.replaceAll("/", "-")}.pdf"`)
      .header("x-pdf-cache", hit ? "hit" : "miss")
      .send(pdf);
  });

  route(app, "GET /api/purchases/:id/credit-notes", async (req) =>
    listCreditNotes(db, req.actor, req.params.id),
  );

  route(app, "GET /api/purchases/:id/credit-notes/:creditNoteId", async (req, reply) => {
    const { note, invoice } = await getCreditNote(db, req.actor, req.params.id, req.params.creditNoteId);
    const pdf = await renderCreditNotePdf(note, invoice, await policyNumberOf(db, note.purchaseId));
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="${note.number.replaceAll("/", "-")}.pdf"`)
      .send(pdf);
  });

  route(app, "POST /api/admin/purchases/:id/invoices/:invoiceId/credit-notes", async (req) =>
    issueCreditNote(db, req.actor, req.params.id, req.params.invoiceId, req.body),
  );
}
