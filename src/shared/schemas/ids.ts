import { z } from "zod";
import { parseId } from "../ids.ts";

/**
 * A record id in a path, a query or a JSON body, by the one rule of `parseId`: a 400 with
 * `message` for anything that cannot name a row.
 */
export const idSchema = (message = "Invalid id") =>
  z.unknown().transform((raw, ctx) => {
    const id = parseId(raw);
    if (id === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });

/** `/:id` */
export const IdParams = z.object({ id: idSchema() });

/** A timestamp on the wire: ISO 8601 in UTC, as `Date.prototype.toJSON` writes it. */
export const isoDateTime = z.iso.datetime();

/** A calendar day on the wire (policy start and end): YYYY-MM-DD. */
export const isoDay = z.iso.date();

/** the first and last days a date the client sends may name (a filter's bound, a holiday) */
const DAY_BOUNDS = { first: "1900-01-01", last: "2999-12-31" } as const;
export const DAY_BOUNDS_MESSAGE = "Please enter a date between the years 1900 and 2999";

/**
 * A calendar day the client sends: YYYY-MM-DD (`message` when it is not one) within
 * DAY_BOUNDS. The format alone lets through years such as 0000, which PostgreSQL refuses
 * (it has no year 0) and which India's time zone turns into a day before year 1: those
 * reached the query and failed there, so they are turned away here with a 400.
 */
export const boundedDay = (message: string) =>
  z.iso.date({ message }).refine((d) => d >= DAY_BOUNDS.first && d <= DAY_BOUNDS.last, DAY_BOUNDS_MESSAGE);
