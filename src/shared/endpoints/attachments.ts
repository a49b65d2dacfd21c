import { z } from "zod";
import { AttachmentSchema } from "../schemas/attachment.ts";
import { IdParams, idSchema } from "../schemas/ids.ts";
import { defineEndpoints } from "./define.ts";

/** `/:id/attachments/:attachmentId` */
const AttachmentParams = IdParams.extend({ attachmentId: idSchema() });

/**
 * Files on tickets: photos and PDFs from the customer and from staff. Every call answers
 * only to the ticket's owner and staff; anyone else gets 404, as if the ticket did not exist.
 */
export const attachmentEndpoints = defineEndpoints({
  /**
   * multipart/form-data: one to five `file` parts, and optionally a `messageId` field (one
   * of this ticket's messages). All the files are stored, or none: 400 with `{message}`
   * naming the file at fault.
   */
  "POST /api/tickets/:id/attachments": {
    access: "user",
    params: IdParams,
    multipart: true,
    response: z.array(AttachmentSchema),
    status: 201,
  },
  /** the file itself, with its own type; a PDF as a download */
  "GET /api/tickets/:id/attachments/:attachmentId": {
    access: "user",
    params: AttachmentParams,
    response: z.unknown(),
    download: "file",
  },
  /** a photo's 320-pixel WebP thumbnail; 404 for a PDF */
  "GET /api/tickets/:id/attachments/:attachmentId/thumbnail": {
    access: "user",
    params: AttachmentParams,
    response: z.unknown(),
    download: "file",
  },
});
