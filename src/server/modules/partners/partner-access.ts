import { and, eq, isNull } from "drizzle-orm";
import { PARTNER_ACCESS_ENDED } from "../../../shared/access.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import type { PartnerMemberRole } from "../../../shared/schemas/partner.ts";
import type { Db } from "../../db/client.ts";
import { partnerMembers } from "../../db/schema.ts";
import { forbidden } from "../../errors.ts";
import type { RequestActor } from "../../plugins/access.ts";

/** The caller as a member of their partner: every partner call is scoped by `partnerId`. */
export interface Membership {
  user: PublicUser;
  memberId: number;
  partnerId: number;
  role: PartnerMemberRole;
}

export const OWNERS_ONLY = "Only an owner of your organisation can manage its users";
export const OWNERS_ONLY_BILLING = "Only an owner of your organisation can see its statements and invoices";

/** A partner user's active membership now, or null once it was removed: read when the caller is resolved. */
export async function activeMembership(db: Db, userId: number) {
  const [row] = await db
    .select({ id: partnerMembers.id, partnerId: partnerMembers.partnerId, role: partnerMembers.role })
    .from(partnerMembers)
    .where(and(eq(partnerMembers.userId, userId), isNull(partnerMembers.removedAt)));
  return row ?? null;
}

/**
 * The caller of a partner call as a member of their partner. The access check has already
 * refused anyone who is not an active member, so this only reshapes what it resolved.
 */
export function partnerMembership(request: { actor: RequestActor }): Membership {
  const { actor } = request;
  if (actor.partnerId === null || !actor.partnerMember) throw forbidden(PARTNER_ACCESS_ENDED);
  return {
    user: actor,
    memberId: actor.partnerMember.id,
    partnerId: actor.partnerId,
    role: actor.partnerMember.role,
  };
}

/** The caller as an owner of their partner; a member is refused with `refusal` */
export function partnerOwner(request: { actor: RequestActor }, refusal = OWNERS_ONLY): Membership {
  const m = partnerMembership(request);
  if (m.role !== "owner") throw forbidden(refusal);
  return m;
}
