import { z } from "zod";
import { MessageSchema, PublicUserSchema } from "../schemas/auth.ts";
import { IdParams } from "../schemas/ids.ts";
import {
  ForgotPasswordSchema,
  JOB_STATUSES,
  OutboxEmailSchema,
  OutboxItemSchema,
  ResetPasswordSchema,
  TicketNotificationSchema,
} from "../schemas/outbox.ts";
import { TwoFactorChallengeSchema } from "../schemas/two-factor.ts";
import { defineEndpoints } from "./define.ts";
import { newestFirstQuery, oneOf, pagedList } from "./filters.ts";

const UnsubscribeQuerySchema = z.object({
  u: z.coerce.number({ message: "This unsubscribe link is not valid" }).int().positive().max(2_147_483_647),
  t: z.string().regex(/^[A-Za-z0-9_-]{22}$/, "This unsubscribe link is not valid"),
});

const OutboxQuerySchema = newestFirstQuery({ status: oneOf("status", JOB_STATUSES) });

/** E-mails: the staff Outbox, a ticket's notifications, and account recovery by e-mail. */
export const outboxEndpoints = defineEndpoints({
  /** every e-mail, newest first, with its job's state; what was sent when SMTP_URL is unset */
  "GET /api/admin/outbox": pagedList("office", OutboxQuerySchema, OutboxItemSchema),
  "GET /api/admin/outbox/:id": { access: "office", params: IdParams, response: OutboxEmailSchema },
  /** a dead e-mail is tried again from its first attempt */
  "POST /api/admin/outbox/:id/retry": { access: "office", params: IdParams, response: OutboxItemSchema },
  /** the e-mails sent to the ticket's owner about it */
  "GET /api/tickets/:id/notifications": {
    access: "user",
    params: IdParams,
    response: z.array(TicketNotificationSchema),
  },
  /** every e-mail about the ticket, the staff alerts included */
  "GET /api/admin/tickets/:id/notifications": {
    access: "office",
    params: IdParams,
    response: z.array(TicketNotificationSchema),
  },
  /**
   * one-click unsubscribe from reminders and news (RFC 8058): no sign-in, the link's
   * signature proves it came from our e-mail
   */
  "POST /api/unsubscribe": { access: "public", query: UnsubscribeQuerySchema, response: MessageSchema },
  /** the same answer whether or not the address has an account */
  "POST /api/password/forgot": { access: "public", body: ForgotPasswordSchema, response: MessageSchema },
  /**
   * sets the password once per token, ends every session of the user and signs them in; an
   * account with two-factor sign-in gets the same challenge as at sign-in instead
   */
  "POST /api/password/reset": {
    access: "public",
    body: ResetPasswordSchema,
    response: z.union([PublicUserSchema, TwoFactorChallengeSchema]),
  },
});
