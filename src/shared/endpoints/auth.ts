import { z } from "zod";
import {
  ChangePasswordSchema,
  EmailChangeSchema,
  EmailConfirmSchema,
  LoginSchema,
  MessageSchema,
  ProfileSchema,
  PublicUserSchema,
  RegisterSchema,
} from "../schemas/auth.ts";
import { TwoFactorChallengeSchema } from "../schemas/two-factor.ts";
import { defineEndpoints } from "./define.ts";

/** Accounts and sessions. Sign-in and sign-up start a session (an HttpOnly cookie). */
export const authEndpoints = defineEndpoints({
  /** every sign-up is a customer, whatever `role` says */
  "POST /api/register": { access: "public", body: RegisterSchema, response: PublicUserSchema, status: 201 },
  /**
   * the user; or, when the account has two-factor sign-in on, `{twoFactorRequired, message}`
   * and no session until POST /api/login/two-factor takes a code
   */
  "POST /api/login": {
    access: "public",
    body: LoginSchema,
    response: z.union([PublicUserSchema, TwoFactorChallengeSchema]),
  },
  "POST /api/logout": { access: "public", response: MessageSchema },
  /** the signed-in person; 401 for a guest (the browser reads that as "nobody") */
  "GET /api/user": { access: "user", staffTwoFactorExempt: true, response: PublicUserSchema },
  "PATCH /api/user": {
    access: "user",
    staffTwoFactorExempt: true,
    body: ProfileSchema,
    response: PublicUserSchema,
  },
  /**
   * a change of e-mail address: checks the current password and sends a link to the new
   * address; the account moves to it when the link is followed
   */
  "POST /api/user/email": { access: "user", body: EmailChangeSchema, response: MessageSchema },
  /** a new link to prove the signed-in person's current address; 409 once it is proved */
  "POST /api/user/email/resend": { access: "user", response: MessageSchema },
  /**
   * a link that proves an address (anyone holding it, signed in or not): the account's
   * address is proved, or the account moves to the new address it was sent to; 400 for a
   * used, expired or unknown link
   */
  "POST /api/email/confirm": { access: "public", body: EmailConfirmSchema, response: PublicUserSchema },
  /** checks the current password, applies the password rules, and ends the user's other sessions */
  "POST /api/user/password": { access: "user", body: ChangePasswordSchema, response: MessageSchema },
});
