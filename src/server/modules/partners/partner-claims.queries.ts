import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { INDIA_TIME_ZONE, indiaInstant } from "../../../shared/dates.ts";
import type { PARTNER_CLAIM_SORTS } from "../../../shared/endpoints/partners.ts";
import {
  type PartnerClaim,
  type PartnerScorecard,
  SCORECARD_GROUPS,
  SCORECARD_MONTHS,
  type ScoreGroup,
} from "../../../shared/schemas/partner.ts";
import type { TicketStatus } from "../../../shared/schemas/ticket.ts";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { policyItems, purchases, tickets, users } from "../../db/schema.ts";
import {
  type CursorCodec,
  keysBySort,
  keysetPage,
  type ListQuery,
  type Page,
  selectOnPage,
  timestampKey,
} from "../../lib/keyset.ts";
import { containsPattern, recordId } from "../../lib/list-filters.ts";
import { slaState } from "../sla/sla.service.ts";
import { firstHolder, homeSoldAt } from "../transfers/home-sold.ts";
import { indiaMonth } from "./partners.queries.ts";

/**
 * What a partner reads of the claims on the homes it registered: the list, and the
 * root-cause scorecard. Every statement starts from the partner's own policies, so another
 * partner's claims are never in reach.
 */

export type PartnerClaimSort = (typeof PARTNER_CLAIM_SORTS)[number];
export interface PartnerClaimFilters {
  status?: TicketStatus[];
}

/** the partner's policies, for `purchase_id in (...)` */
const partnerPolicyIds = (partnerId: number, extra?: SQL) =>
  sql`(select p.id from purchases p where p.partner_id = ${partnerId}${extra ? sql` and ${extra}` : sql``})`;

/** Search: a ticket number ("123" or "#123") or a part of a policy number */
function claimSearch(partnerId: number, q: string): SQL | undefined {
  const id = recordId(q);
  return or(
    id === null ? undefined : eq(tickets.id, id),
    sql`${tickets.purchaseId} in ${partnerPolicyIds(partnerId, sql`p.policy_number ilike ${containsPattern(q)}`)}`,
  );
}

const claimKeys = keysBySort<PartnerClaimSort>(tickets.id, { created: timestampKey(tickets.createdAt) });

/** GET /api/partner/claims: the claims on the partner's homes, newest first, a page at a time */
export async function listPartnerClaimsPage(
  db: Db,
  codec: CursorCodec,
  partnerId: number,
  query: ListQuery<PartnerClaimSort, PartnerClaimFilters>,
): Promise<Page<PartnerClaim>> {
  const status = query.filters.status;
  // one partner's cursor is no use on another's list
  return keysetPage(db, codec, `partner-claims:${partnerId}`, query, {
    table: tickets,
    where: and(
      sql`${tickets.purchaseId} in ${partnerPolicyIds(partnerId)}`,
      // once the home is sold its new owner's claims are none of the partner's business
      sql`${tickets.createdAt} < coalesce(${homeSoldAt(tickets.purchaseId)}, 'infinity'::timestamptz)`,
      status?.length ? inArray(tickets.status, status) : undefined,
      query.q ? claimSearch(partnerId, query.q) : undefined,
    ),
    keys: claimKeys(query.sort),
    fetch: (read) =>
      selectOnPage(db, tickets, read, {
        ticket: tickets,
        policyNumber: purchases.policyNumber,
        firstName: users.firstName,
        room: policyItems.room,
        brand: policyItems.brand,
        // the latest resolution's rating: a reopened claim is rated again
        rating: sql<number | null>`(select r.score from ticket_ratings r
            where r.ticket_id = ${tickets.id} order by r.resolution desc limit 1)`,
      })
        .innerJoin(purchases, eq(purchases.id, tickets.purchaseId))
        .innerJoin(users, eq(users.id, firstHolder(purchases.id, purchases.userId)))
        .leftJoin(policyItems, eq(policyItems.id, tickets.policyItemId))
        .orderBy(...read.orderBy),
    map: (r): PartnerClaim => ({
      id: r.ticket.id,
      policyId: r.ticket.purchaseId,
      policyNumber: r.policyNumber,
      homeownerFirstName: r.firstName,
      coveredItem: r.ticket.coveredItem,
      item: r.room === null ? null : { room: r.room, brand: r.brand },
      status: r.ticket.status,
      sla: slaState(r.ticket),
      rating: r.rating === null ? null : Number(r.rating),
      createdAt: r.ticket.createdAt.toISOString(),
    }),
  });
}

