import { and, eq, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import type { PartnerMemberRole } from "../../../shared/schemas/partner.ts";
import type { Db } from "../../db/client.ts";
import { partnerMembers } from "../../db/schema.ts";
import { forbidden } from "../../errors.ts";
import { requirePartnerRole } from "../../plugins/session.ts";

/** The caller as a member of their partner: every partner call is scoped by `partnerId`. */
export interface Membership {
  user: PublicUser;
  memberId: number;
  partnerId: number;
  role: PartnerMemberRole;
}

export const ACCESS_ENDED =
  "Your access to this partner account has ended. Please ask an owner of your organisation if this is a mistake.";
export const OWNERS_ONLY = "Only an owner of your organisation can manage its users";
export const OWNERS_ONLY_BILLING = "Only an owner of your organisation can see its statements and invoices";

const memberships = new WeakMap<FastifyRequest, Promise<Membership>>();

/**
 * The caller's active membership, read from the database on every request rather than kept
 * with the session: a member an owner removes is refused from their very next request.
 * Looked up once per request: the access check and the handler share it.
 */
export function partnerMembership(db: Db, request: FastifyRequest): Promise<Membership> {
  let found = memberships.get(request);
  if (!found) {
    found = lookup(db, request);
    memberships.set(request, found);
  }
  return found;
}

async function lookup(db: Db, request: FastifyRequest): Promise<Membership> {
  const user = await requirePartnerRole(request);
  const [row] = await db
    .select({ id: partnerMembers.id, partnerId: partnerMembers.partnerId, role: partnerMembers.role })
    .from(partnerMembers)
    .where(and(eq(partnerMembers.userId, user.id), isNull(partnerMembers.removedAt)));
  if (!row) throw forbidden(ACCESS_ENDED);
  return { user, memberId: row.id, partnerId: row.partnerId, role: row.role };
}

/** The caller as an owner of their partner; a member is refused with `refusal` */
export async function partnerOwner(
  db: Db,
  request: FastifyRequest,
  refusal = OWNERS_ONLY,
): Promise<Membership> {
  const m = await partnerMembership(db, request);
  if (m.role !== "owner") throw forbidden(refusal);
  return m;
}
