import { z } from "zod";
import { isoDateTime } from "./ids.ts";

/**
 * What staff see in the console's security log. `unauthorized`, `forbidden` and
 * `rate_limited` are the API's 401, 403 and 429 answers.
 */
export const SECURITY_EVENT_TYPES = [
  "signed_in",
  "sign_in_failed",
  "signed_out",
  "password_changed",
  "two_factor_failed",
  "two_factor_enabled",
  "two_factor_disabled",
  "recovery_codes_regenerated",
  /** a change that asks for the current password (e-mail, password, two-factor) was refused a wrong one */
  "current_password_refused",
  "recovery_code_used",
  "staff_two_factor_rule_changed",
  "unauthorized",
  "forbidden",
  "rate_limited",
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

export const SecurityEventSchema = z.object({
  id: z.number().int(),
  type: z.enum(SECURITY_EVENT_TYPES),
  userId: z.number().int().nullable(),
  /** the account's username when the event names one that exists */
  username: z.string().nullable(),
  ip: z.string().nullable(),
  /** the id of the request in the server's log, to find its other lines */
  requestId: z.string().nullable(),
  /** "POST /api/login" */
  route: z.string().nullable(),
  createdAt: isoDateTime,
});
export type SecurityEvent = z.infer<typeof SecurityEventSchema>;
