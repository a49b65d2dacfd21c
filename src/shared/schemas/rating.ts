import { z } from "zod";
import { idSchema, isoDateTime } from "./ids.ts";
import { optionalText } from "./text.ts";

/** A customer's rating of how a ticket was resolved: 1 (poor) to 5 (excellent). */
export const RATING_SCORES = [1, 2, 3, 4, 5] as const;

export const RATING_WORDS: Record<number, string> = {
  1: "Poor",
  2: "Fair",
  3: "Good",
  4: "Very good",
  5: "Excellent",
};

export const RATING_COMMENT_MAX = 1000;

export const RatingSchema = z.object({
  score: z.number().int(),
  comment: z.string().nullable(),
  ratedAt: isoDateTime,
});
export type Rating = z.infer<typeof RatingSchema>;

const scoreSchema = z.coerce
  .number({ message: "Please choose a score from 1 to 5" })
  .int("Please choose a score from 1 to 5")
  .min(1, "Please choose a score from 1 to 5")
  .max(5, "Please choose a score from 1 to 5");

/** What the customer gives: a score, and a comment they may leave empty. */
export const RatingInputSchema = z.object({
  score: scoreSchema,
  comment: optionalText(
    RATING_COMMENT_MAX,
    undefined,
    `Please keep the comment under ${RATING_COMMENT_MAX} characters`,
  ),
});
export type RatingInput = z.input<typeof RatingInputSchema>;

const INVALID_LINK = "This rating link is not valid. Please rate from your ticket page instead.";

/**
 * A rating link from the "resolved" e-mail: the ticket, which of its resolutions, when the
 * link stops working (seconds since 1970), and the server's signature of those three.
 */
export const RatingLinkSchema = z.object({
  ticket: idSchema(INVALID_LINK),
  r: z.coerce
    .number({ message: INVALID_LINK })
    .int(INVALID_LINK)
    .min(1, INVALID_LINK)
    .max(1_000_000, INVALID_LINK),
  e: z.coerce
    .number({ message: INVALID_LINK })
    .int(INVALID_LINK)
    .min(0, INVALID_LINK)
    .max(1e11, INVALID_LINK),
  s: z.string().regex(/^[A-Za-z0-9_-]{22}$/, INVALID_LINK),
});
export type RatingLink = z.infer<typeof RatingLinkSchema>;

export const RatingLinkRateSchema = RatingLinkSchema.extend(RatingInputSchema.shape);

/** What a rating link's page shows: which ticket, and the rating when one was given. */
export const RatingLinkStateSchema = z.object({
  ticketId: z.number().int(),
  subject: z.string(),
  rating: RatingSchema.nullable(),
});
export type RatingLinkState = z.infer<typeof RatingLinkStateSchema>;
