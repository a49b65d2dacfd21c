import { z } from "zod";
import { IdParams, idSchema } from "../schemas/ids.ts";
import {
  AdminPurchaseListItemSchema,
  PURCHASE_STATUSES,
  PurchaseCancelSchema,
  PurchaseDetailSchema,
  PurchaseIssueSchema,
  PurchaseListItemSchema,
  PurchaseSchema,
} from "../schemas/policy.ts";
import { defineEndpoints } from "./define.ts";
import { optionalFilter } from "./filters.ts";

export const PolicyFilterSchema = z.object({
  status: optionalFilter(z.enum(PURCHASE_STATUSES)),
  userId: optionalFilter(idSchema()),
});

/**
 * Policies: a customer's warranty cover on one property (the spec's API calls them
 * purchases and answers `{purchase, planName}`). Customers read their own; staff issue,
 * activate and cancel them.
 */
export const policyEndpoints = defineEndpoints({
  /** the signed-in customer's own policies, newest start first */
  "GET /api/purchases": { access: "user", response: z.array(PurchaseListItemSchema) },
  /** one's own policy (staff: any); someone else's is a 404 */
  "GET /api/purchases/:id": { access: "user", params: IdParams, response: PurchaseDetailSchema },
  "GET /api/admin/purchases": {
    access: "admin",
    query: PolicyFilterSchema,
    response: z.array(AdminPurchaseListItemSchema),
  },
  /** number, end date and amount come from the plan, never from the form */
  "POST /api/admin/purchases": {
    access: "admin",
    body: PurchaseIssueSchema,
    response: PurchaseSchema,
    status: 201,
  },
  /** pending → active; 409 otherwise */
  "POST /api/admin/purchases/:id/activate": { access: "admin", params: IdParams, response: PurchaseSchema },
  /** 409 when already cancelled or expired */
  "POST /api/admin/purchases/:id/cancel": {
    access: "admin",
    params: IdParams,
    body: PurchaseCancelSchema,
    response: PurchaseSchema,
  },
});
