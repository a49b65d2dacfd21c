import { createHmac } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import type { Rating, RatingInput, RatingLink, RatingLinkState } from "../../../shared/schemas/rating.ts";
import { RatingInputSchema } from "../../../shared/schemas/rating.ts";
import type { Db, Tx } from "../../db/client.ts";
import { ticketRatings, ticketStatusHistory, tickets } from "../../db/schema.ts";
import { AppError, badRequest, conflict, notFound } from "../../errors.ts";
import { sameSignature } from "../../lib/signatures.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { linkEpochOf, linkSignature } from "../mail/email-links.ts";

/**
 * Ratings of a resolved ticket. A ticket's resolutions are counted by its status history
 * (each change to "resolved" is one), so "once per resolution" is the pair (ticket, count):
 * reopening and resolving again makes the count, and so the rating opportunity, new.
 *
 * The "resolved" e-mail carries five links (one per score) that need no sign-in. Like the
 * unsubscribe links, each is signed with an HMAC under a key derived from the session
 * secret: it names the ticket, the resolution and an expiry, so nobody can rate another
 * ticket, or a later resolution, by changing a number. Opening a link records nothing (mail
 * scanners open every link); the page's button posts the rating.
 */

/** how long a rating link works after the e-mail is sent */
const RATING_LINK_DAYS = 30;

export const RATING_LINK_INVALID =
  "This rating link is not valid. Please rate from your ticket page instead.";
export const RATING_LINK_EXPIRED =
  "This rating link has expired. You can still rate the resolution from your ticket page.";
export const RATING_REOPENED =
  "This ticket was reopened after this link was sent. You can rate it again once it is resolved.";
export const RATING_NOT_RESOLVED = "You can rate this ticket once it is resolved.";
export const RATING_ALREADY_GIVEN = "This resolution has already been rated. Thank you for your feedback.";

export function ratingKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("rate a resolved ticket").digest();
}

/** signed over the customer's link epoch too (mail/email-links.ts): an erasure voids the links already sent */
function ratingSignature(
  key: Buffer,
  ticketId: number,
  resolution: number,
  expires: number,
  epoch = 0,
): string {
  return linkSignature(key, `${ticketId}.${resolution}.${expires}`, epoch);
}

/** The rating page's address for each score, 1 to 5, signed for this resolution. */
export function ratingUrls(
  origin: string,
  key: Buffer,
  ticketId: number,
  resolution: number,
  epoch = 0,
  now = Date.now(),
): string[] {
  const expires = Math.floor(now / 1000) + RATING_LINK_DAYS * 24 * 60 * 60;
  const s = ratingSignature(key, ticketId, resolution, expires, epoch);
  return [1, 2, 3, 4, 5].map(
    (score) => `${origin}/rate?ticket=${ticketId}&r=${resolution}&e=${expires}&s=${s}&score=${score}`,
  );
}

/**
 * A link we signed, at the ticket's customer's current link epoch, and that has not expired.
 * The ticket is read first (its customer's epoch is part of what was signed), but a link
 * that fails says the same whether or not the ticket exists.
 */
function checkLink(key: Buffer, link: RatingLink, epoch: number, now = Date.now()) {
  if (!sameSignature(link.s, ratingSignature(key, link.ticket, link.r, link.e, epoch)))
    throw badRequest(RATING_LINK_INVALID);
  if (link.e * 1000 < now) throw new AppError(410, RATING_LINK_EXPIRED);
}

/** how many times the ticket has been resolved (its status history's changes to "resolved") */
export async function resolutionCount(db: Db | Tx, ticketId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ticketStatusHistory)
    .where(and(eq(ticketStatusHistory.ticketId, ticketId), eq(ticketStatusHistory.toStatus, "resolved")));
  return row?.n ?? 0;
}

type RatingRow = typeof ticketRatings.$inferSelect;
const toRating = (r: RatingRow): Rating => ({
  score: r.score,
  comment: r.comment,
  ratedAt: r.createdAt.toISOString(),
});

