import { and, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { indiaInstant, todayInIndia } from "../../../shared/dates.ts";
import type { PARTNER_POLICY_SORTS, PARTNER_SORTS } from "../../../shared/endpoints/partners.ts";
import type { AdminPartner, Partner, PartnerPolicy } from "../../../shared/schemas/partner.ts";
import type { Db, Tx } from "../../db/client.ts";
import { partners, plans, purchases, users } from "../../db/schema.ts";
import { notFound } from "../../errors.ts";
import {
  type CursorCodec,
  type KeyValue,
  keysBySort,
  keysetList,
  keysetPage,
  type ListQuery,
  onPage,
  type Page,
  readKey,
  textKey,
  timestampKey,
} from "../../lib/keyset.ts";
import { containsPattern } from "../../lib/list-filters.ts";
import { effectiveStatus } from "../policies/policies.service.ts";
import { homeSoldAt } from "../transfers/home-sold.ts";
import { partnerBrand } from "./partner-brand.ts";

export const PARTNER_NOT_FOUND = "Partner not found";

/**
 * This calendar month in India: the quota counts registrations from the 1st, 00:00 India
 * time, to the next 1st.
 */
export function indiaMonth(now = new Date()): { month: string; start: Date; end: Date } {
  return monthBounds(todayInIndia(now).slice(0, 7));
}

/** A calendar month ("YYYY-MM") in India: from its 1st, 00:00 India time, to the next month's */
export function monthBounds(month: string): { month: string; start: Date; end: Date } {
  const [y, m] = month.split("-").map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
  return {
    month,
    start: indiaInstant(`${month}-01`),
    end: indiaInstant(`${next}-01`),
  };
}

type PartnerRow = typeof partners.$inferSelect;

function toPartner(row: PartnerRow, planName: string): Partner {
  return {
    id: row.id,
    name: row.name,
    gstin: row.gstin,
    address: row.address,
    brandColour: row.brandColour,
    hasLogo: row.logoStorageKey !== null,
    logoUrl: partnerBrand(row).logoUrl,
    planId: row.planId,
    planName,
    monthlyQuota: row.monthlyQuota,
    contractStart: row.contractStart,
    overQuota: row.overQuota,
    handoverStatus: row.handoverStatus === "pending" ? "pending" : "active",
    agreedPricePaise: row.agreedPricePaise,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One partner with its plan's name; `lock` holds its row for the caller's transaction */
export async function partnerById(tx: Tx | Db, id: number, lock = false): Promise<Partner> {
  const query = tx
    .select({ partner: partners, planName: plans.name })
    .from(partners)
    .innerJoin(plans, eq(plans.id, partners.planId))
    .where(eq(partners.id, id));
  const [row] = lock ? await query.for("update", { of: partners }) : await query;
  if (!row) throw notFound(PARTNER_NOT_FOUND);
  return toPartner(row.partner, row.planName);
}

/** registrations made from `start` (included) to `end` (excluded) */
export const inRange = (start: Date, end: Date) =>
  sql`${purchases.createdAt} >= ${start.toISOString()}::timestamptz and ${purchases.createdAt} < ${end.toISOString()}::timestamptz`;

/** A partner's registrations between two instants, and how many of them were past its quota */
export async function monthCounts(
  tx: Tx | Db,
  partnerId: number,
  start: Date,
  end: Date,
): Promise<{ registrations: number; overQuota: number }> {
  const [row] = await tx
    .select({
      registrations: sql<number>`count(*)::int`,
      overQuota: sql<number>`(count(*) filter (where ${purchases.overQuota}))::int`,
    })
    .from(purchases)
    .where(and(eq(purchases.partnerId, partnerId), inRange(start, end)));
  return { registrations: Number(row.registrations), overQuota: Number(row.overQuota) };
}

type PartnerSort = (typeof PARTNER_SORTS)[number];

const partnerKeys = keysBySort<PartnerSort>(partners.id, {
  created: timestampKey(partners.createdAt),
  name: textKey(partners.name),
});

/** Partners with their plan, active users and this month's registrations, as staff see them */
function selectAdmin(db: Db, key: SQL<KeyValue[]>) {
  const { start, end } = indiaMonth();
  const range = sql`p.created_at >= ${start.toISOString()}::timestamptz and p.created_at < ${end.toISOString()}::timestamptz`;
  return db
    .select({
      partner: partners,
      planName: plans.name,
      memberCount: sql<number>`(select count(*)::int from partner_members m where m.partner_id = ${partners.id} and m.removed_at is null)`,
      registrations: sql<number>`(select count(*)::int from purchases p where p.partner_id = ${partners.id} and ${range})`,
      overQuotaCount: sql<number>`(select count(*)::int from purchases p where p.partner_id = ${partners.id} and p.over_quota and ${range})`,
      k: key,
    })
    .from(partners)
    .innerJoin(plans, eq(plans.id, partners.planId));
}

type AdminRow = Awaited<ReturnType<typeof selectAdmin>>[number];

function toAdminPartner(r: AdminRow): AdminPartner {
  const partner = toPartner(r.partner, r.planName);
  return {
    ...partner,
    memberCount: Number(r.memberCount),
    month: {
      month: indiaMonth().month,
      registrations: Number(r.registrations),
      quota: partner.monthlyQuota,
      overQuota: Number(r.overQuotaCount),
    },
  };
}

export async function getAdminPartner(db: Db, id: number): Promise<AdminPartner> {
  const [row] = await selectAdmin(db, readKey(partnerKeys("created"))).where(eq(partners.id, id));
  if (!row) throw notFound(PARTNER_NOT_FOUND);
  return toAdminPartner(row);
}

/** Staff's list of partners (GET /api/admin/partners), a page at a time; search by name */
export const listPartnersPage = keysetList({
  list: "staff-partners",
  table: partners,
  where: (_noFilters: Record<string, never>, q) =>
    q ? sql`${partners.name} ilike ${containsPattern(q)}` : undefined,
  keys: partnerKeys,
  fetch: (db, read) => onPage(selectAdmin(db, read.key).$dynamic(), read),
  map: toAdminPartner,
});

export type PartnerPolicySort = (typeof PARTNER_POLICY_SORTS)[number];

const registrar = alias(users, "registrar");

function selectPolicies(db: Db | Tx, key: SQL<KeyValue[]>) {
  return (
    db
      .select({
        purchase: purchases,
        planName: plans.name,
        registrarFirst: registrar.firstName,
        registrarLast: registrar.lastName,
        soldAt: homeSoldAt(purchases.id),
        k: key,
      })
      .from(purchases)
      // a sold home stays on the partner's list as it was registered: the homeowner the
      // partner typed, never whoever bought it
      .innerJoin(plans, eq(plans.id, purchases.planId))
      .leftJoin(registrar, eq(registrar.id, purchases.registeredById))
  );
}

type PolicyRow = Awaited<ReturnType<typeof selectPolicies>>[number];

function toPartnerPolicy(r: PolicyRow): PartnerPolicy {
  const p = r.purchase;
  return {
    id: p.id,
    policyNumber: p.policyNumber,
    status: effectiveStatus(p),
    planId: p.planId,
    planName: r.planName,
    // as the partner typed them: never the account's own details, nor whether there is one
    homeowner: { name: p.homeownerName ?? "", email: p.homeownerEmail ?? "" },
    soldOn: r.soldAt === null ? null : todayInIndia(r.soldAt),
    propertyAddress: p.propertyAddress,
    propertyCity: p.propertyCity,
    propertyPincode: p.propertyPincode,
    startDate: p.startDate,
    endDate: p.endDate,
    installer: p.installer,
    overQuota: p.overQuota,
    registeredBy: r.registrarFirst === null ? null : `${r.registrarFirst} ${r.registrarLast ?? ""}`.trim(),
    createdAt: p.createdAt.toISOString(),
  };
}

const policyKeys = keysBySort<PartnerPolicySort>(purchases.id, {
  created: timestampKey(purchases.createdAt),
});

/** One of the partner's policies; another partner's (or a direct sale) is not found */
export async function getPartnerPolicy(db: Db | Tx, partnerId: number, id: number): Promise<PartnerPolicy> {
  const [row] = await selectPolicies(db, readKey(policyKeys("created"))).where(
    and(eq(purchases.id, id), eq(purchases.partnerId, partnerId)),
  );
  if (!row) throw notFound("Policy not found");
  return toPartnerPolicy(row);
}

/**
 * Search: the policy number, or the homeowner's name or e-mail as the partner typed them
 * (never the account's own details, which the partner does not see): a buyer's name
 * never finds the home they bought.
 */
function policySearch(q: string): SQL {
  const pattern = containsPattern(q);
  return sql`(${purchases.policyNumber} ilike ${pattern} or ${purchases.homeownerName} ilike ${pattern} or ${purchases.homeownerEmail} ilike ${pattern})`;
}

/** The partner's policies (GET /api/partner/policies), newest registration first, a page at a time */
export async function listPartnerPoliciesPage(
  db: Db,
  codec: CursorCodec,
  partnerId: number,
  query: ListQuery<PartnerPolicySort, Record<string, never>>,
): Promise<Page<PartnerPolicy>> {
  // the partner is part of the list's name: one partner's cursor is no use on another's list
  return keysetPage(db, codec, `partner-policies:${partnerId}`, query, {
    table: purchases,
    where: and(eq(purchases.partnerId, partnerId), query.q ? policySearch(query.q) : undefined),
    keys: policyKeys(query.sort),
    fetch: (read) => onPage(selectPolicies(db, read.key).$dynamic(), read),
    map: toPartnerPolicy,
  });
}
