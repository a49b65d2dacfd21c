import { formatDate } from "../../../shared/format.ts";
import { PDF_COLOURS, startPdf } from "../../lib/pdf.ts";
import { amountInWords } from "./gst.ts";
import type { InvoiceRow } from "./invoices.service.ts";

const { ink: INK, muted: MUTED, brand: BRAND, rule: RULE } = PDF_COLOURS;

// PDFKit's built-in Helvetica has no rupee sign, so amounts are written "Rs." as on printed bills
const amount = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rs = (paise: number) => `Rs. ${amount.format(paise / 100)}`;

/**
 * One A4 tax invoice, from the stored row alone (so it prints the same every time): the
 * supplier's letterhead with GSTIN, the invoice number and date, the customer and the place
 * of supply, one line for the service with its SAC, the tax lines and the total in figures
 * and in words. Drawn like the certificate, with PDFKit's built-in fonts.
 */
export async function renderInvoicePdf(inv: InvoiceRow, policyNumber: string): Promise<Buffer> {
  const { doc, finish, left, width } = startPdf({
    Title: `Tax invoice ${inv.number}`,
    Author: inv.supplierName,
  });

  doc.rect(0, 0, doc.page.width, 8).fill(BRAND);
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(17).text(inv.supplierName, left, 44, { width });
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text(inv.supplierAddress, { width })
    .text(inv.supplierGstin ? `GSTIN ${inv.supplierGstin}` : "GSTIN not configured", { width });
  doc
    .moveTo(left, doc.y + 10)
    .lineTo(left + width, doc.y + 10)
    .lineWidth(1.5)
    .strokeColor(INK)
    .stroke();

  doc
    .font("Helvetica-Bold")
    .fontSize(14)
    .fillColor(BRAND)
    .text("TAX INVOICE", left, doc.y + 24, { width, characterSpacing: 2 });
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
  let y1 = field("Invoice number", inv.number, left, top, half);
  y1 = field("Invoice date", formatDate(inv.issuedOn), left, y1, half);
  y1 = field("Policy", policyNumber, left, y1, half);
  const right = left + half + 20;
  let y2 = field("Billed to", `${inv.customerName}\n${inv.customerAddress}`, right, top, half);
  y2 = field("Place of supply", inv.placeOfSupply, right, y2, half);

  // the service line and the tax lines, as a two-column table
  let y = Math.max(y1, y2) + 12;
  const rule = (at: number, weight = 0.75, color = RULE) =>
    doc
      .moveTo(left, at)
      .lineTo(left + width, at)
      .lineWidth(weight)
      .strokeColor(color)
      .stroke();
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
  rule(y, 1, INK);
  y += 8;
  doc.font("Helvetica-Bold").fontSize(8).fillColor(MUTED);
  doc.text("DESCRIPTION", left, y, { characterSpacing: 1 });
  doc.text("AMOUNT", left + width - amountWidth, y, {
    width: amountWidth,
    align: "right",
    characterSpacing: 1,
  });
  y = doc.y + 6;
  rule(y);
  y += 8;
  line(`${inv.description}\nSAC ${inv.sac}, policy ${policyNumber}`, rs(inv.taxable));
  rule(y);
  y += 8;
  line("Taxable value", rs(inv.taxable));
  const rate = inv.ratePercent;
  if (inv.intraState) {
    line(`CGST @ ${rate / 2}%`, rs(inv.cgst));
    line(`SGST @ ${rate / 2}%`, rs(inv.sgst));
  } else {
    line(`IGST @ ${rate}%`, rs(inv.igst));
  }
  rule(y, 1, INK);
  y += 8;
  line("Total (tax included)", rs(inv.total), true);
  y += 4;
  doc.font("Helvetica").fontSize(10.5).fillColor(INK).text(amountInWords(inv.total), left, y, { width });
  y = doc.y + 28;
  doc
    .font("Helvetica")
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      "Tax is not payable on reverse charge. This is a computer-generated invoice and needs no signature. " +
        "An issued invoice is never changed: a correction is made by a credit note.",
      left,
      y,
      { width },
    );

  return finish();
}
