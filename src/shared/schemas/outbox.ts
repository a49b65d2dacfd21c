import { z } from "zod";
import { emailSchema, newPasswordSchema, withPasswordConfirmation } from "./auth.ts";
import { isoDateTime } from "./ids.ts";
import { TwoFactorCodeSchema } from "./two-factor.ts";

export const JOB_STATUSES = ["pending", "running", "done", "dead"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** One e-mail in the console's Outbox: its job's state and, once written, what it said. */
export const OutboxItemSchema = z.object({
  id: z.number().int(),
  template: z.string(),
  to: z.string(),
  /** null until the e-mail has been written (sent or kept) */
  subject: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** the last failure, or why nothing was sent */
  lastError: z.string().nullable(),
  /** "smtp" when handed to the mail server, "outbox" when kept here only */
  transport: z.string().nullable(),
  ticketId: z.number().int().nullable(),
  createdAt: isoDateTime,
  runAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
});
export type OutboxItem = z.infer<typeof OutboxItemSchema>;

export const OutboxEmailSchema = OutboxItemSchema.extend({
  messageId: z.string().nullable(),
  html: z.string().nullable(),
  text: z.string().nullable(),
});
export type OutboxEmail = z.infer<typeof OutboxEmailSchema>;

/** An e-mail about a ticket, on the ticket's page */
export const TicketNotificationSchema = z.object({
  id: z.number().int(),
  /** what it was about: "ticket_received", "ticket_reply", ... */
  template: z.string(),
  /** "customer" or "staff" */
  audience: z.string(),
  /** the customer sees only their own e-mails, so the address is shown to staff only */
  to: z.string().nullable(),
  subject: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  createdAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
});
export type TicketNotification = z.infer<typeof TicketNotificationSchema>;

/** "Forgot password?": only an address; the answer is the same whether it has an account */
export const ForgotPasswordSchema = z.object({
  email: emailSchema,
});
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

/** 256 bits of randomness, base64url: 43 characters */
export const ResetPasswordSchema = z.object({
  token: z.string().min(1, "This reset link is not valid").max(128),
  password: newPasswordSchema,
  /**
   * an account with two-factor sign-in sends its code with the new password: nothing
   * changes until the code is right
   */
  code: TwoFactorCodeSchema.shape.code.optional(),
});
export const ResetPasswordFormSchema = withPasswordConfirmation(ResetPasswordSchema, "password");
export type ResetPasswordForm = z.input<typeof ResetPasswordFormSchema>;

/** The answer to "Forgot password?", word for word whether or not the address has an account */
export const FORGOT_PASSWORD_ANSWER =
  "If an account uses that e-mail address, we have sent it a link to reset the password. The link works for 30 minutes.";
