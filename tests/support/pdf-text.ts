import { inflateSync } from "node:zlib";

/**
 * The text a PDF shows, read the way a viewer finds it: every content stream inflated,
 * and the strings of its text operators (Tj and TJ) decoded, one line per operator. Good
 * for the PDFs the server writes (PDFKit with its built-in fonts, whose strings are hex
 * in WinAnsi); not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  const lines: string[] = [];
  const streams = /stream\r?\n/g;
  for (let m = streams.exec(source); m; m = streams.exec(source)) {
    const start = m.index + m[0].length;
    const end = source.indexOf("endstream", start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(raw).toString("latin1");
    } catch {
      content = raw.toString("latin1");
    }
    for (const op of content.matchAll(
      /\[((?:[^\]]|\\\])*)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:[^)\\]|\\.)*\))\s*Tj/g,
    )) {
      const body = op[1] ?? op[2];
      let text = "";
      for (const s of body.matchAll(/<([0-9a-fA-F]*)>|\(((?:[^)\\]|\\.)*)\)/g)) {
        text +=
          s[1] !== undefined ? Buffer.from(s[1], "hex").toString("latin1") : s[2].replace(/\\(.)/g, "$1");
      }
      lines.push(text);
    }
  }
  return lines.join("\n");
}

/** The addresses a PDF's links lead to (its /URI actions). */
export function pdfLinks(pdf: Buffer): string[] {
  const source = pdf.toString("latin1");
  return [...source.matchAll(/\/URI\s*\(((?:[^)\\]|\\.)*)\)/g)].map((m) => m[1].replace(/\\(.)/g, "$1"));
}
