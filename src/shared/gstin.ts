import { z } from "zod";

/**
 * A GSTIN (GST identification number) is 15 characters: the state's two-digit code, the
 * holder's PAN (five letters, four digits, a letter), the registration's number within that
 * PAN (1-9 or a letter), "Z", and a check character. The check character is the GST
 * Network's published mod-36 sum: each of the first 14 characters is worth its place in
 * 0-9A-Z, every second one doubled, the product's two base-36 digits added up; the check
 * character makes the total a multiple of 36. No package on our list does only this, and
 * these dozen lines are the whole rule, so it is written here, once, for the form and the
 * server alike.
 */
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const SHAPE = /^(0[1-9]|[1-3][0-9]|97|99)[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = ALPHABET.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36];
}

export function isValidGstin(value: string): boolean {
  return SHAPE.test(value) && gstinCheckChar(value.slice(0, 14)) === value[14];
}

export const GSTIN_MESSAGE = "Please enter a valid 15-character GSTIN, such as 33ABCDE1234F1Z7";

/**
 * A customer's GSTIN as typed: spaces dropped, capitals; "" or null clears it (null), absent
 * leaves it as it was (undefined).
 */
export const optionalGstin = z
  .string()
  .max(40, GSTIN_MESSAGE)
  .nullable()
  .optional()
  .transform((v) => (v == null ? v : v.replace(/\s+/g, "").toUpperCase() || null))
  .refine((v) => v == null || isValidGstin(v), GSTIN_MESSAGE);
