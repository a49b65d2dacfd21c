import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { policyEndDate, todayInIndia } from "../../../shared/dates.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import {
  ENTERPRISE_PLAN,
  type Handover,
  OVER_QUOTA_MESSAGE,
  type PartnerCreate,
  type PartnerInvite,
  type PartnerMember,
  type PartnerOverview,
  type PartnerPolicy,
  PLAN_QUOTAS,
} from "../../../shared/schemas/partner.ts";
import type { Db, Tx } from "../../db/client.ts";
import {
  partnerMembers,
  partners,
  passwordResetTokens,
  plans,
  policyItems,
  purchases,
  sessions,
  users,
} from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { queueEmail } from "../mail/outbox.ts";
import { hashResetToken } from "../mail/password-reset.routes.ts";
import { nextPurchaseId, policyNumberFor } from "../policies/policies.service.ts";
import type { Membership } from "./partner-access.ts";
import { getPartnerPolicy, indiaMonth, monthCounts, partnerById } from "./partners.queries.ts";

/**
 * The password of an account made by an invitation, before its person chooses one: no
 * password verifies against it (it is not a hash), so the account is opened only by the
 * invitation's link, or later by "Forgot password".
 */
export const NO_PASSWORD_YET = "!invited";

/** how long an invitation's set-password link works */
export const INVITATION_DAYS = 7;

export const CANNOT_INVITE =
  "This e-mail address belongs to another account and cannot be invited. Please use another address.";
export const NOT_A_HOMEOWNER =
  "This e-mail address belongs to a staff or partner account. Please enter the homeowner's own address.";

/** Staff make a partner on one of the B2B plans; its quota is the plan's. */
export async function createPartner(db: Db, actor: PublicUser, input: PartnerCreate): Promise<number> {
  return db.transaction(async (tx) => {
    const [plan] = await tx.select().from(plans).where(eq(plans.id, input.planId));
    if (plan?.type !== "B2B" || !(plan.name in PLAN_QUOTAS)) {
      throw badRequest("Please choose a B2B plan", { planId: "Choose Standard, Professional or Enterprise" });
    }
    const enterprise = plan.name === ENTERPRISE_PLAN;
    if (enterprise && input.agreedPricePaise === undefined) {
      throw badRequest("Please enter the agreed price of the Enterprise contract", {
        agreedPricePaise: "Enter the price agreed for each registration",
      });
    }
    if (!enterprise && input.agreedPricePaise !== undefined) {
      throw badRequest("An agreed price is set for Enterprise contracts only: this plan has its own price", {
        agreedPricePaise: "Leave empty: the plan has its own price",
      });
    }
    const [row] = await tx
      .insert(partners)
      .values({
        name: input.name,
        gstin: input.gstin ?? null,
        address: input.address,
        brandColour: input.brandColour,
        planId: plan.id,
        monthlyQuota: PLAN_QUOTAS[plan.name],
        contractStart: input.contractStart,
        overQuota: input.overQuota,
        handoverStatus: input.handoverStatus,
        agreedPricePaise: input.agreedPricePaise ?? null,
      })
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: "partner.create",
      entityType: "partner",
      entityId: row.id,
      details: { name: row.name, planId: plan.id, monthlyQuota: row.monthlyQuota, overQuota: row.overQuota },
    });
    return row.id;
  });
}

