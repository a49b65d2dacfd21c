import { z } from "zod";
import { MessageSchema } from "../schemas/auth.ts";
import { IdParams, idSchema } from "../schemas/ids.ts";
import { PolicyItemInputSchema, PolicyItemPhotoSchema, PolicyItemSchema } from "../schemas/policy-items.ts";
import { defineEndpoints } from "./define.ts";

/** `/api/purchases/:id/items/:itemId` */
const PolicyItemParams = IdParams.extend({ itemId: idSchema() });
/** `/api/purchases/:id/items/:itemId/photos/:photoId` */
const PolicyItemPhotoParams = PolicyItemParams.extend({ photoId: idSchema() });

/**
 * The policy items: the covered items fitted in the home, kept with the policy (so they
 * move with it when it is transferred). Every call answers only to the policy's holder and
 * staff; anyone else gets 404, as if the policy did not exist. Every write is audited.
 */
export const policyItemEndpoints = defineEndpoints({
  /** every recorded item, oldest first; at most POLICY_ITEMS_MAX (100), so one answer */
  "GET /api/purchases/:id/items": { access: "user", params: IdParams, response: z.array(PolicyItemSchema) },
  /** 400 past POLICY_ITEMS_MAX items; 409 on a cancelled policy */
  "POST /api/purchases/:id/items": {
    access: "user",
    params: IdParams,
    body: PolicyItemInputSchema,
    response: PolicyItemSchema,
    status: 201,
  },
  "PUT /api/purchases/:id/items/:itemId": {
    access: "user",
    params: PolicyItemParams,
    body: PolicyItemInputSchema,
    response: PolicyItemSchema,
  },
  /** the item and its photos; tickets that named it keep their covered item */
  "DELETE /api/purchases/:id/items/:itemId": {
    access: "user",
    params: PolicyItemParams,
    response: MessageSchema,
  },
  /**
   * multipart/form-data with one to five `file` parts: handover photos (JPEG, PNG, WebP),
   * checked, re-encoded and stored like ticket attachments. 400 `{message}` naming the file
   * at fault, or past POLICY_ITEM_PHOTOS_MAX photos on the item; all the files are kept, or none.
   */
  "POST /api/purchases/:id/items/:itemId/photos": {
    access: "user",
    params: PolicyItemParams,
    multipart: true,
    response: z.array(PolicyItemPhotoSchema),
    status: 201,
  },
  "GET /api/purchases/:id/items/:itemId/photos/:photoId": {
    access: "user",
    params: PolicyItemPhotoParams,
    response: z.unknown(),
    download: "file",
  },
  "GET /api/purchases/:id/items/:itemId/photos/:photoId/thumbnail": {
    access: "user",
    params: PolicyItemPhotoParams,
    response: z.unknown(),
    download: "file",
  },
  "DELETE /api/purchases/:id/items/:itemId/photos/:photoId": {
    access: "user",
    params: PolicyItemPhotoParams,
    response: MessageSchema,
  },
});
