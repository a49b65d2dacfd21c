import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { policyEndDate, todayInIndia } from "../../../shared/dates.ts";
import { fullName } from "../../../shared/names.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import {
  ENTERPRISE_PLAN,
  type Handover,
  HandoverSchema,
  INSTALL_DATE_IN_FUTURE,
  OVER_QUOTA_MESSAGE,
  type PartnerCreate,
  type PartnerInvite,
  type PartnerMember,
  type PartnerOverview,
  type PartnerPolicy,
  PLAN_QUOTAS,
  UNUSABLE_HOMEOWNER_EMAIL,
} from "../../../shared/schemas/partner.ts";
import { IMPORT_OVER_QUOTA_MESSAGE } from "../../../shared/schemas/partner-import.ts";
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
import { badRequest, conflict } from "../../errors.ts";
import { lockRow } from "../../lib/lock-row.ts";
import { recordAudit, recordAudits } from "../audit/audit.service.ts";
import { NO_PASSWORD_YET } from "../auth/password.ts";
import type { LinkRef } from "../mail/email-links.ts";
import { queueEmail, queueEmails } from "../mail/outbox.ts";
import { nextPurchaseIds, policyNumberFor } from "../policies/policies.service.ts";
import type { Membership } from "./partner-access.ts";
import { recountPartnerHomes } from "./partner-claims.queries.ts";
import { getPartnerPolicy, indiaMonth, monthCounts, partnerById } from "./partners.queries.ts";

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
async function freeUsernames(tx: Tx, emails: string[]): Promise<string[]> {
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
async function invitationLinks(tx: Tx, userIds: number[]): Promise<LinkRef[]> {
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

/** What is wrong with an install date for a plan of `years`, or null: one rule for a handover and an import's rows */
export function installDateProblem(
  installDate: string,
  years: number,
  today = todayInIndia(),
): string | null {
  if (installDate > today) return INSTALL_DATE_IN_FUTURE;
  if (policyEndDate(installDate, years) < today) {
    return "The cover of a project installed that long ago has already ended";
  }
  return null;
}

/**
 * What is wrong with a handover beyond its schema, by field: the plan must be a homeowner
 * plan whose cover from the install date has not ended, and the address must not be a staff
 * or partner account's (refused in the words of a malformed address, so nothing says who has
 * an account). Every problem at once, so a partner corrects them in one go.
 */
export function handoverProblems(
  e: { planId?: number; installDate?: string },
  /** the plan `planId` names, undefined when there is none */
  plan: { type: string; duration: number | null } | undefined,
  accountRole: string | undefined,
  today = todayInIndia(),
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (accountRole && accountRole !== "customer") problems.homeownerEmail = UNUSABLE_HOMEOWNER_EMAIL;
  const years = plan?.type === "B2C" ? plan.duration : null;
  if (e.planId !== undefined && !years) {
    problems.planId = "Please choose a homeowner plan (Essential, Premium or Elite)";
  }
  const problem =
    e.installDate === undefined
      ? null
      : years
        ? installDateProblem(e.installDate, years, today)
        : e.installDate > today
          ? INSTALL_DATE_IN_FUTURE
          : null;
  if (problem) problems.installDate = problem;
  return problems;
}

/**
 * handoverProblems for a handover whose other fields failed their schema: read from the
 * fields that pass theirs (the plan, the install date, the address), so a partner is told
 * of a business plan or an ended cover beside a misspelt name. Nothing is locked or made.
 */
export async function handoverProblemsBesideSchema(db: Db, body: unknown): Promise<Record<string, string>> {
  const raw = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const valid = <T>(schema: z.ZodType<T>, value: unknown) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
  const { planId: planSchema, installDate: dateSchema, homeownerEmail: emailSchema } = HandoverSchema.shape;
  const planId = valid(planSchema, raw.planId);
  const installDate = valid(dateSchema, raw.installDate);
  const email = valid(emailSchema, raw.homeownerEmail);
  const [plan] = planId ? await db.select().from(plans).where(eq(plans.id, planId)) : [];
  const [account] = email
    ? await db.select({ role: users.role }).from(users).where(sql`lower(${users.email}) = ${email}`)
    : [];
  return handoverProblems({ planId, installDate }, plan, account?.role);
}

/** A handover to register; an import's rows carry the line of the file they came from, for its messages */
export type HandoverEntry = Handover & { row?: number };

export interface RegisteredHandovers {
  ids: number[];
  newAccounts: number;
  /** homeowners whose address has an account of its own: their homes wait for them to accept */
  awaiting: number;
  overQuota: number;
}

/**
 * A partner's user registers a finished project. Under a lock on the partner's row, so two
 * registrations at once cannot both take the month's last place: the month's count (India
 * time) is checked against the quota, and past it the registration is refused or, where the
 * contract says so, accepted and flagged for billing. The policy is in the partner's name,
 * active or pending as the contract says. The homeowner pays nothing here (the partner is
 * billed), so no tax invoice is made for them. Their e-mail is queued with the policy.
 *
 * Whose policy it is: an address with no account gets one without a password, and the policy
 * is in it (only whoever reads that inbox can set its password). An address that has an
 * account of its own does not get the policy at once: anyone can type someone else's address
 * on their profile or at sign-up, so the policy waits, with no holder, until the account's
 * owner has proved the address and accepts it (acceptHandover). The partner's answer is the
 * same either way, with the name and address it typed.
 */
export async function registerHandover(db: Db, m: Membership, input: Handover): Promise<PartnerPolicy> {
  const { ids } = await db.transaction((tx) => registerHandovers(tx, m, [input]));
  recountPartnerHomes(db, m.partnerId);
  return getPartnerPolicy(db, m.partnerId, ids[0]);
}

/**
 * Registers handovers in the caller's transaction: one (a handover from the form) or
 * thousands (an import's commit), by the same rules, decided under the partner's row lock.
 * Every step is a statement for all the handovers at once (in chunks of a thousand rows),
 * not one a handover: 10,000 rows take seconds, not minutes. The first rule a handover
 * breaks refuses them all, its message naming the import's row.
 */
export async function registerHandovers(
  tx: Tx,
  m: Membership,
  entries: HandoverEntry[],
  importId: number | null = null,
): Promise<RegisteredHandovers> {
  const today = todayInIndia();
  const [partner] = await tx.select().from(partners).where(eq(partners.id, m.partnerId)).for("update");
  const planIds = [...new Set(entries.map((e) => e.planId))];
  const planById = new Map(
    (await tx.select().from(plans).where(inArray(plans.id, planIds))).map((p) => [p.id, p]),
  );
  // the homeowners: found by e-mail (locked, so a concurrent change of role waits), or made below
  const emails = [...new Set(entries.map((e) => e.homeownerEmail))];
  const found = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`)
    .for("update");
  const byEmail = new Map(found.map((u) => [u.email.toLowerCase(), u]));
  for (const e of entries) {
    const problems = handoverProblems(e, planById.get(e.planId), byEmail.get(e.homeownerEmail)?.role, today);
    const first = Object.values(problems)[0];
    if (first) throw badRequest(e.row === undefined ? first : `Row ${e.row}: ${first}`, problems);
  }
  const endDates = entries.map((e) => policyEndDate(e.installDate, planById.get(e.planId)!.duration!));

  const { start, end } = indiaMonth();
  const { registrations } = await monthCounts(tx, partner.id, start, end);
  const past = pastQuota(partner.monthlyQuota, registrations, entries.length);
  if (past > 0 && partner.overQuota === "refuse") {
    throw conflict(
      entries.length === 1
        ? OVER_QUOTA_MESSAGE(partner.monthlyQuota!)
        : IMPORT_OVER_QUOTA_MESSAGE(partner.monthlyQuota!, registrations, entries.length),
    );
  }

  /**
   * the accounts a policy may go into at once: those made here, and those an earlier
   * registration made that still wait for their first password (nobody but the reader of
   * the inbox can ever sign in to them); any other account holds its own address and waits
   * to accept
   */
  const awaiting = new Set(found.filter((u) => u.passwordHash !== NO_PASSWORD_YET).map((u) => u.id));
  const foundIds = new Set(found.map((u) => u.id));
  // a homeowner named on several rows (several homes) gets one account, from their first row
  const firstRows = new Map<string, HandoverEntry>();
  for (const e of entries)
    if (!byEmail.has(e.homeownerEmail)) firstRows.set(e.homeownerEmail, firstRows.get(e.homeownerEmail) ?? e);
  const newOnes = [...firstRows.values()];
  const usernames = await freeUsernames(
    tx,
    newOnes.map((e) => e.homeownerEmail),
  );
  await inChunks(newOnes, async (part, offset) => {
    const made = await tx
      .insert(users)
      .values(
        part.map((input, i) => ({
          ...splitName(input.homeownerName),
          username: usernames[offset + i],
          email: input.homeownerEmail,
          passwordHash: NO_PASSWORD_YET,
          phone: input.homeownerPhone,
          address: input.propertyAddress,
          city: input.propertyCity,
          state: input.propertyState || null,
          pincode: input.propertyPincode,
          role: "customer" as const,
        })),
      )
      .returning();
    for (const u of made) byEmail.set(u.email.toLowerCase(), u);
  });

  const ids = await nextPurchaseIds(tx, entries.length);
  const homeowners = entries.map((e) => byEmail.get(e.homeownerEmail)!);
  const rows = entries.map((input, i) => ({
    id: ids[i],
    userId: awaiting.has(homeowners[i].id) ? null : homeowners[i].id,
    homeownerName: input.homeownerName,
    homeownerEmail: input.homeownerEmail,
    planId: input.planId,
    policyNumber: policyNumberFor(ids[i], input.installDate),
    propertyAddress: input.propertyAddress,
    propertyCity: input.propertyCity,
    propertyState: input.propertyState ?? "",
    propertyPincode: input.propertyPincode,
    startDate: input.installDate,
    endDate: endDates[i],
    totalAmount: 0,
    status: partner.handoverStatus,
    partnerId: partner.id,
    installer: input.installer,
    registeredById: m.user.id,
    overQuota: partner.monthlyQuota !== null && registrations + i >= partner.monthlyQuota,
    importId,
  }));
  await inChunks(rows, (part) => tx.insert(purchases).values(part));
  const items = entries.flatMap((input, i) =>
    (input.coveredItems ?? []).map((item) => ({
      purchaseId: ids[i],
      room: item.room,
      itemType: item.itemType,
      brand: item.brand,
      installedOn: item.installedOn ?? input.installDate,
      createdById: m.user.id,
    })),
  );
  await inChunks(items, (part) => tx.insert(policyItems).values(part));
  await inChunks(rows, (part, offset) =>
    recordAudits(
      tx,
      part.map((row, i) => ({
        actorId: m.user.id,
        action: "partner.handover",
        entityType: "purchase" as const,
        entityId: row.id,
        details: {
          partnerId: partner.id,
          policyNumber: row.policyNumber,
          planId: row.planId,
          userId: homeowners[offset + i].id,
          newAccount: !foundIds.has(homeowners[offset + i].id),
          awaitingHomeowner: row.userId === null,
          overQuota: row.overQuota,
          ...(importId === null ? {} : { importId }),
        },
      })),
    ),
  );

  // one e-mail a homeowner, naming every home of theirs in this registration (an import may
  // hold several), with a set-password link while they have no password yet: two e-mails
  // would each carry a link, and the second would still offer to set a password once the
  // first had been used
  const rowsOf = new Map<number, number[]>();
  for (const i of rows.keys()) {
    const theirs = rowsOf.get(homeowners[i].id);
    if (theirs) theirs.push(i);
    else rowsOf.set(homeowners[i].id, [i]);
  }
  /** each homeowner's rows, in file order: the first is the e-mail's main home */
  const byHomeowner = [...rowsOf.values()];
  const invited = byHomeowner.filter(([i]) => homeowners[i].passwordHash === NO_PASSWORD_YET).map(([i]) => i);
  const links = await invitationLinks(
    tx,
    invited.map((i) => homeowners[i].id),
  );
  const linkOf = new Map(invited.map((i, n) => [i, links[n]]));
  const planName = (row: (typeof rows)[number]) => planById.get(row.planId)!.name;
  await inChunks(byHomeowner, (part) =>
    queueEmails(
      tx,
      part.map(([i, ...more]) => {
        const row = rows[i];
        const homeowner = homeowners[i];
        const waits = row.userId === null;
        return {
          mail: {
            template: "partner_handover" as const,
            // the address the partner typed; to a waiting homeowner, by the name it typed
            to: entries[i].homeownerEmail,
            toName: waits ? entries[i].homeownerName : fullName(homeowner),
            audience: "customer" as const,
            userId: homeowner.id,
            data: {
              name: waits ? splitName(entries[i].homeownerName).firstName : homeowner.firstName,
              username: homeowner.username,
              awaiting: waits,
              partnerName: partner.name,
              purchaseId: row.id,
              policyNumber: row.policyNumber,
              planName: planName(row),
              city: row.propertyCity,
              startDate: row.startDate,
              endDate: row.endDate,
              pending: row.status === "pending",
              days: INVITATION_DAYS,
              ...(more.length === 0
                ? {}
                : {
                    otherPolicies: more.map((j) => ({
                      purchaseId: rows[j].id,
                      policyNumber: rows[j].policyNumber,
                      planName: planName(rows[j]),
                      city: rows[j].propertyCity,
                    })),
                  }),
            },
            ...(linkOf.has(i) ? { link: linkOf.get(i) } : {}),
          },
        };
      }),
    ),
  );
  return {
    ids,
    newAccounts: newOnes.length,
    awaiting: rows.filter((r) => r.userId === null).length,
    overQuota: rows.filter((r) => r.overQuota).length,
  };
}

/** how many of `adding` registrations fall past the month's quota, after `registered` */
export function pastQuota(quota: number | null, registered: number, adding: number): number {
  return quota === null ? 0 : Math.max(0, registered + adding - Math.max(quota, registered));
}
