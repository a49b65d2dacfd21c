import { SECURITY_EVENT_TYPES, SecurityEventSchema } from "../schemas/security.ts";
import { defineEndpoints } from "./define.ts";
import { newestFirstQuery, oneOf, pagedList } from "./filters.ts";

/** The security log's query: newest first, a page at a time, optionally one kind of event. */
const SecurityEventQuerySchema = newestFirstQuery({ type: oneOf("type", SECURITY_EVENT_TYPES) });

/** What staff read about sign-ins, refusals and password changes. */
export const securityEndpoints = defineEndpoints({
  "GET /api/admin/security-events": pagedList("office", SecurityEventQuerySchema, SecurityEventSchema),
});
