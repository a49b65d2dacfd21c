import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { fullName } from "../../../shared/names.ts";
import type { Db } from "../../db/client.ts";
import { passwordResetTokens, users } from "../../db/schema.ts";
import { badRequest } from "../../errors.ts";
import { NO_PASSWORD_YET } from "../auth/password.ts";
import { recordConsent } from "../privacy/consent.service.ts";
import { type CodeCheck, checkSecondFactor, type TwoFactorKeys } from "../two-factor/two-factor.service.ts";
import { addressProvedByLink } from "../users/email-address.ts";
import { endEverySession } from "../users/remembered-users.ts";
import { hashLinkToken } from "./email-links.ts";
import { queueEmail } from "./outbox.ts";

/** how long a reset link works */
export const RESET_TOKEN_MINUTES = 30;

export const INVALID_RESET_LINK =
  "This password reset link is not valid or has expired. Please ask for a new one from the sign-in page.";

/**
 * A reset link for the account with this address, if there is one. The link's token is 256
 * random bits, made when the e-mail is sent (email-links.ts).
 */
export async function sendPasswordResetLink(db: Db, email: string): Promise<void> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  if (!user) return;
  await db.transaction(async (tx) => {
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

/** the account a reset link (its token as sent) works for, or the error every bad link gets */
export async function resetLinkAccount(db: Db, token: string) {
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
        eq(passwordResetTokens.tokenHash, hashLinkToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
        // an erased account's links were voided with it; this keeps it so whatever the row says
        isNull(users.erasedAt),
      ),
    );
  if (!found) throw badRequest(INVALID_RESET_LINK);
  return found;
}

export type ResetOutcome =
  | { refused: Exclude<CodeCheck, "totp" | "recovery">; changed: null }
  | { refused: null; changed: typeof users.$inferSelect };

/**
 * Spends the link and sets the new password, in one transaction: when the account has a
 * second factor, `code` must be right first, and a wrong one changes nothing.
 */
export async function resetPassword(
  db: Db,
  twoFactorKeys: TwoFactorKeys,
  input: { token: string; passwordHash: string; code?: string; secondFactor: boolean },
  found: { userId: number; passwordHash: string },
): Promise<ResetOutcome> {
  const tokenHash = hashLinkToken(input.token);
  return db.transaction(async (tx) => {
    if (input.secondFactor) {
      // checked under the same transaction as the change: a code spent here is spent only
      // if the password changes
      const check = await checkSecondFactor(tx, twoFactorKeys, found.userId, input.code ?? "");
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
      .set({ passwordHash: input.passwordHash, updatedAt: new Date() })
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
    await endEverySession(tx, changed.id);
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
}
