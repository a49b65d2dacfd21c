import { createHash, createHmac, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  emailConfirmations,
  passwordResetTokens,
  policyTransfers,
  tickets,
  ticketVisits,
  users,
} from "../../db/schema.ts";

/**
 * Links that act for a person: reset and set-password links, a transfer's acceptance link,
 * a visit's confirm / ask-for-another links, a resolution's rating links, unsubscribe.
 * Whoever holds one can act as that person, so a live link exists in one place only: the
 * e-mail that went to the person. Not in the job that queues the e-mail, not in the copy of
 * the e-mail staff read in the Outbox, not in a backup.
 *
 * How it works, for every kind:
 * 1. The request that causes the e-mail stores what the link stands for (a row of
 *    `password_reset_tokens`, `email_confirmations` or `policy_transfers` whose token hash is still null, or a
 *    visit's id and time) and queues the e-mail with a `LinkRef` naming it, never a token.
 * 2. When the e-mail is sent, `mintLink` makes the token: a fresh random one whose SHA-256
 *    replaces the row's hash, or an HMAC signature under a key derived from the session
 *    secret. A link that was used, expired or voided in the meantime makes no token, and the
 *    e-mail is not sent (or, for an invitation, is sent without its link).
 * 3. The e-mail goes out with the live link; the copy kept in `emails` has each live link
 *    replaced by "link removed" (`withoutLiveLinks`).
 * A resend after a crash or a staff Retry makes a new token, so only the newest e-mail's link
 * works. A new kind of link adds a member to `LinkRef` and its minter to `MINTERS`.
 *
 * Erasure calls `voidLinksOf`: every stored link of the person stops working, and the
 * signed ones too, because they are signed over the person's `link_epoch`, which goes up.
 */
export type LinkRef =
  /** a reset or set-password link: a `password_reset_tokens` row */
  | { kind: "password"; id: number }
  /** a link that proves an address (a new account's, or the new one of a change): an `email_confirmations` row */
  | { kind: "email"; id: number }
  /** a transfer's acceptance link: a `policy_transfers` row */
  | { kind: "transfer"; id: number }
  /** a proposed visit's answer links: the visit and the SEQUENCE of its slot */
  | { kind: "visit"; visitId: number; sequence: number };

/** what a live link reads in the stored copy of its e-mail and in the Outbox */
export const LINK_REMOVED = "link removed";

/** why an e-mail whose link no longer works was not sent (kept on its job for staff) */
export const LINK_VOID_REASON = "Not sent: its link was used, expired or withdrawn before it could go";

/** 256 random bits: a link's token */
const newLinkToken = () => randomBytes(32).toString("base64url");

/** only the SHA-256 of a token is stored: a copy of the table opens no link */
export const hashLinkToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * The message a signed link covers, tied to the person's link epoch: from epoch 1 on the
 * epoch is part of it, so links signed before the epoch went up no longer match. Epoch 0
 * signs the message alone, as links did before epochs existed.
 */
function personalMessage(message: string, epoch: number): string {
  return epoch === 0 ? message : `${message}#${epoch}`;
}

