/**
 * PDFs already made (certificates, invoices), kept in memory. The caller's key says what
 * the document was made from: a certificate's carries the policy's id, the time it and its
 * holder last changed, its status and the layout's version, so a changed policy simply
 * gets a new entry and the old one ages out; an invoice never changes, so its id will do.
 *
 * Bounded by bytes (a document is about 10 KB): past the cap, the least recently used go
 * first. Each process keeps its own; another process makes the same bytes again in about
 * 10 ms, which is cheaper than sharing them.
 */
export class PdfCache {
  private entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes = 16 * 1024 * 1024) {}

  async get(key: string, make: () => Promise<Buffer>): Promise<{ pdf: Buffer; hit: boolean }> {
    const hit = this.entries.get(key);
    if (hit) {
      // most recently used last: Map keeps insertion order
      this.entries.delete(key);
      this.entries.set(key, hit);
      return { pdf: hit, hit: true };
    }
    const pdf = await make();
    this.entries.set(key, pdf);
    this.bytes += pdf.length;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.length;
    }
    return { pdf, hit: false };
  }
}
