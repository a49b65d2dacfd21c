import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { fullName } from "../../../shared/names.ts";
import { FORGOT_PASSWORD_ANSWER } from "../../../shared/schemas/outbox.ts";
import { TWO_FACTOR_CHALLENGE_MESSAGE } from "../../../shared/schemas/two-factor.ts";
import type { Db } from "../../db/client.ts";
import { passwordResetTokens, sessions, users } from "../../db/schema.ts";
import { badRequest } from "../../errors.ts";
import { route } from "../../lib/endpoint.ts";
import type { RateCounters } from "../../lib/rate-counters.ts";
import { perAddress } from "../../lib/rate-counters.ts";
import { hashPassword, NO_PASSWORD_YET } from "../auth/password.ts";
import { passwordProblem } from "../auth/password-rules.ts";
import { tooManyRequests } from "../auth/sign-in.ts";
import { recordConsent } from "../privacy/consent.service.ts";
import {
  checkSecondFactor,
  codeProblem,
  needsSecondFactor,
  TwoFactorKeys,
} from "../two-factor/two-factor.service.ts";
import { addressProvedByLink } from "../users/email-address.ts";
import { toPublicUser } from "../users/public-user.ts";
import { hashLinkToken } from "./email-links.ts";
import { queueEmail } from "./outbox.ts";

/** how long a reset link works */
export const RESET_TOKEN_MINUTES = 30;
/** reset e-mails one address can ask for in an hour: enough for a lost e-mail, too few to flood an inbox */
const RESETS_PER_ADDRESS = 3;
const ADDRESS_WINDOW_MS = 60 * 60_000;

export const INVALID_RESET_LINK =
  "This password reset link is not valid or has expired. Please ask for a new one from the sign-in page.";

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
   * cannot be used to learn who has an account. The link's token is 256 random bits, made when the e-mail is sent.
   */
  route(
    app,
    "POST /api/password/forgot",
    async (req, reply) => {
      const email = req.body.email;
      const { count, ttlMs } = await counters.hit(`password-forgot:${email}`, ADDRESS_WINDOW_MS);
      if (count > Math.ceil(RESETS_PER_ADDRESS * rateLimitFactor)) throw tooManyRequests(reply, ttlMs);
      const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
      if (user) {
        await db.transaction(async (tx) => {
          // the link's token is made when the e-mail is sent (email-links.ts)
          const [link] = await tx
            .insert(passwordResetTokens)
            .values({ userId: user.id, expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000) })
            .returning({ id: passwordResetTokens.id });
          await queueEmail(tx, {
            template: "password_reset",
            to: user.email,
            toName: fullName(user),
            audience: "customer",
            userId: user.id,
            data: { name: user.firstName, minutes: RESET_TOKEN_MINUTES },
            link: { kind: "password", id: link.id },
          });
        });
      }
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
      const tokenHash = hashLinkToken(token);
      const [found] = await db
        .select({
          userId: passwordResetTokens.userId,
          role: users.role,
          username: users.username,
          email: users.email,
          passwordHash: users.passwordHash,
        })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, sql`now()`),
            // an erased account's links were voided with it; this keeps it so whatever the row says
            isNull(users.erasedAt),
          ),
        );
      if (!found) throw badRequest(INVALID_RESET_LINK);
      const problem = passwordProblem(password, found);
      if (problem) throw badRequest(problem, { password: problem });
      const secondFactor = await needsSecondFactor(db, found.userId);
      if (secondFactor && !code)
        return { twoFactorRequired: true as const, message: TWO_FACTOR_CHALLENGE_MESSAGE };
      const passwordHash = await hashPassword(password);
      const outcome = await db.transaction(async (tx) => {
        if (secondFactor) {
          // checked under the same transaction as the change: a code spent here is spent only
          // if the password changes
          const check = await checkSecondFactor(tx, twoFactorKeys, found.userId, code ?? "");
          if (check === "wrong" || check === "replayed") return { refused: check, changed: null };
        }
        // used once: the update that marks it decides, so two uses at once cannot both pass
        const used = await tx
          .update(passwordResetTokens)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, tokenHash),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, sql`now()`),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (used.length === 0) throw badRequest(INVALID_RESET_LINK);
        const [changed] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.id, found.userId))
          .returning();
        // An account someone else made for this person (a partner registering their home,
        // or inviting them to its team) holds details they did not give us themselves. The
        // page that sets its first password shows our privacy notice; choosing a password
        // there is their acceptance of it, recorded as a sign-up's is.
        if (found.passwordHash === NO_PASSWORD_YET) {
          await recordConsent(tx, {
            userId: changed.id,
            purpose: "privacy_notice",
            given: true,
            source: "invitation",
          });
        }
        // the link went to the account's address (a change of address voids earlier ones): it proves it
        await addressProvedByLink(tx, changed.id);
        // the account's other reset links stop working too, and every session ends
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: sql`now()` })
          .where(and(eq(passwordResetTokens.userId, changed.id), isNull(passwordResetTokens.usedAt)));
        await tx.delete(sessions).where(eq(sessions.userId, changed.id));
        await queueEmail(tx, {
          template: "password_changed",
          to: changed.email,
          toName: fullName(changed),
          audience: "customer",
          userId: changed.id,
          data: { name: changed.firstName },
        });
        return { refused: null, changed };
      });
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