/** the first day of the month `back` months before `month` (YYYY-MM) */
function monthsBefore(month: string, back: number): string {
  const [y, m] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/** the first day of each of the `count` months up to `month`, and of the month after each */
function monthRanges(month: string, count: number): { key: string; first: string; next: string }[] {
  return Array.from({ length: count }, (_, i) => {
    const first = monthsBefore(month, count - 1 - i);
    return { key: first.slice(0, 7), first, next: monthsBefore(month, count - 2 - i) };
  });
}

/** [key, count] pairs, or for brands [key, a spelling of it, count] */
type Pairs = [string, number][];
type Named = [string, string, number][];

/** What the rates are counted against: the partner's homes by installer, item, brand and month */
interface Denominators {
  homes: number;
  byInstaller: Pairs;
  byItem: Pairs;
  byBrand: Named;
  byMonth: Pairs;
}

/**
 * The homes each group applies to change when a home is registered (or its policy items edited),
 * not when a claim is raised, and counting them reads every item of every home of the
 * partner: 60,000 rows at 20,000 homes, 100-150 ms on a busy machine, where the claims take
 * a few. So they are kept for a minute per partner and month, and dropped at once when
 * this process registers a home for the partner; the claims are counted on every call.
 */
const DENOMINATORS_TTL_MS = 60_000;
const DENOMINATORS_MAX = 1_000;
type Kept = Map<string, { expires: number; value: Promise<Denominators> }>;
/** per database: the test suite runs several apps, each on a database of its own, in one process */
const denominatorsByDb = new WeakMap<Db, Kept>();
const keptFor = (db: Db): Kept => {
  const found = denominatorsByDb.get(db);
  if (found) return found;
  const kept: Kept = new Map();
  denominatorsByDb.set(db, kept);
  return kept;
};

/** drops the partner's kept counts: its next scorecard counts its homes again */
export function forgetPartnerHomes(db: Db, partnerId: number) {
  const kept = keptFor(db);
  for (const key of kept.keys()) if (key.startsWith(`${partnerId}:`)) kept.delete(key);
}

/**
 * After a registration: the homes are counted again at once, without waiting for the
 * answer, so the dashboard the registering user is sent to finds them counted (or being
 * counted) instead of starting the count itself.
 */
export function recountPartnerHomes(db: Db, partnerId: number) {
  forgetPartnerHomes(db, partnerId);
  homeDenominators(db, partnerId, monthRanges(indiaMonth().month, SCORECARD_MONTHS)).catch(() => {});
}

function homeDenominators(db: Db, partnerId: number, months: ReturnType<typeof monthRanges>) {
  const kept = keptFor(db);
  const key = `${partnerId}:${months[0].key}`;
  const now = Date.now();
  const hit = kept.get(key);
  if (hit && hit.expires > now) return hit.value;
  if (kept.size >= DENOMINATORS_MAX) kept.delete(kept.keys().next().value!);
  const value = countHomes(db, partnerId, months);
  kept.set(key, { expires: now + DENOMINATORS_TTL_MS, value });
  // a failed count is not kept
  value.catch(() => {
    if (kept.get(key)?.value === value) kept.delete(key);
  });
  return value;
}

const monthValues = (months: ReturnType<typeof monthRanges>) =>
  sql.join(
    months.map((m) => sql`(${m.key}, ${m.first}::date, ${m.next}::date)`),
    sql`, `,
  );

/**
 * Brands are typed freely ("Hettich", "hettich "): grouped trimmed and in lower case, and
 * shown as one of their spellings. An empty key ('') is one that was not recorded. The
 * months are a VALUES list: with generate_series the planner guessed 1,000 months, and its
 * estimate of the whole statement switched on JIT compilation (540 ms of 725). A home is
 * counted once per item kind and brand by deduplicating (home, key) pairs by hashing;
 * `count(distinct ...)` sorted the 60,000 items of 20,000 homes twice, on disk (265 ms).
 */
async function countHomes(db: Db, partnerId: number, months: ReturnType<typeof monthRanges>) {
  const [row] = await rowsOf<Denominators>(
    db.execute(sql`with home as materialized (
        select p.id, coalesce(p.installer, '') as installer, p.start_date, p.end_date
        from purchases p where p.partner_id = ${partnerId}
      ), item as materialized (
        select i.purchase_id, i.item_type, i.brand
        from policy_items i join purchases p on p.id = i.purchase_id where p.partner_id = ${partnerId}
      ), months (key, first, next) as (values ${monthValues(months)})
      select (select count(*)::int from home) as "homes",
        (select coalesce(json_agg(json_build_array(key, n)), '[]') from
          (select installer as key, count(*)::int as n from home group by 1) x) as "byInstaller",
        (select coalesce(json_agg(json_build_array(key, n)), '[]') from
          (select key, count(*)::int as n from (select distinct item_type as key, purchase_id from item) d
            group by 1) x) as "byItem",
        (select coalesce(json_agg(json_build_array(key, name, n)), '[]') from
          (select key, max(name) as name, count(*)::int as n from
            (select lower(trim(coalesce(brand, ''))) as key, purchase_id, max(coalesce(brand, '')) as name
              from item group by 1, 2) d group by 1) x) as "byBrand",
        (select json_agg(json_build_array(m.key,
            (select count(*)::int from home h where h.start_date < m.next and h.end_date >= m.first))
          order by m.key) from months m) as "byMonth"`),
  );
  return row;
}

/** The claims raised on the partner's homes since `from`, by the same keys */
async function countClaims(db: Db, partnerId: number, from: string) {
  const [row] = await rowsOf<{
    claims: number;
    byInstaller: Pairs;
    byItem: Pairs;
    byBrand: Pairs;
    byMonth: Pairs;
  }>(
    db.execute(sql`with claim as materialized (
        select to_char(t.created_at at time zone ${INDIA_TIME_ZONE}, 'YYYY-MM') as month,
          coalesce(t.covered_item, '') as item, coalesce(p.installer, '') as installer,
          coalesce(lower(trim(i.brand)), '') as brand
        from tickets t join purchases p on p.id = t.purchase_id
        left join policy_items i on i.id = t.policy_item_id
        where p.partner_id = ${partnerId}
          and t.created_at >= ${indiaInstant(from).toISOString()}::timestamptz
      )
      select (select count(*)::int from claim) as "claims",
        ${sql.join(
          (["installer", "item", "brand", "month"] as const).map(
            (k) =>
              sql`(select coalesce(json_agg(json_build_array(k, n)), '[]') from
                (select ${sql.raw(k)} as k, count(*)::int as n from claim group by 1) x) as ${sql.raw(
                  `"by${k[0].toUpperCase()}${k.slice(1)}"`,
                )}`,
          ),
          sql`, `,
        )}`),
  );
  return row;
}

/** groups from the homes and the claims of each key, the most claims (then homes) first */
function merge(homes: Pairs | Named, claims: Pairs): ScoreGroup[] {
  const rows = new Map<string, { key: string | null; claims: number; homes: number }>();
  for (const h of homes) {
    const [key, n] = h.length === 3 ? [h[0], h[2]] : h;
    const name = h.length === 3 ? h[1] : h[0];
    rows.set(key, { key: key === "" ? null : name, claims: 0, homes: Number(n) });
  }
  for (const [key, n] of claims) {
    const row = rows.get(key) ?? { key: key === "" ? null : key, claims: 0, homes: 0 };
    row.claims = Number(n);
    rows.set(key, row);
  }
  return [...rows.values()]
    .sort((a, b) => b.claims - a.claims || b.homes - a.homes || (a.key ?? "").localeCompare(b.key ?? ""))
    .slice(0, SCORECARD_GROUPS);
}

/**
 * GET /api/partner/scorecard: the claims raised on the partner's homes since the first of
 * the month eleven months back (India time), by covered item, installer or team, brand and
 * month, each beside the homes it applies to (for a month: the homes under cover in it).
 */
export async function partnerScorecard(db: Db, partnerId: number): Promise<PartnerScorecard> {
  const months = monthRanges(indiaMonth().month, SCORECARD_MONTHS);
  const from = months[0].first;
  const [homes, claims] = await Promise.all([
    homeDenominators(db, partnerId, months),
    countClaims(db, partnerId, from),
  ]);
  const claimsByMonth = new Map(claims.byMonth);
  return {
    from,
    claims: Number(claims.claims),
    homes: Number(homes.homes),
    byCoveredItem: merge(homes.byItem, claims.byItem),
    byInstaller: merge(homes.byInstaller, claims.byInstaller),
    byBrand: merge(homes.byBrand, claims.byBrand),
    byMonth: homes.byMonth.map(([key, n]) => ({
      key,
      claims: Number(claimsByMonth.get(key) ?? 0),
      homes: Number(n),
    })),
  };
}
