import { z } from "zod";
import { SECURITY_EVENT_TYPES, SecurityEventSchema } from "../schemas/security.ts";
import { defineEndpoints } from "./define.ts";
import { optionalFilter, pageLimit } from "./filters.ts";

/** The security log's query: newest first, a page at a time, optionally one kind of event. */
export const SecurityEventQuerySchema = z.strictObject({
  limit: pageLimit,
  cursor: optionalFilter(z.string().regex(/^[1-9][0-9]{0,15}$/, "Invalid cursor")),
  type: optionalFilter(
    z.enum(SECURITY_EVENT_TYPES, { message: `type must be one of: ${SECURITY_EVENT_TYPES.join(", ")}` }),
  ),
});

/** What staff read about sign-ins, refusals and password changes. */
export const securityEndpoints = defineEndpoints({
  "GET /api/admin/security-events": {
    access: "admin",
    query: SecurityEventQuerySchema,
    response: z.array(SecurityEventSchema),
    paged: true,
  },
});
