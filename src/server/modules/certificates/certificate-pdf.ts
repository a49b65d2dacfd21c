import { formatDate } from "../../../shared/format.ts";
import { whiteLabelLine } from "../../../shared/schemas/partner-brand.ts";
import { COMPANY } from "../../../web/lib/company.ts";
import { loadOnce } from "../../lib/load-once.ts";
import { brandBand, closeLetterhead, letterhead, PDF_COLOURS, ruleAcross, startPdf } from "../../lib/pdf.ts";
import type { CertificateFacts } from "./certificates.service.ts";

/**
 * Bumped whenever the certificate's layout or wording changes, so certificates cached
 * before the change are made again (it is part of the cache key).
 */
export const CERTIFICATE_VERSION = 3;

const { ink: INK, muted: MUTED, brand: BRAND } = PDF_COLOURS;

const qrcode = loadOnce(() => import("qrcode"));

const STATUS_LINE: Record<CertificateFacts["status"], string> = {
  active: "Active",
  expired: "Expired: the cover period has ended",
  pending: "Pending activation",
  cancelled: "Cancelled",
};

/** The public address that checks this certificate: in its QR code and printed below it. */
const verifyUrl = (origin: string, code: string) => `${origin}/verify/${encodeURIComponent(code)}`;

/**
 * One A4 page: the company's letterhead, the policy number, the holder, the property's
 * city and PIN code, the plan and its covered items, the cover period in Indian dates,
 * and a QR code to the public verification page.
 *
 * Written with PDFKit's built-in Helvetica (no font files to read) and the QR code drawn
 * as vector squares (no PNG to encode), which keeps a certificate at about 10 ms.
 */
export async function renderCertificatePdf(
  f: CertificateFacts,
  origin: string,
  /** a partner's logo (PNG), for a partner's policy */
  logo: Buffer | null = null,
): Promise<Buffer> {
  const { doc, finish, left, width } = await startPdf({
    Title: `Certificate of Warranty ${f.policyNumber}`,
    Author: f.partner?.name ?? COMPANY.name,
    Subject: `${f.planName} Plan warranty certificate`,
  });

  // letterhead: ours, or on a partner's policy the partner's name and logo (white label),
  // with our contact details kept below it, since claims still come to our service team
  const page = { doc, left, width };
  const a = COMPANY.address;
  if (f.partner) {
    brandBand(doc);
    let nameLeft = left;
    if (logo) {
      try {
        doc.image(logo, left, 36, { fit: [110, 48], valign: "center" });
        nameLeft = left + 124;
      } catch {
        // an unreadable logo leaves the partner's name alone on the letterhead
      }
    }
    doc
      .fillColor(INK)
      .font("Helvetica-Bold")
      .fontSize(17)
      .text(f.partner.name, nameLeft, 44, { width: width - (nameLeft - left) });
    doc.y = Math.max(doc.y, logo ? 88 : doc.y);
    doc
      .font("Helvetica")
      .fontSize(9.5)
      .fillColor(INK)
      .text(`${whiteLabelLine(f.partner.name)}.`, left, doc.y + 4, { width })
      .fillColor(MUTED)
      .text(`Claims and service: ${COMPANY.phones.join("  ·  ")}  ·  ${COMPANY.emails[0]}`, { width });
    closeLetterhead(page);
  } else {
    letterhead(page, COMPANY.name, [
      `${a.street}, ${a.locality}, ${a.city} ${a.pincode}, ${a.state}`,
      `${COMPANY.phones.join("  ·  ")}  ·  ${COMPANY.emails[0]}`,
    ]);
  }

  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor(BRAND)
    .text("CERTIFICATE OF WARRANTY", left, doc.y + 26, { width, characterSpacing: 2 });
  doc.font("Helvetica-Bold").fontSize(24).fillColor(INK).text(`${f.planName} Plan`, { width });
  doc.font("Helvetica").fontSize(13).fillColor(INK).text(`Policy number ${f.policyNumber}`, { width });

  // the facts, in two columns beside the QR code
  const qrSize = 132;
  const factsWidth = width - qrSize - 24;
  const top = doc.y + 22;
  const holder = `${f.holderFirstName} ${f.holderLastName}`.trim();
  const property = f.pincode ? `${f.city} ${f.pincode}` : f.city;
  const rows: [string, string][] = [
    ["Policy holder", holder],
    ["Property", property],
    ["Plan", f.durationYears ? `${f.planName} Plan, ${f.durationYears} years` : `${f.planName} Plan`],
    ["Cover period", `${formatDate(f.startDate)} to ${formatDate(f.endDate)}`],
    ["Status", STATUS_LINE[f.status]],
  ];
  let y = top;
  for (const [label, value] of rows) {
    doc.font("Helvetica-Bold").fontSize(8).fillColor(MUTED).text(label.toUpperCase(), left, y, {
      width: factsWidth,
      characterSpacing: 1,
    });
    doc
      .font("Helvetica")
      .fontSize(12)
      .fillColor(INK)
      .text(value, left, doc.y + 2, { width: factsWidth });
    y = doc.y + 10;
  }

  const url = verifyUrl(origin, f.verifyCode);
  const qrLeft = left + width - qrSize;
  await drawQr(doc, url, qrLeft, top, qrSize);
  doc.link(qrLeft, top, qrSize, qrSize, url);
  doc
    .font("Helvetica-Bold")
    .fontSize(8)
    .fillColor(INK)
    .text("Scan to verify this certificate", qrLeft - 10, top + qrSize + 6, {
      width: qrSize + 20,
      align: "center",
    });

  // covered items
  y = Math.max(y, top + qrSize + 30) + 8;
  ruleAcross(page, y);
  doc
    .font("Helvetica-Bold")
    .fontSize(12)
    .fillColor(INK)
    .text("What this policy covers", left, y + 14, { width });
  doc.moveDown(0.4);
  doc.font("Helvetica").fontSize(10.5).fillColor(INK);
  const columnWidth = (width - 20) / 2;
  const itemsTop = doc.y;
  const half = Math.ceil(f.covered.length / 2);
  let bottom = itemsTop;
  f.covered.forEach((item, i) => {
    const x = i < half ? left : left + columnWidth + 20;
    const rowY = i === 0 || i === half ? itemsTop : doc.y + 3;
    // the bullet apart from its text, so a wrapped item's second line lines up with its first
    doc.text("•", x, rowY, { lineBreak: false });
    doc.text(item, x + 10, rowY, { width: columnWidth - 10 });
    bottom = Math.max(bottom, doc.y);
  });

  // how to check it, and the terms
  y = bottom + 22;
  ruleAcross(page, y);
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text("Anyone can check this certificate at", left, y + 12, { width })
    .fillColor(BRAND)
    .text(url, { width, link: url, underline: false })
    .fillColor(MUTED)
    .text(
      `or at ${origin}/verify with the policy number and the property's PIN code. Cover is subject to the Warranty Terms at ${origin}/warranty-terms.`,
      { width },
    );

  doc
    .font("Helvetica")
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      `${COMPANY.name}  ·  ${COMPANY.phones[0]}  ·  ${COMPANY.emails[0]}`,
      left,
      doc.page.height - doc.page.margins.bottom - 12,
      { width, align: "center", lineBreak: false },
    );

  return finish();
}

/** The QR code as filled squares, with its quiet zone left white. */
async function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = (await qrcode()).create(text, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const cell = size / (n + 4);
  const origin = { x: x + cell * 2, y: y + cell * 2 };
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (qr.modules.get(row, col)) doc.rect(origin.x + col * cell, origin.y + row * cell, cell, cell);
    }
  }
  doc.fill("#000000");
}
