import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { fullName } from "../../../shared/names.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import {
  ENTERPRISE_PLAN,
  type PartnerCreate,
  type PartnerInvite,
  type PartnerMember,
  type PartnerOverview,
  PLAN_QUOTAS,
} from "../../../shared/schemas/partner.ts";
import type { Db, Tx } from "../../db/client.ts";
import { partnerMembers, partners, passwordResetTokens, plans, users } from "../../db/schema.ts";
import { badRequest, conflict } from "../../errors.ts";
import { lockRow } from "../../lib/lock-row.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { NO_PASSWORD_YET } from "../auth/password.ts";
import type { LinkRef } from "../mail/email-links.ts";
import { queueEmail } from "../mail/outbox.ts";
import { endEverySession } from "../users/remembered-users.ts";
import type { Membership } from "./partner-access.ts";
import { indiaMonth, monthCounts, partnerById } from "./partners.queries.ts";

/** how long an invitation's set-password link works */
export const INVITATION_DAYS = 7;

export const CANNOT_INVITE =
  "This e-mail address belongs to another account and cannot be invited. Please use another address.";

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

/** a username's start from an e-mail address: its local part, in the characters usernames allow */
function usernameBase(email: string): string {
  return (
    (email.split("@")[0] ?? "")
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, "")
      .slice(0, 40) || "user"
  );
}

/** which of `names` are taken by an account already (usernames are unique regardless of case) */
async function takenUsernames(tx: Tx, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await tx
    .select({ name: sql<string>`lower(${users.username})` })
    .from(users)
    .where(
      sql`lower(${users.username}) in (select jsonb_array_elements_text(${JSON.stringify(names)}::jsonb))`,
    );
  return new Set(rows.map((r) => r.name));
}

/**
 * Usernames for accounts made by an invitation, one per address: the address's local part,
 * or with a random suffix where that is taken or too short. Two queries however many
 * addresses: one for the plain names, one for the suffixed ones (redrawn in the rare case
 * that one of those is taken too).
 */
export async function freeUsernames(tx: Tx, emails: string[]): Promise<string[]> {
  const bases = emails.map(usernameBase);
  const taken = await takenUsernames(tx, [...new Set(bases)]);
  const out: string[] = [];
  const suffixed = new Set<number>();
  bases.forEach((base, i) => {
    if (base.length >= 3 && !taken.has(base)) {
      taken.add(base);
      out.push(base);
    } else {
      suffixed.add(i);
      out.push("");
    }
  });
  while (suffixed.size > 0) {
    for (const i of suffixed) out[i] = `${bases[i]}-${randomBytes(3).toString("hex")}`;
    const clash = await takenUsernames(
      tx,
      [...suffixed].map((i) => out[i]),
    );
    const seen = new Set<string>();
    for (const i of [...suffixed]) {
      if (!clash.has(out[i]) && !seen.has(out[i])) {
        seen.add(out[i]);
        suffixed.delete(i);
      }
    }
  }
  return out;
}

/**
 * Set-password links for accounts that have no password yet, in file order: each e-mail
 * names its link, whose token is made when the e-mail is sent (mail/email-links.ts)
 */
export async function invitationLinks(tx: Tx, userIds: number[]): Promise<LinkRef[]> {
  const links: LinkRef[] = [];
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  await inChunks(userIds, async (part) => {
    const rows = await tx
      .insert(passwordResetTokens)
      .values(part.map((userId) => ({ userId, expiresAt })))
      .returning({ id: passwordResetTokens.id });
    links.push(...rows.map((r) => ({ kind: "password" as const, id: r.id })));
  });
  return links;
}

/**
 * Runs `write` on `list` a thousand items at a time: a multi-row insert of thousands of
 * rows in one statement passes PostgreSQL's 65,535 parameters, and a statement a row costs
 * a round trip a row.
 */
export async function inChunks<T>(
  list: T[],
  write: (part: T[], offset: number) => Promise<unknown>,
  size = 1000,
): Promise<void> {
  for (let i = 0; i < list.length; i += size) await write(list.slice(i, i + size), i);
}

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
          username: (await freeUsernames(tx, [input.email]))[0],
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
    const link = user.passwordHash === NO_PASSWORD_YET ? (await invitationLinks(tx, [user.id]))[0] : null;
    await queueEmail(tx, {
      template: "partner_invitation",
      to: user.email,
      toName: fullName(user),
      audience: "customer",
      userId: user.id,
      data: {
        name: user.firstName,
        username: user.username,
        partnerName: partner.name,
        role: input.role,
        days: INVITATION_DAYS,
      },
      ...(link ? { link } : {}),
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
    name: fullName(r.user),
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
    const ofOwnersPartner = eq(partnerMembers.partnerId, owner.partnerId);
    const row = await lockRow(tx, partnerMembers, memberId, "User not found", ofOwnersPartner);
    if (row.id === owner.memberId) {
      throw conflict("You cannot remove yourself. Please ask another owner of your organisation.");
    }
    if (row.removedAt) throw conflict("This user was already removed");
    await tx.update(partnerMembers).set({ removedAt: new Date() }).where(eq(partnerMembers.id, row.id));
    await endEverySession(tx, row.userId);
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
export function splitName(full: string): { firstName: string; lastName: string } {
  const [first, ...rest] = full.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(" ") };
}
