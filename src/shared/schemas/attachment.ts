import { z } from "zod";
import { isoDateTime } from "./ids.ts";

/** What a ticket takes: photos and PDFs, each checked by its bytes, not its name. */
export const ATTACHMENT_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;
/** the largest file accepted, in bytes */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** how many files one upload (one message) carries */
export const ATTACHMENT_MAX_FILES = 5;
/** what one customer's uploads (ticket files and handover photos) may add up to, in bytes */
export const UPLOAD_QUOTA_BYTES = 200 * 1024 * 1024;

/**
 * A file on a ticket. `url` and `thumbnailUrl` answer only to the ticket's owner and staff;
 * `thumbnailUrl` is null for a PDF. `messageId` is the message it came with, or null when
 * it came with the ticket itself.
 */
export const AttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  messageId: z.number().int().nullable(),
  createdAt: isoDateTime,
});
export type Attachment = z.infer<typeof AttachmentSchema>;
