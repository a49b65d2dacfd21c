import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { fullName } from "../../../shared/names.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import type { Db, Tx } from "../../db/client.ts";
import { emailConfirmations, passwordResetTokens, users } from "../../db/schema.ts";
import { badRequest, conflict } from "../../errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { hashLinkToken } from "../mail/email-links.ts";
import { notifyEmailChanged } from "../mail/notifications.ts";
import { queueEmail } from "../mail/outbox.ts";
import { toPublicUser } from "./public-user.ts";
import { userChanged } from "./remembered-users.ts";

/**
 * Proved addresses. An account works from sign-up, but nothing that attaches a policy to
 * whoever holds an address (a partner's handover, a seller's transfer) trusts the address
 * until its owner has followed a link sent to it: anyone can type someone else's address.
 */

/** how long a link that proves an address works */
const EMAIL_CONFIRM_HOURS = 24;

export const INVALID_CONFIRM_LINK =
  "This confirmation link is not valid or has expired. Please ask for a new one from your profile.";
const ADDRESS_TAKEN =
  "This e-mail address is now used by another account. Please change to a different address.";
const EMAIL_CHANGE_SENT = (email: string) =>
  `We sent a link to ${email}. Your e-mail address changes when you open it (within ${EMAIL_CONFIRM_HOURS} hours).`;

/**
 * Queues a link to `email` that proves it (a new account's address, or the new address of a
 * change), in the caller's transaction; its token is made when the e-mail goes out and only
 * its SHA-256 is kept.
 */
export async function sendEmailConfirmation(
  tx: Tx | Db,
  user: { id: number; firstName: string; lastName: string; email: string; username: string },
  email: string,
) {
  // the link's token is made when the e-mail is sent, never kept in the job (email-links.ts)
  const [link] = await tx
    .insert(emailConfirmations)
    .values({ userId: user.id, email, expiresAt: new Date(Date.now() + EMAIL_CONFIRM_HOURS * 3_600_000) })
    .returning({ id: emailConfirmations.id });
  await queueEmail(tx, {
    template: "email_confirm",
    to: email,
    toName: fullName(user),
    audience: "customer",
    userId: user.id,
    data: {
      name: user.firstName,
      username: user.username,
      hours: EMAIL_CONFIRM_HOURS,
      change: email.toLowerCase() !== user.email.toLowerCase(),
    },
    link: { kind: "email", id: link.id },
  });
}

/** another account uses `email` (addresses are unique in any case) */
async function addressTaken(tx: Tx | Db, email: string, exceptId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptId)));
  return row !== undefined;
}

/**
 * A signed-in person asks to move their account to a new address (the route has checked
 * their current password). Nothing changes yet: a link goes to the new address. When
 * another account uses it, the same answer is given and no link is sent, so the form cannot
 * be used to learn who has an account.
 */
export async function requestEmailChange(db: Db, actor: PublicUser, email: string): Promise<string> {
  if (email === actor.email.toLowerCase()) {
    const same = "This is already your e-mail address";
    throw badRequest(same, { email: same });
  }
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, actor.id)).for("update");
    if (await addressTaken(tx, email, actor.id)) return;
    await sendEmailConfirmation(tx, row, email);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "user.email_change_request",
      entityType: "user",
      entityId: actor.id,
      details: { to: email },
    });
  });
  return EMAIL_CHANGE_SENT(email);
}

/** Sends the signed-in person a new link to prove their current address (none while it is proved). */
export async function resendEmailConfirmation(db: Db, actor: PublicUser): Promise<string> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, actor.id)).for("update");
    if (row.emailVerifiedAt) throw conflict("Your e-mail address is already confirmed");
    await sendEmailConfirmation(tx, row, row.email);
  });
  return `We sent a link to ${actor.email}. Open it within ${EMAIL_CONFIRM_HOURS} hours to confirm your address.`;
}

/**
 * Following a link proves the address it was sent to. When that is the account's address,
 * the address is marked proved; when it is a new one (a change), the account moves to it,
 * proved, and both addresses are told (the old one in case it was not its owner's doing).
 * The link works once; after a change, earlier links of the account (to prove an address,
 * or reset the password, sent to the old address) stop working.
 */
export async function confirmEmail(db: Db, token: string): Promise<PublicUser> {
  const tokenHash = hashLinkToken(token);
  return db.transaction(async (tx) => {
    // used once: the update that marks it decides, so two uses at once cannot both pass
    const [link] = await tx
      .update(emailConfirmations)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailConfirmations.tokenHash, tokenHash),
          isNull(emailConfirmations.usedAt),
          gt(emailConfirmations.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!link) throw badRequest(INVALID_CONFIRM_LINK);
    const [before] = await tx.select().from(users).where(eq(users.id, link.userId)).for("update");
    if (!before || before.erasedAt) throw badRequest(INVALID_CONFIRM_LINK);
    const change = link.email.toLowerCase() !== before.email.toLowerCase();
    if (change && (await addressTaken(tx, link.email, before.id))) throw conflict(ADDRESS_TAKEN);
    const [row] = await tx
      .update(users)
      .set({ email: link.email, emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, before.id))
      .returning();
    if (change) {
      await tx
        .update(emailConfirmations)
        .set({ usedAt: sql`now()` })
        .where(and(eq(emailConfirmations.userId, row.id), isNull(emailConfirmations.usedAt)));
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResetTokens.userId, row.id), isNull(passwordResetTokens.usedAt)));
      await notifyEmailChanged(tx, row, before.email, row.email);
    }
    await recordAudit(tx, {
      actorId: row.id,
      action: change ? "user.email_change" : "user.email_confirm",
      entityType: "user",
      entityId: row.id,
      details: change ? { from: before.email, to: row.email } : { email: row.email },
    });
    await userChanged(tx, row.id);
    return toPublicUser(row);
  });
}

/**
 * A link that sets a first password (an invitation, a partner's handover) or resets one was
 * sent to the account's address: following it proves the address. Called in the transaction
 * that uses the link.
 */
export async function addressProvedByLink(tx: Tx, userId: number) {
  await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
  await userChanged(tx, userId);
}
