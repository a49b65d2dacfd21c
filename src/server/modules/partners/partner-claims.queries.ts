import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
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
import { policyItems, purchases, tickets, users } from "../../db/schema.ts";
import {
  type CursorCodec,
  containsPattern,
  idKey,
  type KeyColumn,
  keysetPage,
  type ListQuery,
  type Page,
  pageOfIds,
  readKey,
  recordId,
  timestampKey,
} from "../../lib/keyset.ts";
import { rowsOf } from "../jobs/queue.ts";
import { slaState } from "../sla/sla.service.ts";
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

const claimKeys = (): KeyColumn[] => [timestampKey(tickets.createdAt), idKey(tickets.id)];

/** GET /api/partner/claims: the claims on the partner's homes, newest first, a page at a time */
export async function listPartnerClaimsPage(
  db: Db,
  codec: CursorCodec,
  partnerId: number,
  query: ListQuery<PartnerClaimSort, PartnerClaimFilters>,
): Promise<Page<PartnerClaim>> {
  const keys = claimKeys();
  const status = query.filters.status;
  const where = and(
    sql`${tickets.purchaseId} in ${partnerPolicyIds(partnerId)}`,
    status?.length ? inArray(tickets.status, status) : undefined,
    query.q ? claimSearch(partnerId, query.q) : undefined,
  );
  return keysetPage({
    db,
    codec,
    table: tickets,
    where,
    // one partner's cursor is no use on another's list
    list: `partner-claims:${partnerId}`,
    query,
    keys,
    fetch: (after, orderBy, limit) =>
      db
        .select({
          ticket: tickets,
          policyNumber: purchases.policyNumber,
          firstName: users.firstName,
          room: policyItems.room,
          brand: policyItems.brand,
          // the latest resolution's rating: a reopened claim is rated again
          rating: sql<number | null>`(select r.score from ticket_ratings r
            where r.ticket_id = ${tickets.id} order by r.resolution desc limit 1)`,
          k: readKey(keys),
        })
        .from(pageOfIds(db, tickets, tickets.id, and(where, after), orderBy, limit))
        .innerJoin(tickets, eq(tickets.id, sql`page.id`))
        .innerJoin(purchases, eq(purchases.id, tickets.purchaseId))
        .innerJoin(users, eq(users.id, purchases.userId))
        .leftJoin(policyItems, eq(policyItems.id, tickets.policyItemId))
        .orderBy(...orderBy),
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

interface GroupRow {
  key: string;
  claims: number;
  homes: number;
}

/**
 * GET /api/partner/scorecard. One statement: the partner's homes and the claims raised on
 * them since the first of the month eleven months back (India time), then each grouping as
 * claims beside the homes the group applies to. Keys are compared as written, except
 * brands, which people type in any case ("Hettich", "hettich "): those are grouped
 * trimmed and in lower case, and shown as one of their spellings. An empty key ('') is one
 * that was not recorded.
 */
export async function partnerScorecard(db: Db, partnerId: number): Promise<PartnerScorecard> {
  const { month } = indiaMonth();
  const from = monthsBefore(month, SCORECARD_MONTHS - 1);
  const fromInstant = new Date(`${from}T00:00:00+05:30`).toISOString();
  const top = (name: string) =>
    sql.raw(`(select coalesce(json_agg(g order by g.claims desc, g.homes desc, g.key), '[]'::json)
      from (select * from ${name} order by claims desc, homes desc, key limit ${SCORECARD_GROUPS}) g)`);
  const [row] = await rowsOf<{
    claims: number;
    homes: number;
    by_item: GroupRow[];
    by_installer: GroupRow[];
    by_brand: GroupRow[];
    by_month: GroupRow[];
  }>(
    db.execute(sql`with home as materialized (
        select p.id, coalesce(p.installer, '') as installer, p.start_date, p.end_date
        from purchases p where p.partner_id = ${partnerId}
      ), claim as materialized (
        select t.id, t.created_at, coalesce(t.covered_item, '') as covered_item, t.policy_item_id, h.installer
        from tickets t join home h on h.id = t.purchase_id
        where t.created_at >= ${fromInstant}::timestamptz
      ), item as materialized (
        select i.id, i.purchase_id, i.item_type, lower(trim(coalesce(i.brand, ''))) as brand_key, i.brand
        from policy_items i join home h on h.id = i.purchase_id
      ), by_item as (
        select coalesce(c.key, i.key) as key, coalesce(c.n, 0) as claims, coalesce(i.n, 0) as homes
        from (select covered_item as key, count(*)::int as n from claim group by 1) c
        full join (select item_type as key, count(distinct purchase_id)::int as n from item group by 1) i
          on i.key = c.key
      ), by_installer as (
        select coalesce(c.key, h.key) as key, coalesce(c.n, 0) as claims, coalesce(h.n, 0) as homes
        from (select installer as key, count(*)::int as n from claim group by 1) c
        full join (select installer as key, count(*)::int as n from home group by 1) h on h.key = c.key
      ), brand_homes as (
        select brand_key, max(coalesce(brand, '')) as name, count(distinct purchase_id)::int as n
        from item group by 1
      ), brand_claims as (
        select coalesce(i.brand_key, '') as brand_key, count(*)::int as n
        from claim c left join item i on i.id = c.policy_item_id group by 1
      ), by_brand as (
        select coalesce(h.name, c.brand_key) as key, coalesce(c.n, 0) as claims, coalesce(h.n, 0) as homes
        from brand_claims c full join brand_homes h on h.brand_key = c.brand_key
      ), months as (
        select m::date as first, (m + interval '1 month')::date as next
        from generate_series(${from}::date, ${`${month}-01`}::date, interval '1 month') m
      ), by_month as (
        select to_char(m.first, 'YYYY-MM') as key,
          (select count(*)::int from claim c
            where c.created_at >= (m.first::timestamp at time zone 'Asia/Kolkata')
              and c.created_at < (m.next::timestamp at time zone 'Asia/Kolkata')) as claims,
          (select count(*)::int from home h where h.start_date < m.next and h.end_date >= m.first) as homes
        from months m
      )
      select (select count(*)::int from claim) as claims,
        (select count(*)::int from home) as homes,
        ${top("by_item")} as by_item,
        ${top("by_installer")} as by_installer,
        ${top("by_brand")} as by_brand,
        (select json_agg(b order by b.key) from by_month b) as by_month`),
  );
  const groups = (rows: GroupRow[]): ScoreGroup[] =>
    rows.map((g) => ({ key: g.key === "" ? null : g.key, claims: Number(g.claims), homes: Number(g.homes) }));
  return {
    from,
    claims: Number(row.claims),
    homes: Number(row.homes),
    byCoveredItem: groups(row.by_item),
    byInstaller: groups(row.by_installer),
    byBrand: groups(row.by_brand),
    byMonth: row.by_month.map((g) => ({ key: g.key, claims: Number(g.claims), homes: Number(g.homes) })),
  };
}
