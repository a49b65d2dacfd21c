import PDFDocument from "pdfkit";

/** The site's colours on paper: the certificate and the tax invoice share one letterhead look. */
export const PDF_COLOURS = { ink: "#1f2937", muted: "#6b7280", brand: "#0f766e", rule: "#d1d5db" };

/**
 * An A4 PDFKit document, and a `finish()` that ends it and gives its bytes. PDFKit writes
 * as a stream, so the pieces are gathered from the start and joined when it ends.
 */
export function startPdf(info: PDFKit.DocumentInfo) {
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
