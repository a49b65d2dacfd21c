import { z } from "zod";
import { IdParams } from "../schemas/ids.ts";
import {
  AdminTransferSchema,
  CurrentTransferSchema,
  TRANSFER_STATUSES,
  TransferOfferSchema,
  TransferSchema,
  TransferStartSchema,
  TransferTokenSchema,
} from "../schemas/transfer.ts";
import { defineEndpoints } from "./define.ts";
import { listOf, pagedList, pagedQuery } from "./filters.ts";

export const TRANSFER_SORTS = ["created", "updated"] as const;

/** The staff list's query: newest first, by status (`accepted` is what waits for staff) */
const TransferListQuerySchema = pagedQuery(TRANSFER_SORTS, {
  status: listOf(TRANSFER_STATUSES),
});

/**
 * Transfers of a policy to the buyer of its home. The holder starts and may cancel one
 * (someone else's policy is a 404); the buyer accepts with the e-mailed link, signed in with
 * the invited address; staff approve or decline where the plan asks for it.
 */
export const transferEndpoints = defineEndpoints({
  /** the holder names the buyer, who is e-mailed a link; 409 for a policy that cannot move or already has an open transfer */
  "POST /api/purchases/:id/transfer": {
    access: "user",
    params: IdParams,
    body: TransferStartSchema,
    response: TransferSchema,
    status: 201,
  },
  /** the holder's open transfer of the policy, or null */
  "GET /api/purchases/:id/transfer": { access: "user", params: IdParams, response: CurrentTransferSchema },
  /** the holder withdraws it before the buyer accepts */
  "POST /api/purchases/:id/transfer/cancel": { access: "user", params: IdParams, response: TransferSchema },
  /** what the link offers, for the signed-in buyer (the token in the body keeps it out of logs) */
  "POST /api/transfers/offer": { access: "user", body: TransferTokenSchema, response: TransferOfferSchema },
  /** the buyer accepts: completed at once, or waiting for staff */
  "POST /api/transfers/accept": { access: "user", body: TransferTokenSchema, response: TransferOfferSchema },
  /** a page at a time, newest first */
  "GET /api/admin/transfers": pagedList("office", TransferListQuerySchema, AdminTransferSchema),
  /**
   * an accepted transfer moves the policy to the buyer, on a proof of sale: a `reference`
   * (JSON `{ reference }`, or a form field) and/or one `file` part of multipart/form-data (a
   * PDF or a photo, checked as a ticket's attachments are). Without either: 400, nothing changes
   */
  "POST /api/admin/transfers/:id/approve": {
    access: "office",
    params: IdParams,
    multipart: true,
    response: AdminTransferSchema,
  },
  /** the proof-of-sale document kept with an approved transfer */
  "GET /api/admin/transfers/:id/proof": {
    access: "office",
    params: IdParams,
    response: z.unknown(),
    download: "file",
  },
  /** an accepted transfer is refused: the policy stays with its holder */
  "POST /api/admin/transfers/:id/decline": {
    access: "office",
    params: IdParams,
    response: AdminTransferSchema,
  },
});
