import type { FastifyInstance } from "fastify";
import { FORGOT_PASSWORD_ANSWER } from "../../../shared/schemas/outbox.ts";
import { TWO_FACTOR_CHALLENGE_MESSAGE } from "../../../shared/schemas/two-factor.ts";
import type { Db } from "../../db/client.ts";
import { badRequest } from "../../errors.ts";
import { route } from "../../lib/endpoint.ts";
import type { RateCounters } from "../../lib/rate-counters.ts";
import { perAddress } from "../../lib/rate-counters.ts";
import { hashPassword } from "../auth/password.ts";
import { passwordProblem } from "../auth/password-rules.ts";
import { tooManyRequests } from "../auth/sign-in.ts";
import { codeProblem, needsSecondFactor, TwoFactorKeys } from "../two-factor/two-factor.service.ts";
import { toPublicUser } from "../users/public-user.ts";
import { resetLinkAccount, resetPassword, sendPasswordResetLink } from "./password-reset.service.ts";

/** reset e-mails one address can ask for in an hour: enough for a lost e-mail, too few to flood an inbox */
const RESETS_PER_ADDRESS = 3;
const ADDRESS_WINDOW_MS = 60 * 60_000;

export async function passwordResetRoutes(
  app: FastifyInstance,
  {
    db,
    rateLimitFactor,
    counters,
    sessionSecret,
  }: { db: Db; rateLimitFactor: number; counters: RateCounters; sessionSecret: string },
) {
  const twoFactorKeys = new TwoFactorKeys(sessionSecret);
  /**
   * The same answer, word for word, whether or not an account uses the address: the form
   * cannot be used to learn who has an account.
   */
  route(
    app,
    "POST /api/password/forgot",
    async (req, reply) => {
      const email = req.body.email;
      const { count, ttlMs } = await counters.hit(`password-forgot:${email}`, ADDRESS_WINDOW_MS);
      if (count > Math.ceil(RESETS_PER_ADDRESS * rateLimitFactor)) throw tooManyRequests(reply, ttlMs);
      await sendPasswordResetLink(db, email);
      return { message: FORGOT_PASSWORD_ANSWER };
    },
    { rateLimit: perAddress(5 * rateLimitFactor, "1 minute") },
  );

  /**
   * A token works once, within 30 minutes. The new password follows the same rules as
   * everywhere; every session of the account ends (a thief signed in with the old password
   * is signed out), and this browser is signed in with the new one. A new password is not a
   * second factor: an account that has one is asked for its code first, and only a right
   * code lets the password change, the sessions end and this browser sign in, all in one
   * transaction. A wrong code changes nothing, and the link still works.
   */
  route(
    app,
    "POST /api/password/reset",
    async (req, reply) => {
      const { token, password, code } = req.body;
      const found = await resetLinkAccount(db, token);
      const problem = passwordProblem(password, found);
      if (problem) throw badRequest(problem, { password: problem });
      const secondFactor = await needsSecondFactor(db, found.userId);
      if (secondFactor && !code)
        return { twoFactorRequired: true as const, message: TWO_FACTOR_CHALLENGE_MESSAGE };
      const passwordHash = await hashPassword(password);
      const outcome = await resetPassword(
        db,
        twoFactorKeys,
        { token, passwordHash, code, secondFactor },
        found,
      );
      if (outcome.refused) {
        await app.securityEvents.record(req, "two_factor_failed", found.userId);
        const message = codeProblem(outcome.refused);
        throw badRequest(message, { code: message });
      }
      const row = outcome.changed!;
      await app.securityEvents.record(req, "password_changed", row.id);
      const user = toPublicUser(row);
      await app.sessions.start(req, reply, user);
      return user;
    },
    { rateLimit: perAddress(10 * rateLimitFactor, "1 minute") },
  );
}
