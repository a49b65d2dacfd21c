import { IdParams } from "../schemas/ids.ts";
import {
  RatingInputSchema,
  RatingLinkRateSchema,
  RatingLinkSchema,
  RatingLinkStateSchema,
  RatingSchema,
} from "../schemas/rating.ts";
import { defineEndpoints } from "./define.ts";

/**
 * Ratings: after a ticket is resolved, its customer rates the resolution once (1-5 and an
 * optional comment), signed in from the ticket page, or with no sign-in through the signed
 * links of the "resolved" e-mail. Reopening and resolving again opens a new rating.
 */
export const ratingEndpoints = defineEndpoints({
  /**
   * a rating link's ticket and whether it was rated: 400 for a link that is not ours (or
   * was changed), 410 once it has expired, 409 when the ticket was reopened since
   */
  "GET /api/ratings/link": { access: "public", query: RatingLinkSchema, response: RatingLinkStateSchema },
  /** rates through a link (the same answers as above); 409 when this resolution is already rated */
  "POST /api/ratings": { access: "public", body: RatingLinkRateSchema, response: RatingSchema, status: 201 },
  /** the signed-in customer rates their own resolved ticket (404 for anyone else's); 409 as above */
  "POST /api/tickets/:id/rating": {
    access: "user",
    params: IdParams,
    body: RatingInputSchema,
    response: RatingSchema,
    status: 201,
  },
});
