import { IdParams } from "../schemas/ids.ts";
import {
  AdminRenewalSchema,
  PolicyRenewalSchema,
  RENEWAL_STATUSES,
  RenewalActivateSchema,
  RenewalInspectionSchema,
  RenewalRequestSchema,
  RenewalSchema,
} from "../schemas/renewal.ts";
import { defineEndpoints } from "./define.ts";
import { listOf, newestFirstQuery, pagedList } from "./filters.ts";

const RenewalListQuerySchema = newestFirstQuery({ status: listOf(RENEWAL_STATUSES) });

/**
 * Renewals: the holder asks from 60 days before the policy ends (or after it has lapsed,
 * when an inspection comes first); staff record the inspection and activate it once paid,
 * which makes the new period a new policy with its own invoice.
 */
export const renewalEndpoints = defineEndpoints({
  /** whether the policy may be renewed now, on which plans, and its latest renewal; someone else's is a 404 */
  "GET /api/purchases/:id/renewal": { access: "user", params: IdParams, response: PolicyRenewalSchema },
  /** the holder asks to renew; 409 outside the window or while one is open */
  "POST /api/purchases/:id/renewal": {
    access: "user",
    params: IdParams,
    body: RenewalRequestSchema,
    response: RenewalSchema,
    status: 201,
  },
  /** newest first, a page at a time; `status` one or several */
  "GET /api/admin/renewals": pagedList("office", RenewalListQuerySchema, AdminRenewalSchema),
  /** a lapsed policy's inspection: passed opens payment, failed ends the renewal */
  "POST /api/admin/renewals/:id/inspection": {
    access: "office",
    params: IdParams,
    body: RenewalInspectionSchema,
    response: AdminRenewalSchema,
  },
  /** paid: the new policy starts the day after the old one ends, with its tax invoice */
  "POST /api/admin/renewals/:id/activate": {
    access: "office",
    params: IdParams,
    body: RenewalActivateSchema,
    response: AdminRenewalSchema,
  },
});
