import { MessageSchema, PublicUserSchema } from "../schemas/auth.ts";
import {
  RecoveryCodesSchema,
  StaffTwoFactorRuleSchema,
  TwoFactorChangeSchema,
  TwoFactorCodeSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from "../schemas/two-factor.ts";
import { defineEndpoints } from "./define.ts";

/**
 * Two-factor sign-in (TOTP, RFC 6238). A sign-in whose password was right but whose account
 * has a second factor gets a challenge from POST /api/login, and finishes here with a code
 * from the authenticator app or a single-use recovery code. Wrong codes answer 400 and count
 * with the account's failed sign-ins.
 */
export const twoFactorEndpoints = defineEndpoints({
  /** the second step of a sign-in: 401 when no sign-in is waiting for a code (or it expired) */
  "POST /api/login/two-factor": { access: "public", body: TwoFactorCodeSchema, response: PublicUserSchema },
  // the status, the set-up and its confirmation stay open to a member of staff who must
  // set up two-factor sign-in: they are how the rule is met
  "GET /api/user/two-factor": { access: "user", staffTwoFactorExempt: true, response: TwoFactorStatusSchema },
  /** starts (or restarts) an enrolment: a new secret; 400 once two-factor sign-in is on */
  "POST /api/user/two-factor/setup": {
    access: "user",
    staffTwoFactorExempt: true,
    response: TwoFactorSetupSchema,
  },
  /** the current password and a current code from the app turn it on and answers the ten recovery codes, once */
  "POST /api/user/two-factor/confirm": {
    access: "user",
    staffTwoFactorExempt: true,
    body: TwoFactorChangeSchema,
    response: RecoveryCodesSchema,
  },
  /** ten new recovery codes for the current password and a current code; the old ones stop working */
  "POST /api/user/two-factor/recovery-codes": {
    access: "user",
    body: TwoFactorChangeSchema,
    response: RecoveryCodesSchema,
  },
  /** the current password and a code turn it off */
  "POST /api/user/two-factor/disable": {
    access: "user",
    body: TwoFactorChangeSchema,
    response: MessageSchema,
  },
  "GET /api/admin/settings/two-factor": { access: "office", response: StaffTwoFactorRuleSchema },
  /** require two-factor sign-in of every staff member (audited) */
  "PUT /api/admin/settings/two-factor": {
    access: "office",
    body: StaffTwoFactorRuleSchema,
    response: StaffTwoFactorRuleSchema,
  },
});
