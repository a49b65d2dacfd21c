import { z } from "zod";

/** `:id` path parameter: a positive 32-bit integer, anything else is a 400 rather than a database error */
export const IdParams = z.object({
  id: z.coerce.number("Invalid id").int("Invalid id").positive("Invalid id").max(2_147_483_647, "Invalid id"),
});