/** The first 16 bytes of the HMAC of a person's message, base64url: the signature of a signed link */
export function linkSignature(key: Buffer, message: string, epoch: number): string {
  return createHmac("sha256", key)
    .update(personalMessage(message, epoch))
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

/** the person's link epoch (0 for an id that is not there: nothing signed for it matches anyway) */
export async function linkEpochOf(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db.select({ epoch: users.linkEpoch }).from(users).where(eq(users.id, userId));
  return row?.epoch ?? 0;
}

export interface LinkKeys {
  db: Db;
  /** makes a visit link's token from its visit, SEQUENCE and the customer's epoch */
  visitToken: (visitId: number, sequence: number, epoch: number) => string;
}

type Minter<K extends LinkRef["kind"]> = (
  keys: LinkKeys,
  ref: Extract<LinkRef, { kind: K }>,
) => Promise<string | null>;

const MINTERS: { [K in LinkRef["kind"]]: Minter<K> } = {
  async password({ db }, ref) {
    const token = newLinkToken();
    const rows = await db
      .update(passwordResetTokens)
      .set({ tokenHash: hashLinkToken(token) })
      .where(
        and(
          eq(passwordResetTokens.id, ref.id),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: passwordResetTokens.id });
    return rows.length > 0 ? token : null;
  },
  async email({ db }, ref) {
    const token = newLinkToken();
    const rows = await db
      .update(emailConfirmations)
      .set({ tokenHash: hashLinkToken(token) })
      .where(
        and(
          eq(emailConfirmations.id, ref.id),
          isNull(emailConfirmations.usedAt),
          gt(emailConfirmations.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: emailConfirmations.id });
    return rows.length > 0 ? token : null;
  },
  async transfer({ db }, ref) {
    const token = newLinkToken();
    const rows = await db
      .update(policyTransfers)
      .set({ tokenHash: hashLinkToken(token) })
      .where(
        and(
          eq(policyTransfers.id, ref.id),
          eq(policyTransfers.status, "pending"),
          gt(policyTransfers.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: policyTransfers.id });
    return rows.length > 0 ? token : null;
  },
  async visit({ db, visitToken }, ref) {
    const [row] = await db
      .select({ epoch: users.linkEpoch, erasedAt: users.erasedAt })
      .from(ticketVisits)
      .innerJoin(tickets, eq(tickets.id, ticketVisits.ticketId))
      .innerJoin(users, eq(users.id, tickets.userId))
      .where(eq(ticketVisits.id, ref.visitId));
    if (!row || row.erasedAt) return null;
    return visitToken(ref.visitId, ref.sequence, row.epoch);
  },
};

/** The token of a link, made now that its e-mail is being sent; null when the link no longer works. */
export function mintLink(keys: LinkKeys, ref: LinkRef): Promise<string | null> {
  return (MINTERS[ref.kind] as Minter<typeof ref.kind>)(keys, ref as never);
}

/** `s` as a regular expression that matches it literally (in JavaScript and in PostgreSQL alike) */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The e-mail as it may be kept: every address that carries one of `secrets` (a token, a
 * signature) reads "link removed" in the text, and in the HTML loses its href (the button
 * stays, inert) and reads "link removed" where it was shown.
 */
export function withoutLiveLinks<T extends { html: string; text: string }>(mail: T, secrets: string[]): T {
  let { html, text } = mail;
  for (const secret of new Set(secrets.filter((s) => s.length >= 8))) {
    const s = escapeRegExp(secret);
    const url = `https?://[^\\s"'<>\\]]*${s}[^\\s"'<>\\]]*`;
    html = html.replace(new RegExp(` href="${url}"`, "g"), "").replace(new RegExp(url, "g"), LINK_REMOVED);
    text = text.replace(new RegExp(url, "g"), LINK_REMOVED);
  }
  return { ...mail, html, text };
}

/**
 * Every link sent to the person stops working: their reset, set-password and address links, the
 * acceptance links of transfers they started or that were sent to their address, and (by
 * their link epoch going up) their signed visit and rating links. Run in the erasure's
 * transaction, before the address is replaced.
 */
export async function voidLinksOf(tx: Tx, person: { id: number; email: string }): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, person.id), isNull(passwordResetTokens.usedAt)));
  await tx
    .update(emailConfirmations)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailConfirmations.userId, person.id), isNull(emailConfirmations.usedAt)));
  await tx
    .update(policyTransfers)
    // ended as if its time had run out: neither the link nor an e-mail still queued works
    .set({ expiresAt: sql`now()`, updatedAt: new Date() })
    .where(
      and(
        eq(policyTransfers.status, "pending"),
        or(
          eq(policyTransfers.fromUserId, person.id),
          sql`lower(${policyTransfers.buyerEmail}) = lower(${person.email})`,
        ),
      ),
    );
  await tx
    .update(users)
    .set({ linkEpoch: sql`${users.linkEpoch} + 1` })
    .where(eq(users.id, person.id));
}
