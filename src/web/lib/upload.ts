import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from "@shared/schemas/attachment.ts";
import { ApiError, UNREACHABLE } from "./api.ts";

/** Uploads from the browser: ticket attachments and the policy items' photos. */

const MB = 1024 * 1024;

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

/**
 * One file as multipart/form-data (a `file` part after any fields) to an upload endpoint:
 * ticket attachments, the policy items' photos, a partner's logo (PUT, as it replaces the
 * one before). Throws ApiError with the server's message.
 */
export async function postFile(
  path: string,
  /** null: a form whose file is optional (a transfer's proof of sale) sent with its fields only */
  file: File | null,
  fields: Record<string, string> = {},
  method: "POST" | "PUT" = "POST",
): Promise<unknown> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", file, file.name);
  let res: Response;
  try {
    res = await fetch(path, { method, credentials: "include", body: form });
  } catch {
    throw new ApiError(0, UNREACHABLE, {}, "", false, `${method} ${path}`);
  }
  if (!res.ok) throw ApiError.fromAnswer(res.status, await res.text(), res.statusText, `${method} ${path}`);
  return res.json();
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
