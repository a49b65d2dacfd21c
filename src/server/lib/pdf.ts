import { loadOnce } from "./load-once.ts";

const pdfkit = loadOnce(() => import("pdfkit"));

/** The site's colours on paper: the certificate and the tax invoice share one letterhead look. */
export const PDF_COLOURS = { ink: "#1f2937", muted: "#6b7280", brand: "#0f766e", rule: "#d1d5db" };

/**
 * An A4 PDFKit document, and a `finish()` that ends it and gives its bytes. PDFKit writes
 * as a stream, so the pieces are gathered from the start and joined when it ends.
 */
export async function startPdf(info: PDFKit.DocumentInfo) {
  const { default: PDFDocument } = await pdfkit();
  const doc = new PDFDocument({ size: "A4", margin: 56, info });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  const finish = async () => {
    doc.end();
    await done;
    return Buffer.concat(chunks);
  };
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  return { doc, finish, left, width };
}

/** A PDF being drawn: the document and its text column */
export interface PdfPage {
  doc: PDFKit.PDFDocument;
  left: number;
  width: number;
}

/** a line across the text column at `y`: grey and thin between sections, heavier in ink under a heading */
export function ruleAcross(
  { doc, left, width }: PdfPage,
  y: number,
  weight = 0.75,
  colour = PDF_COLOURS.rule,
) {
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(weight)
    .strokeColor(colour)
    .stroke();
}

/** the brand's band across the top of the page */
export function brandBand(doc: PDFKit.PDFDocument) {
  doc.rect(0, 0, doc.page.width, 8).fill(PDF_COLOURS.brand);
}

/**
 * A letterhead: the brand's band, the name in bold, small grey lines under it (address,
 * contact, GSTIN) and a heavy rule that closes it. Leaves `doc.y` under the lines.
 */
export function letterhead(page: PdfPage, name: string, lines: string[]) {
  const { doc, left, width } = page;
  brandBand(doc);
  doc.fillColor(PDF_COLOURS.ink).font("Helvetica-Bold").fontSize(17).text(name, left, 44, { width });
  doc.font("Helvetica").fontSize(9).fillColor(PDF_COLOURS.muted);
  for (const line of lines) doc.text(line, { width });
  closeLetterhead(page);
}

/** the heavy rule under a letterhead */
export function closeLetterhead(page: PdfPage) {
  ruleAcross(page, page.doc.y + 10, 1.5, PDF_COLOURS.ink);
}
