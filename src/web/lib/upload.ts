import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from "@shared/schemas/attachment.ts";

/** What the browser checks and says of a file before uploading it (apiUpload in api.ts sends it). */

const MB = 1024 * 1024;

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

/**
 * What the browser can tell of a ticket's attachment (and any file the attachments' checks
 * take) before sending: the server checks the bytes again.
 */
export function checkFile(file: File): string | null {
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type))
    return `"${file.name}" is not a photo (JPEG, PNG or WebP) or a PDF.`;
  if (file.size > ATTACHMENT_MAX_BYTES)
    return `"${file.name}" is larger than 10 MB. Please choose a smaller file.`;
  if (file.size === 0) return `"${file.name}" is empty.`;
  return null;
}