/**
 * The rating of the ticket's latest resolution, or null: none given yet, or the ticket was
 * resolved again since (a new opportunity). What `GET /api/tickets/{id}` answers as `rating`.
 */
export async function currentRating(db: Db | Tx, ticketId: number): Promise<Rating | null> {
  const [row] = await db
    .select()
    .from(ticketRatings)
    .where(
      and(
        eq(ticketRatings.ticketId, ticketId),
        sql`${ticketRatings.resolution} = (select count(*) from ${ticketStatusHistory}
          where ${ticketStatusHistory.ticketId} = ${ticketId} and ${ticketStatusHistory.toStatus} = 'resolved')`,
      ),
    );
  return row ? toRating(row) : null;
}

/**
 * The ticket under a shared lock (a status change waits until the rating is written) and
 * its current resolution, which must be the one being rated while the ticket stays resolved
 * (or was closed after it).
 */
async function lockResolution(tx: Tx, ticketId: number) {
  const [ticket] = await tx
    .select({ id: tickets.id, userId: tickets.userId, subject: tickets.subject, status: tickets.status })
    .from(tickets)
    .where(eq(tickets.id, ticketId))
    .for("share");
  if (!ticket) return null;
  const resolution = await resolutionCount(tx, ticketId);
  const rateable = resolution > 0 && (ticket.status === "resolved" || ticket.status === "closed");
  return { ticket, resolution, rateable };
}

async function insertRating(
  tx: Tx,
  ticket: { id: number; userId: number },
  resolution: number,
  input: RatingInput,
  via: "e-mail link" | "ticket page",
): Promise<Rating> {
  const { score, comment } = RatingInputSchema.parse(input);
  // the unique (ticket, resolution) index decides between two ratings sent at once
  const [row] = await tx
    .insert(ticketRatings)
    .values({ ticketId: ticket.id, resolution, score, comment: comment ?? null })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(RATING_ALREADY_GIVEN);
  await recordAudit(tx, {
    actorId: ticket.userId,
    action: "ticket.rate",
    entityType: "ticket",
    entityId: ticket.id,
    details: { resolution, score, via },
  });
  return toRating(row);
}

/** What a rating link's page shows; the same refusals as rating through it. */
export async function ratingLinkState(db: Db, key: Buffer, link: RatingLink): Promise<RatingLinkState> {
  return db.transaction(async (tx) => {
    const found = await lockResolution(tx, link.ticket);
    if (!found) throw badRequest(RATING_LINK_INVALID);
    checkLink(key, link, await linkEpochOf(tx, found.ticket.userId));
    if (found.resolution !== link.r || !found.rateable) throw conflict(RATING_REOPENED);
    const [row] = await tx
      .select()
      .from(ticketRatings)
      .where(and(eq(ticketRatings.ticketId, link.ticket), eq(ticketRatings.resolution, link.r)));
    return { ticketId: found.ticket.id, subject: found.ticket.subject, rating: row ? toRating(row) : null };
  });
}

/** Rates through a signed link: no sign-in, once per resolution. */
export async function rateWithLink(db: Db, key: Buffer, input: RatingLink & RatingInput): Promise<Rating> {
  return db.transaction(async (tx) => {
    const found = await lockResolution(tx, input.ticket);
    if (!found) throw badRequest(RATING_LINK_INVALID);
    checkLink(key, input, await linkEpochOf(tx, found.ticket.userId));
    if (found.resolution !== input.r || !found.rateable) throw conflict(RATING_REOPENED);
    return insertRating(tx, found.ticket, found.resolution, input, "e-mail link");
  });
}

/** The signed-in customer rates their own ticket's latest resolution; anyone else's is a 404. */
export async function rateOwnTicket(
  db: Db,
  actor: PublicUser,
  ticketId: number,
  input: RatingInput,
): Promise<Rating> {
  return db.transaction(async (tx) => {
    const found = await lockResolution(tx, ticketId);
    if (!found || found.ticket.userId !== actor.id) throw notFound("Ticket not found");
    if (!found.rateable) throw conflict(RATING_NOT_RESOLVED);
    return insertRating(tx, found.ticket, found.resolution, input, "ticket page");
  });
}
