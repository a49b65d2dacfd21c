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
