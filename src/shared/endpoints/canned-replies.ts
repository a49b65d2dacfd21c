import { z } from "zod";
import { MessageSchema } from "../schemas/auth.ts";
import { CannedReplyInputSchema, CannedReplySchema } from "../schemas/canned-reply.ts";
import { IdParams } from "../schemas/ids.ts";
import { defineEndpoints } from "./define.ts";

/**
 * Canned replies: stock answers every staff member shares and inserts into a ticket reply.
 * Each write is audited; a title already in use (regardless of case) is a 400.
 */
export const cannedReplyEndpoints = defineEndpoints({
  /** all of them, by title; a few dozen at most, so not paged */
  "GET /api/admin/canned-replies": { access: "office", response: z.array(CannedReplySchema) },
  "POST /api/admin/canned-replies": {
    access: "office",
    body: CannedReplyInputSchema,
    response: CannedReplySchema,
    status: 201,
  },
  "PUT /api/admin/canned-replies/:id": {
    access: "office",
    params: IdParams,
    body: CannedReplyInputSchema,
    response: CannedReplySchema,
  },
  "DELETE /api/admin/canned-replies/:id": { access: "office", params: IdParams, response: MessageSchema },
});
