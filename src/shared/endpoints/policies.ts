import { z } from "zod";
import { IdParams } from "../schemas/ids.ts";
import {
  AdminPolicyListItemSchema,
  POLICY_STATUSES,
  PolicyCancelSchema,
  PolicyDetailSchema,
  PolicyIssueSchema,
  PolicyListItemSchema,
  PolicySchema,
} from "../schemas/policy.ts";
import { defineEndpoints } from "./define.ts";
import { filterOf, listOf, pagedList, pagedQuery } from "./filters.ts";

export const POLICY_SORTS = ["created", "updated", "status"] as const;

/**
 * The staff policy list's query. `status` is the status as shown (an active policy past its
 * end date is expired); `q` finds the policy number or the holder's name, e-mail or phone.
 */
const PolicyListQuerySchema = pagedQuery(POLICY_SORTS, {
  status: listOf(POLICY_STATUSES),
  plan: filterOf.id,
  city: filterOf.city,
  from: filterOf.day,
  to: filterOf.day,
  /** one customer's policies */
  userId: filterOf.id,
});

/**
 * Policies: a customer's warranty cover on one property (the spec's API calls them
 * purchases and answers `{purchase, planName}`). Customers read their own; staff issue,
 * activate and cancel them.
 */
export const policyEndpoints = defineEndpoints({
  /** the signed-in customer's own policies, newest start first */
  "GET /api/purchases": { access: "user", response: z.array(PolicyListItemSchema) },
  /** one's own policy (staff: any); someone else's is a 404 */
  "GET /api/purchases/:id": { access: "user", params: IdParams, response: PolicyDetailSchema },
  /** a page at a time (`paged`), newest first unless sorted otherwise */
  "GET /api/admin/purchases": pagedList("office", PolicyListQuerySchema, AdminPolicyListItemSchema),
  /** number, end date and amount come from the plan, never from the form */
  "POST /api/admin/purchases": {
    access: "office",
    body: PolicyIssueSchema,
    response: PolicySchema,
    status: 201,
  },
  /** pending → active; 409 otherwise */
  "POST /api/admin/purchases/:id/activate": { access: "office", params: IdParams, response: PolicySchema },
  /** 409 when already cancelled or expired */
  "POST /api/admin/purchases/:id/cancel": {
    access: "office",
    params: IdParams,
    body: PolicyCancelSchema,
    response: PolicySchema,
  },
});
