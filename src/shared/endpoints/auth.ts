import { z } from "zod";
import {
  ChangePasswordSchema,
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
  /** checks the current password, applies the password rules, and ends the user's other sessions */
  "POST /api/user/password": { access: "user", body: ChangePasswordSchema, response: MessageSchema },
});
