import { z } from "zod";
import { currentPasswordField } from "./auth.ts";
import { isoDateTime } from "./ids.ts";

/** How many single-use recovery codes an enrolment (or a regeneration) hands out. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A code from the authenticator app (6 digits) or a recovery code ("k7q2m-z9p3h"). Spaces
 * and dashes people type or paste are ignored by the server.
 */
const codeField = z
  .string({ message: "Please enter the code" })
  .trim()
  .min(1, "Please enter the code")
  .max(32, "That code is too long");

export const TwoFactorCodeSchema = z.object({ code: codeField });
export type TwoFactorCode = z.infer<typeof TwoFactorCodeSchema>;

/**
 * A change to two-factor sign-in (turning it on, new recovery codes, turning it off): the
 * current password and a current code.
 */
export const TwoFactorChangeSchema = z.object({
  password: currentPasswordField,
  code: codeField,
});

/** The signed-in person's two-factor state, for the profile and the console. */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: isoDateTime.nullable(),
  /** unused recovery codes left */
  recoveryCodesLeft: z.number().int(),
  /** staff only: two-factor sign-in is required of all staff, so the console waits for enrolment */
  requiredForYou: z.boolean(),
});
/**
 * The start of an enrolment: the secret as text (typed into an app by hand), the otpauth://
 * address, and that address as a QR code (an SVG data URL). Answered only while enrolment
 * is pending; once confirmed, the secret is never shown again.
 */
export const TwoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/** Recovery codes, shown once: only their hashes are kept. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
/** The staff-wide rule, set in the console's Security page. */
export const StaffTwoFactorRuleSchema = z.object({ requiredForStaff: z.boolean() });
/**
 * The sign-in answer when the password was right but the account has two-factor sign-in
 * on: no session yet; the browser asks for a code and sends it to POST /api/login/two-factor.
 */
export const TwoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  message: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

export const TWO_FACTOR_CHALLENGE_MESSAGE = "Enter the code from your authenticator app, or a recovery code";
