import { z } from "zod";

/** A list filter from a query string: empty or "all" means no filter. */
export const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === "all" ? undefined : v), schema.optional());
