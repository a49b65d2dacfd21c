import { IdParams } from "../schemas/ids.ts";
import {
  ConsentChangeSchema,
  ConsentStateSchema,
  DataExportSchema,
  EraseAccountSchema,
  EraseOutcomeSchema,
  GrievanceReceiptSchema,
  GrievanceSchema,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUSES,
  PrivacyRequestCloseSchema,
  PrivacyRequestSchema,
} from "../schemas/privacy.ts";
import { defineEndpoints } from "./define.ts";
import { listOf, pagedList, pagedQuery } from "./filters.ts";

/** `due`: the nearest deadline first (the default); `created`: newest first */
export const PRIVACY_REQUEST_SORTS = ["due", "created"] as const;

const PrivacyRequestListQuerySchema = pagedQuery(PRIVACY_REQUEST_SORTS, {
  status: listOf(PRIVACY_REQUEST_STATUSES),
  kind: listOf(PRIVACY_REQUEST_KINDS),
});

/** Personal data: the person's own rights, consents and grievances, and the staff queue. */
export const privacyEndpoints = defineEndpoints({
  /** everything held about the signed-in person, as a JSON download */
  "GET /api/user/export": { access: "user", response: DataExportSchema },
  /**
   * erases the signed-in customer now (no active cover, no open ticket), or records a
   * request staff answer by its deadline; the current password is required
   */
  "DELETE /api/user": { access: "user", body: EraseAccountSchema, response: EraseOutcomeSchema },
  "GET /api/user/consents": { access: "user", response: ConsentStateSchema },
  /** gives or withdraws marketing consent; each change is a new row of the history */
  "POST /api/user/consents": { access: "user", body: ConsentChangeSchema, response: ConsentStateSchema },
  /** a privacy grievance, from a visitor or a customer */
  "POST /api/privacy/grievances": {
    access: "public",
    body: GrievanceSchema,
    response: GrievanceReceiptSchema,
    status: 201,
  },
  /** data-rights requests and grievances, a page at a time, nearest deadline first */
  "GET /api/admin/privacy-requests": pagedList("office", PrivacyRequestListQuerySchema, PrivacyRequestSchema),
  /** marks a request done, with a note of what was done */
  "POST /api/admin/privacy-requests/:id/close": {
    access: "office",
    params: IdParams,
    body: PrivacyRequestCloseSchema,
    response: PrivacyRequestSchema,
  },
});
