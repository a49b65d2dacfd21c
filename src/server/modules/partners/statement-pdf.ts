import { formatDate, formatMonth } from "../../../shared/format.ts";
import { STATEMENT_PAYMENT_DAYS } from "../../../shared/schemas/partner.ts";
import type { partnerStatements } from "../../db/schema.ts";
import { PDF_COLOURS, type PdfPage, ruleAcross } from "../../lib/pdf.ts";
import { renderInvoicePdf, rs } from "../invoices/invoice-pdf.ts";
import type { InvoiceRow } from "../invoices/invoices.service.ts";

const { ink: INK, muted: MUTED } = PDF_COLOURS;

type StatementRow = typeof partnerStatements.$inferSelect;

/**
 * A partner's monthly statement as one PDF: its GST tax invoice first (the invoices
 * module's own page, with the statement's month and due date among its references), then
 * the month's registrations, one line each, with the plan's fee and the total.
 */
export function renderStatementPdf(s: StatementRow, inv: InvoiceRow, partnerName: string): Promise<Buffer> {
  const month = formatMonth(s.month);
  return renderInvoicePdf(inv, {
    fields: [
      [
        "Statement",
        `${month}, ${s.registrations} ${s.registrations === 1 ? "registration" : "registrations"}`,
      ],
      ["Payment due", `${formatDate(s.dueOn)} (${STATEMENT_PAYMENT_DAYS} days)`],
    ],
    reference: `partner statement for ${month}`,
    terms: `Payment terms: ${STATEMENT_PAYMENT_DAYS} days from the invoice date, due by ${formatDate(s.dueOn)}.`,
    appendix: (page) => drawRegistrations(page, s, partnerName, month),
  });
}

function drawRegistrations(page: PdfPage, s: StatementRow, partnerName: string, month: string) {
  const { doc, left, width } = page;
  doc.addPage();
  doc.font("Helvetica-Bold").fontSize(14).fillColor(INK).text(`Statement for ${month}`, left, 56, { width });
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor(MUTED)
    .text(`${partnerName}  ·  ${s.planName}`, { width })
    .text(
      s.monthlyFeePaise > 0
        ? `The plan's monthly fee, ${rs(s.monthlyFeePaise)}, covers the registrations within its allowance; each registration past it is ${rs(s.registrationFeePaise)}. Amounts include GST.`
        : `Each registration is charged the agreed price of ${rs(s.registrationFeePaise)}. Amounts include GST.`,
      { width },
    );
  // columns: policy, homeowner, plan, date, fee
  const cols = [
    { label: "POLICY", w: 112 },
    { label: "HOMEOWNER", w: 130 },
    { label: "PLAN", w: 70 },
    { label: "REGISTERED", w: 88 },
    { label: "FEE", w: width - 400, right: true },
  ];
  let y = doc.y + 16;
  const row = (cells: string[], bold = false) => {
    if (y > doc.page.height - doc.page.margins.bottom - 30) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    let x = left;
    let bottom = y;
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(9.5)
      .fillColor(INK);
    cells.forEach((cell, i) => {
      const c = cols[i];
      doc.text(cell, x, y, { width: c.w - 6, align: c.right ? "right" : "left" });
      bottom = Math.max(bottom, doc.y);
      x += c.w;
    });
    y = bottom + 5;
    ruleAcross(page, y - 2, 0.5);
    y += 3;
  };
  doc.font("Helvetica-Bold").fontSize(8).fillColor(MUTED);
  let x = left;
  for (const c of cols) {
    doc.text(c.label, x, y, { width: c.w - 6, align: c.right ? "right" : "left", characterSpacing: 1 });
    x += c.w;
  }
  y = doc.y + 4;
  ruleAcross(page, y, 1, INK);
  y += 6;
  if (s.monthlyFeePaise > 0) row(["Monthly fee", s.planName, "", "", rs(s.monthlyFeePaise)]);
  for (const l of s.lines) {
    row([
      l.policyNumber,
      l.homeowner,
      l.planName,
      `${formatDate(l.registeredOn)}${l.overQuota ? "\nover quota" : ""}`,
      l.feePaise > 0 ? rs(l.feePaise) : "included",
    ]);
  }
  if (s.lines.length === 0) row(["No registrations this month", "", "", "", ""]);
  const total = s.monthlyFeePaise + s.lines.reduce((sum, l) => sum + l.feePaise, 0);
  row(["Total (tax included)", "", "", "", rs(total)], true);
}
