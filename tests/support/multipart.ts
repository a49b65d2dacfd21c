import { randomBytes } from "node:crypto";

/** One part of a multipart/form-data body: a field, or a file when `filename` is given. */
export interface FormPart {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A real multipart/form-data body, as a browser's FormData sends it. */
export function multipartBody(parts: FormPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----hipws${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename
      ? `form-data; name="${p.name}"; filename="${p.filename}"`
      : `form-data; name="${p.name}"`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${
      p.filename ? `Content-Type: ${p.type ?? "application/octet-stream"}\r\n` : ""
    }\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** the smallest valid PNG: one grey pixel */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
