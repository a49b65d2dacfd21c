import { readFileSync } from "node:fs";
import path from "node:path";
import {
  oneCharacterRepeated,
  PASSWORD_REPEATED_MESSAGE,
  passwordNamesProblem,
  type Role,
  STAFF_PASSWORD_MIN,
} from "../../../shared/schemas/auth.ts";
import { CHECKOUT_ROOT } from "../../lib/checkout-root.ts";

/**
 * The 10,000 passwords people choose most often, most common first: the top of the
 * password list of zxcvbn-ts (@zxcvbn-ts/language-common 4.1.3, MIT licence beside the
 * list), counted from leaked password sets. Attackers try these first, so the length
 * rule alone does not stop "password1" or "iloveyou". Read once, on first use: about 77 kB.
 */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(path.join(CHECKOUT_ROOT, "src/server/modules/auth/common-passwords.txt"), "utf8")
      .split("\n")
      .filter(Boolean),
  );
  return common;
}

const COMMON_PASSWORD_MESSAGE =
  "This password is one of the most common and easy to guess. Please choose a less common one.";
const STAFF_PASSWORD_MESSAGE = `Staff passwords must be at least ${STAFF_PASSWORD_MIN} characters`;

/**
 * What is wrong with a new password for `account`, or null. Everyone: the sign-up rule (at
 * least 6, checked by the schemas with its own message), not one character repeated, not
 * the account's own username or e-mail, and not a common password, in any case. Staff: at
 * least 12 characters, since a staff account opens every customer's records. Demo accounts
 * (`seed:demo`) are made without these rules: their password is the tester's.
 */
export function passwordProblem(
  password: string,
  account: { role: Role; username: string; email: string },
): string | null {
  if (account.role !== "customer" && password.length < STAFF_PASSWORD_MIN) return STAFF_PASSWORD_MESSAGE;
  // the schemas check this too; staff passwords (technicians) come through a schema of their own
  if (oneCharacterRepeated(password)) return PASSWORD_REPEATED_MESSAGE;
  const named = passwordNamesProblem(password, account);
  if (named) return named;
  if (commonPasswords().has(password.toLowerCase())) return COMMON_PASSWORD_MESSAGE;
  return null;
}
