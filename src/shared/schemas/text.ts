import { z } from "zod";

/**
 * Text a person may leave empty: trimmed, and empty or left out becomes `empty` (undefined
 * where the field is simply not given, null where the record keeps "not known").
 */
export const optionalText = <const E extends null | undefined>(
  max: number,
  empty: E,
  tooLong = `Must be at most ${max} characters`,
) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v): string | E => (v ? v : empty));
