import type { Access } from "./endpoints/define.ts";
import { isStaffRole, type Role } from "./schemas/auth.ts";

/**
 * The caller as the access decision sees them, resolved once per request on the server
 * (the access hook) and from the signed-in user in the browser.
 */
export interface Actor {
  id: number;
  role: Role;
  /**
   * For a partner user: the partner they are an active member of now, or null when their
   * membership was removed. Undefined where it is not known (the browser): the server
   * decides it on every call.
   */
  partnerId?: number | null;
  /**
   * False only for a member of staff while two-factor sign-in is required of staff and
   * they have not turned it on; true for everyone else.
   */
  staffTwoFactorOk: boolean;
}

/** What an endpoint or a page declares about who may reach it. */
export interface AccessRule {
  access: Access;
  /**
   * Still reachable by a member of staff who has yet to turn on two-factor sign-in while it
   * is required: what they need to set it up, sign out and keep their own profile.
   */
  staffTwoFactorExempt?: true;
}

export const SIGN_IN_REQUIRED = "Please log in to continue";
export const STAFF_ENROL_MESSAGE =
  "Two-factor sign-in is required for staff. Please set it up before using the console.";
export const PARTNER_ACCESS_ENDED =
  "Your access to this partner account has ended. Please ask an owner of your organisation if this is a mistake.";

/** Why a caller was refused: the page guards act on it (sign in, set up two-factor, go home). */
type Refusal = "sign_in" | "staff_two_factor" | "role" | "partner_access_ended";

export type Decision =
  | { allowed: true }
  | { allowed: false; status: 401 | 403; reason: Refusal; message: string };

const ALLOWED: Decision = { allowed: true };
const refuse = (status: 401 | 403, reason: Refusal, message: string): Decision => ({
  allowed: false,
  status,
  reason,
  message,
});

/** Which roles each signed-in access level lets through, and what the others are told. */
const ROLE_RULES: Record<Exclude<Access, "public">, { allows: (role: Role) => boolean; message: string }> = {
  user: { allows: () => true, message: "" },
  office: { allows: (role) => role === "admin", message: "Office staff only" },
  // office staff and technicians; a technician's reach is narrower than the route's: the
  // service checks each ticket is theirs
  staff: { allows: isStaffRole, message: "Staff only" },
  partner: { allows: (role) => role === "partner", message: "Partner accounts only" },
};

/**
 * The one answer to "may this caller reach this": every API call (the access hook), every
 * read the server makes before rendering a page, and every page guard in the browser ask
 * it, and nothing else decides. `public`: anyone. Otherwise a guest is 401. A member of
 * staff who must set up two-factor sign-in is 403 everywhere but the declared exemptions,
 * whatever the level, so no door is left open to them. Then the level's roles; a partner
 * user whose membership was removed is 403 on partner calls.
 */
export function decideAccess(actor: Actor | null, rule: AccessRule): Decision {
  if (rule.access === "public") return ALLOWED;
  if (!actor) return refuse(401, "sign_in", SIGN_IN_REQUIRED);
  if (!actor.staffTwoFactorOk && !rule.staffTwoFactorExempt) {
    return refuse(403, "staff_two_factor", STAFF_ENROL_MESSAGE);
  }
  const roles = ROLE_RULES[rule.access];
  if (!roles.allows(actor.role)) return refuse(403, "role", roles.message);
  if (rule.access === "partner" && actor.partnerId === null) {
    return refuse(403, "partner_access_ended", PARTNER_ACCESS_ENDED);
  }
  return ALLOWED;
}

/** Whether the caller passes `access`: for a service whose rows answer to their holder or to the office staff. */
export const allows = (actor: Actor, access: Exclude<Access, "public">): boolean =>
  decideAccess(actor, { access }).allowed;

/**
 * A customer's record (a policy, its certificate, invoices, renewal and policy items)
 * answers to its holder and to the office staff; the service asks this of the row it read.
 */
export const holderOrOffice = (actor: Actor, holderId: number | null): boolean =>
  holderId === actor.id || allows(actor, "office");