/** A username for an account made by an invitation: from the address, made unique */
async function freeUsername(tx: Tx, email: string): Promise<string> {
  const base =
    (email.split("@")[0] ?? "")
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, "")
      .slice(0, 40) || "user";
  for (let i = 0; ; i++) {
    const candidate = i === 0 && base.length >= 3 ? base : `${base}-${randomBytes(3).toString("hex")}`;
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${candidate}`);
    if (!taken) return candidate;
  }
}

/** A set-password link for an account that has no password yet: 256 random bits, only its hash kept */
async function invitationToken(tx: Tx, userId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(passwordResetTokens).values({
    userId,
    tokenHash: hashResetToken(token),
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
  });
  return token;
}

const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/**
 * Staff or a partner's owner invite a person by e-mail. A new address gets a partner
 * account with no password and a link to choose one; a member removed earlier comes back.
 * An address of any other account (a customer's, staff's, another partner's) is refused
 * with one answer that does not say which.
 */
export async function inviteMember(
  db: Db,
  actorId: number,
  partnerId: number,
  input: PartnerInvite,
): Promise<PartnerMember> {
  return db.transaction(async (tx) => {
    const partner = await partnerById(tx, partnerId, true);
    const [existing] = await tx.select().from(users).where(sql`lower(${users.email}) = ${input.email}`);
    let user = existing;
    let memberId: number;
    if (existing) {
      const [membership] = await tx
        .select()
        .from(partnerMembers)
        .where(eq(partnerMembers.userId, existing.id))
        .for("update");
      if (existing.role !== "partner" || (membership && membership.partnerId !== partnerId)) {
        throw conflict(CANNOT_INVITE, { email: CANNOT_INVITE });
      }
      if (membership && !membership.removedAt) {
        throw conflict("This person is already a user of this partner account", {
          email: "Already a user of this partner account",
        });
      }
      if (membership) {
        await tx
          .update(partnerMembers)
          .set({ removedAt: null, role: input.role, invitedById: actorId })
          .where(eq(partnerMembers.id, membership.id));
        memberId = membership.id;
      } else {
        const [m] = await tx
          .insert(partnerMembers)
          .values({ partnerId, userId: existing.id, role: input.role, invitedById: actorId })
          .returning({ id: partnerMembers.id });
        memberId = m.id;
      }
    } else {
      [user] = await tx
        .insert(users)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          username: await freeUsername(tx, input.email),
          email: input.email,
          passwordHash: NO_PASSWORD_YET,
          role: "partner",
        })
        .returning();
      const [m] = await tx
        .insert(partnerMembers)
        .values({ partnerId, userId: user.id, role: input.role, invitedById: actorId })
        .returning({ id: partnerMembers.id });
      memberId = m.id;
    }
    const token = user.passwordHash === NO_PASSWORD_YET ? await invitationToken(tx, user.id) : null;
    await queueEmail(tx, {
      template: "partner_invitation",
      to: user.email,
      toName: nameOf(user),
      audience: "customer",
      userId: user.id,
      data: {
        name: user.firstName,
        partnerName: partner.name,
        role: input.role,
        token,
        days: INVITATION_DAYS,
      },
    });
    await recordAudit(tx, {
      actorId,
      action: "partner.member_invite",
      entityType: "partner",
      entityId: partnerId,
      details: { memberId, userId: user.id, email: user.email, role: input.role, newAccount: !existing },
    });
    const [row] = await memberRows(tx, partnerId, memberId);
    return row;
  });
}

/** A partner's users, owners first; removed ones stay listed with the day they were removed */
export async function memberRows(
  tx: Tx | Db,
  partnerId: number,
  memberId?: number,
): Promise<PartnerMember[]> {
  const rows = await tx
    .select({ member: partnerMembers, user: users })
    .from(partnerMembers)
    .innerJoin(users, eq(users.id, partnerMembers.userId))
    .where(
      and(
        eq(partnerMembers.partnerId, partnerId),
        memberId === undefined ? undefined : eq(partnerMembers.id, memberId),
      ),
    )
    .orderBy(sql`${partnerMembers.removedAt} is not null`, partnerMembers.role, partnerMembers.id);
  return rows.map((r) => ({
    id: r.member.id,
    userId: r.user.id,
    name: nameOf(r.user),
    email: r.user.email,
    role: r.member.role,
    removedAt: r.member.removedAt?.toISOString() ?? null,
    createdAt: r.member.createdAt.toISOString(),
  }));
}

/**
 * An owner removes a user of their partner: the membership ends (the row stays, as their
 * registrations name them) and every session of the account ends with it. Another
 * partner's member is not found.
 */
export async function removeMember(db: Db, owner: Membership, memberId: number): Promise<PartnerMember> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(partnerMembers)
      .where(and(eq(partnerMembers.id, memberId), eq(partnerMembers.partnerId, owner.partnerId)))
      .for("update");
    if (!row) throw notFound("User not found");
    if (row.id === owner.memberId) {
      throw conflict("You cannot remove yourself. Please ask another owner of your organisation.");
    }
    if (row.removedAt) throw conflict("This user was already removed");
    await tx.update(partnerMembers).set({ removedAt: new Date() }).where(eq(partnerMembers.id, row.id));
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
    await recordAudit(tx, {
      actorId: owner.user.id,
      action: "partner.member_remove",
      entityType: "partner",
      entityId: owner.partnerId,
      details: { memberId: row.id, userId: row.userId, role: row.role },
    });
    const [member] = await memberRows(tx, owner.partnerId, row.id);
    return member;
  });
}

export async function partnerOverview(db: Db, m: Membership): Promise<PartnerOverview> {
  const partner = await partnerById(db, m.partnerId);
  const { month, start, end } = indiaMonth();
  const counts = await monthCounts(db, m.partnerId, start, end);
  return {
    partner,
    month: { month, quota: partner.monthlyQuota, ...counts },
    role: m.role,
  };
}

/** "Asha Raman Iyer" → Asha, Raman Iyer */
function splitName(full: string): { firstName: string; lastName: string } {
  const [first, ...rest] = full.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(" ") };
}

/**
 * A partner's user registers a finished project. Under a lock on the partner's row, so two
 * registrations at once cannot both take the month's last place: the month's count (India
 * time) is checked against the quota, and past it the registration is refused or, where the
 * contract says so, accepted and flagged for billing. The homeowner's account is found by
 * e-mail or made without a password; the policy is theirs, in the partner's name, active or
 * pending as the contract says. The homeowner pays nothing here (the partner is billed), so
 * no tax invoice is made for them. Their e-mail invitation is queued with the policy.
 */
export async function registerHandover(db: Db, m: Membership, input: Handover): Promise<PartnerPolicy> {
  const today = todayInIndia();
  if (input.installDate > today) {
    throw badRequest("The install date cannot be in the future", {
      installDate: "Enter the day the project was handed over",
    });
  }
  const id = await db.transaction(async (tx) => {
    const [partner] = await tx.select().from(partners).where(eq(partners.id, m.partnerId)).for("update");
    const [plan] = await tx.select().from(plans).where(eq(plans.id, input.planId));
    if (plan?.type !== "B2C" || !plan.duration) {
      throw badRequest("Please choose a homeowner plan", { planId: "Choose Essential, Premium or Elite" });
    }
    const endDate = policyEndDate(input.installDate, plan.duration);
    if (endDate < today) {
      throw badRequest("The cover of a project installed that long ago has already ended", {
        installDate: "Enter the day the project was handed over",
      });
    }
    const { start, end } = indiaMonth();
    const { registrations } = await monthCounts(tx, partner.id, start, end);
    const over = partner.monthlyQuota !== null && registrations >= partner.monthlyQuota;
    if (over && partner.overQuota === "refuse") throw conflict(OVER_QUOTA_MESSAGE(partner.monthlyQuota!));

    const [found] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${input.homeownerEmail}`)
      .for("update");
    if (found && found.role !== "customer") {
      throw conflict(NOT_A_HOMEOWNER, { homeownerEmail: NOT_A_HOMEOWNER });
    }
    const homeowner =
      found ??
      (
        await tx
          .insert(users)
          .values({
            ...splitName(input.homeownerName),
            username: await freeUsername(tx, input.homeownerEmail),
            email: input.homeownerEmail,
            passwordHash: NO_PASSWORD_YET,
            phone: input.homeownerPhone,
            address: input.propertyAddress,
            city: input.propertyCity,
            state: input.propertyState || null,
            pincode: input.propertyPincode,
            role: "customer",
          })
          .returning()
      )[0];

    const purchaseId = await nextPurchaseId(tx);
    const [created] = await tx
      .insert(purchases)
      .values({
        id: purchaseId,
        userId: homeowner.id,
        planId: plan.id,
        policyNumber: policyNumberFor(purchaseId, input.installDate),
        propertyAddress: input.propertyAddress,
        propertyCity: input.propertyCity,
        propertyState: input.propertyState ?? "",
        propertyPincode: input.propertyPincode,
        startDate: input.installDate,
        endDate,
        totalAmount: 0,
        status: partner.handoverStatus,
        partnerId: partner.id,
        installer: input.installer,
        registeredById: m.user.id,
        overQuota: over,
      })
      .returning();
    if (input.coveredItems?.length) {
      await tx.insert(policyItems).values(
        input.coveredItems.map((item) => ({
          purchaseId,
          room: item.room,
          itemType: item.itemType,
          brand: item.brand,
          installedOn: item.installedOn ?? input.installDate,
          createdById: m.user.id,
        })),
      );
    }
    await recordAudit(tx, {
      actorId: m.user.id,
      action: "partner.handover",
      entityType: "purchase",
      entityId: purchaseId,
      details: {
        partnerId: partner.id,
        policyNumber: created.policyNumber,
        planId: plan.id,
        userId: homeowner.id,
        newAccount: !found,
        overQuota: over,
      },
    });
    const token = homeowner.passwordHash === NO_PASSWORD_YET ? await invitationToken(tx, homeowner.id) : null;
    await queueEmail(tx, {
      template: "partner_handover",
      to: homeowner.email,
      toName: nameOf(homeowner),
      audience: "customer",
      userId: homeowner.id,
      data: {
        name: homeowner.firstName,
        partnerName: partner.name,
        purchaseId,
        policyNumber: created.policyNumber,
        planName: plan.name,
        city: created.propertyCity,
        startDate: created.startDate,
        endDate: created.endDate,
        pending: created.status === "pending",
        token,
        days: INVITATION_DAYS,
      },
    });
    return purchaseId;
  });
  return getPartnerPolicy(db, m.partnerId, id);
}
