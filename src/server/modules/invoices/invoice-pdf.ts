import { formatAmount, formatDate } from "../../../shared/format.ts";
import { letterhead, PDF_COLOURS, type PdfPage, ruleAcross, startPdf } from "../../lib/pdf.ts";
import { amountInWords } from "./gst.ts";
import type { CreditNoteRow, InvoiceRow } from "./invoices.service.ts";

const { ink: INK, muted: MUTED, brand: BRAND } = PDF_COLOURS;

// PDFKit's built-in Helvetica has no rupee sign, so amounts are written "Rs." as on printed bills
export const rs = (paise: number) => `Rs. ${formatAmount(paise)}`;

interface TaxDocument {
  /** the PDF's own title (shown by viewers) */
  title: string;
  heading: string;
  /** number, date and references, top left */
  fields: [string, string][];
  /** the invoice as issued: supplier, customer and place of supply are always the invoice's */
  inv: InvoiceRow;
  description: string;
  amounts: { taxable: number; cgst: number; sgst: number; igst: number; total: number };
  totalLabel: string;
  footnote: string;
  appendix?: (page: PdfPage) => void;
}

/**
 * What an invoice is for, besides its stored row: a policy's number, or a partner's
 * statement with its due date and, on the pages after the invoice, its registrations.
 */
export interface InvoiceReference {
  /** printed under the invoice's number and date: ["Policy", "HIPW-…"] */
  fields: [string, string][];
  /** added to the service line under the SAC: "policy HIPW-…" */
  reference: string;
  /** said before the standard footnote: payment terms */
  terms?: string;
  /** pages that follow the invoice (a statement's registrations), drawn on the same document */
  appendix?: (page: PdfPage) => void;
}

/** A policy's invoice: the policy's number is its reference */
export const policyReference = (policyNumber: string): InvoiceReference => ({
  fields: [["Policy", policyNumber]],
  reference: `policy ${policyNumber}`,
});

/**
 * One A4 tax invoice, from the stored row alone (so it prints the same every time): the
 * supplier's letterhead with GSTIN, the invoice number and date, the customer and the place
 * of supply, one line for the service with its SAC, the tax lines and the total in figures
 * and in words. Drawn like the certificate, with PDFKit's built-in fonts.
 */
export function renderInvoicePdf(inv: InvoiceRow, ref: InvoiceReference): Promise<Buffer> {
  return renderTaxDocument({
    title: `Tax invoice ${inv.number}`,
    heading: "TAX INVOICE",
    fields: [["Invoice number", inv.number], ["Invoice date", formatDate(inv.issuedOn)], ...ref.fields],
    inv,
    description: `${inv.description}\nSAC ${inv.sac}, ${ref.reference}`,
    amounts: inv,
    totalLabel: "Total (tax included)",
    footnote:
      `${ref.terms ? `${ref.terms} ` : ""}Tax is not payable on reverse charge. This is a computer-generated invoice and needs no signature. ` +
      "An issued invoice is never changed: a correction is made by a credit note.",
    appendix: ref.appendix,
  });
}

/**
 * A credit note: the same page as its invoice (supplier, customer, place of supply, SAC and
 * rate are the invoice's), titled 'Credit Note', naming the original invoice's number and
 * date, with the credited amount split into taxable value and tax as the invoice was.
 */
export function renderCreditNotePdf(
  note: CreditNoteRow,
  inv: InvoiceRow,
  policyNumber: string,
): Promise<Buffer> {
  return renderTaxDocument({
    title: `Credit Note ${note.number}`,
    heading: "Credit Note",
    fields: [
      ["Credit note number", note.number],
      ["Credit note date", formatDate(note.issuedOn)],
      ["Original invoice", `${inv.number} of ${formatDate(inv.issuedOn)}`],
      ["Policy", policyNumber],
    ],
    inv,
    description: `Credit against invoice ${inv.number}: ${note.reason}\nSAC ${inv.sac}, policy ${policyNumber}`,
    amounts: note,
    totalLabel: "Total credited (tax included)",
    footnote:
      `This credit note reduces the value of tax invoice ${inv.number} dated ${formatDate(inv.issuedOn)}. ` +
      "It is computer-generated and needs no signature.",
  });
}

async function renderTaxDocument(d: TaxDocument): Promise<Buffer> {
  const inv = d.inv;
  const { doc, finish, left, width } = await startPdf({
    Title: d.title,
    Author: inv.supplierName,
  });

  const page = { doc, left, width };
  letterhead(page, inv.supplierName, [
    inv.supplierAddress,
    inv.supplierGstin ? `GSTIN ${inv.supplierGstin}` : "GSTIN not configured",
  ]);

  doc
    .font("Helvetica-Bold")
    .fontSize(14)
    .fillColor(BRAND)
    .text(d.heading, left, doc.y + 24, { width, characterSpacing: 2 });
  const top = doc.y + 10;
  const half = (width - 20) / 2;
  const field = (label: string, value: string, x: number, y: number, w: number) => {
    doc.font("Helvetica-Bold").fontSize(8).fillColor(MUTED).text(label.toUpperCase(), x, y, {
      width: w,
      characterSpacing: 1,
    });
    doc
      .font("Helvetica")
      .fontSize(11)
      .fillColor(INK)
      .text(value, x, doc.y + 2, { width: w });
    return doc.y + 8;
  };
  let y1 = top;
  for (const [label, value] of d.fields) y1 = field(label, value, left, y1, half);
  const right = left + half + 20;
  const billed = [
    inv.customerName,
    inv.customerAddress,
    inv.customerGstin ? `GSTIN ${inv.customerGstin}` : "",
  ];
  let y2 = field("Billed to", billed.filter(Boolean).join("\n"), right, top, half);
  y2 = field("Place of supply", inv.placeOfSupply, right, y2, half);

  // the service line and the tax lines, as a two-column table
  let y = Math.max(y1, y2) + 12;
  const amountWidth = 130;
  const line = (label: string, value: string, bold = false) => {
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(10.5)
      .fillColor(INK);
    doc.text(label, left, y, { width: width - amountWidth - 10 });
    const after = doc.y;
    doc.text(value, left + width - amountWidth, y, { width: amountWidth, align: "right" });
    y = Math.max(after, doc.y) + 6;
  };
  ruleAcross(page, y, 1, INK);
  y += 8;
  doc.font("Helvetica-Bold").fontSize(8).fillColor(MUTED);
  doc.text("DESCRIPTION", left, y, { characterSpacing: 1 });
  doc.text("AMOUNT", left + width - amountWidth, y, {
    width: amountWidth,
    align: "right",
    characterSpacing: 1,
  });
  y = doc.y + 6;
  ruleAcross(page, y);
  y += 8;
  const a = d.amounts;
  line(d.description, rs(a.taxable));
  ruleAcross(page, y);
  y += 8;
  line("Taxable value", rs(a.taxable));
  const rate = inv.ratePercent;
  if (inv.intraState) {
    line(`CGST @ ${rate / 2}%`, rs(a.cgst));
    line(`SGST @ ${rate / 2}%`, rs(a.sgst));
  } else {
    line(`IGST @ ${rate}%`, rs(a.igst));
  }
  ruleAcross(page, y, 1, INK);
  y += 8;
  line(d.totalLabel, rs(a.total), true);
  y += 4;
  doc.font("Helvetica").fontSize(10.5).fillColor(INK).text(amountInWords(a.total), left, y, { width });
  y = doc.y + 28;
  doc.font("Helvetica").fontSize(8.5).fillColor(MUTED).text(d.footnote, left, y, { width });
  d.appendix?.(page);

  return finish();
}
