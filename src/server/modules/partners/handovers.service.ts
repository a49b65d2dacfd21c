import { eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { policyEndDate, todayInIndia } from "../../../shared/dates.ts";
import { fullName } from "../../../shared/names.ts";
import {
  type Handover,
  HandoverSchema,
  INSTALL_DATE_IN_FUTURE,
  OVER_QUOTA_MESSAGE,
  type PartnerPolicy,
  UNUSABLE_HOMEOWNER_EMAIL,
} from "../../../shared/schemas/partner.ts";
import { IMPORT_OVER_QUOTA_MESSAGE } from "../../../shared/schemas/partner-import.ts";
import type { Db, Tx } from "../../db/client.ts";
import { partners, plans, policyItems, purchases, users } from "../../db/schema.ts";
import { badRequest, conflict } from "../../errors.ts";
import { recordAudits } from "../audit/audit.service.ts";
import { NO_PASSWORD_YET } from "../auth/password.ts";
import { queueEmails } from "../mail/outbox.ts";
import { nextPurchaseIds, policyNumberFor } from "../policies/policies.service.ts";
import type { Membership } from "./partner-access.ts";
import { recountPartnerHomes } from "./partner-claims.queries.ts";
import { getPartnerPolicy, indiaMonth, monthCounts } from "./partners.queries.ts";

import { freeUsernames, INVITATION_DAYS, inChunks, invitationLinks, splitName } from "./partners.service.ts";

/**
 * What is wrong with an install date, or null: one rule for a handover and an import's rows.
 * A day to come is refused whatever the plan; with a plan of `years`, so is a cover that has
 * already ended (without one, the plan's own problem is told instead).
 */
export function installDateProblem(
  installDate: string,
  years: number | null,
  today = todayInIndia(),
): string | null {
  if (installDate > today) return INSTALL_DATE_IN_FUTURE;
  if (years && policyEndDate(installDate, years) < today) {
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
function handoverProblems(
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
  const problem = e.installDate === undefined ? null : installDateProblem(e.installDate, years, today);
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

type Partner = typeof partners.$inferSelect;
type Plan = typeof plans.$inferSelect;
type Account = typeof users.$inferSelect;

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
  const { partner, planById, found, byEmail } = await lockAndCheck(tx, m, entries);
  const registrations = await quotaCheck(tx, partner, entries.length);
  const newAccounts = await makeAccounts(tx, entries, byEmail);
  const homeowners = entries.map((e) => byEmail.get(e.homeownerEmail)!);
  const context = { m, partner, planById, found, registrations, importId };
  const rows = await insertPolicies(tx, context, entries, homeowners);
  await queueHandoverEmails(tx, context, entries, homeowners, rows);
  return {
    ids: rows.map((r) => r.id),
    newAccounts,
    awaiting: rows.filter((r) => r.userId === null).length,
    overQuota: rows.filter((r) => r.overQuota).length,
  };
}

/** what every step of one registration shares */
interface Registration {
  m: Membership;
  partner: Partner;
  planById: Map<number, Plan>;
  /** the homeowners' accounts that existed before this registration */
  found: Account[];
  /** the month's registrations before this one */
  registrations: number;
  importId: number | null;
}

/**
 * Locks the partner's row and the homeowners' accounts found by e-mail (so a concurrent
 * change of role waits), then checks every handover, refusing them all at the first problem.
 */
async function lockAndCheck(tx: Tx, m: Membership, entries: HandoverEntry[]) {
  const today = todayInIndia();
  const [partner] = await tx.select().from(partners).where(eq(partners.id, m.partnerId)).for("update");
  const planIds = [...new Set(entries.map((e) => e.planId))];
  const planById = new Map<number, Plan>(
    (await tx.select().from(plans).where(inArray(plans.id, planIds))).map((p) => [p.id, p]),
  );
  const emails = [...new Set(entries.map((e) => e.homeownerEmail))];
  const found = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`)
    .for("update");
  const byEmail = new Map<string, Account>(found.map((u) => [u.email.toLowerCase(), u]));
  for (const e of entries) {
    const problems = handoverProblems(e, planById.get(e.planId), byEmail.get(e.homeownerEmail)?.role, today);
    const first = Object.values(problems)[0];
    if (first) throw badRequest(e.row === undefined ? first : `Row ${e.row}: ${first}`, problems);
  }
  return { partner, planById, found, byEmail };
}

/** The month's registrations so far (India time); past the quota, refused unless the contract bills them */
async function quotaCheck(tx: Tx, partner: Partner, adding: number): Promise<number> {
  const { start, end } = indiaMonth();
  const { registrations } = await monthCounts(tx, partner.id, start, end);
  const past = pastQuota(partner.monthlyQuota, registrations, adding);
  if (past > 0 && partner.overQuota === "refuse") {
    throw conflict(
      adding === 1
        ? OVER_QUOTA_MESSAGE(partner.monthlyQuota!)
        : IMPORT_OVER_QUOTA_MESSAGE(partner.monthlyQuota!, registrations, adding),
    );
  }
  return registrations;
}

/**
 * Makes an account, without a password, for each homeowner whose address has none; a
 * homeowner named on several rows (several homes) gets one, from their first row. Adds them
 * to `byEmail` and answers how many were made.
 */
async function makeAccounts(
  tx: Tx,
  entries: HandoverEntry[],
  byEmail: Map<string, Account>,
): Promise<number> {
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
  return newOnes.length;
}

/** The policies in the partner's name, their covered items and their audit entries */
async function insertPolicies(tx: Tx, r: Registration, entries: HandoverEntry[], homeowners: Account[]) {
  const { m, partner, planById, found, registrations, importId } = r;
  /**
   * the accounts a policy may go into at once: those made here, and those an earlier
   * registration made that still wait for their first password (nobody but the reader of
   * the inbox can ever sign in to them); any other account holds its own address and waits
   * to accept
   */
  const awaiting = new Set(found.filter((u) => u.passwordHash !== NO_PASSWORD_YET).map((u) => u.id));
  const foundIds = new Set(found.map((u) => u.id));
  const ids = await nextPurchaseIds(tx, entries.length);
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
    endDate: policyEndDate(input.installDate, planById.get(input.planId)!.duration!),
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
  return rows;
}

type PolicyRow = Awaited<ReturnType<typeof insertPolicies>>[number];

/**
 * One e-mail a homeowner, naming every home of theirs in this registration (an import may
 * hold several), with a set-password link while they have no password yet: two e-mails
 * would each carry a link, and the second would still offer to set a password once the
 * first had been used.
 */
async function queueHandoverEmails(
  tx: Tx,
  { partner, planById }: Registration,
  entries: HandoverEntry[],
  homeowners: Account[],
  rows: PolicyRow[],
) {
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
}

/** how many of `adding` registrations fall past the month's quota, after `registered` */
export function pastQuota(quota: number | null, registered: number, adding: number): number {
  return quota === null ? 0 : Math.max(0, registered + adding - Math.max(quota, registered));
}
