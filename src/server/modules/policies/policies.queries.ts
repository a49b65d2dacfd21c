import { and, eq, type SQL, sql } from "drizzle-orm";
import { todayInIndia } from "../../../shared/dates.ts";
import type { POLICY_SORTS } from "../../../shared/endpoints/policies.ts";
import type { AdminPolicyListItem, PolicyListItem } from "../../../shared/schemas/policy.ts";
import { POLICY_STATUSES, type PolicyStatus } from "../../../shared/schemas/policy.ts";
import type { Db } from "../../db/client.ts";
import { plans, purchases, users } from "../../db/schema.ts";
import {
  type CursorCodec,
  enumKey,
  keysBySort,
  keysetList,
  keysetPage,
  type ListQuery,
  onPage,
  type Page,
  selectOnPage,
  timestampKey,
} from "../../lib/keyset.ts";
import {
  type CreatedOnDays,
  containsPattern,
  onIndiaDays,
  updatedFromCreatedFrom,
} from "../../lib/list-filters.ts";
import { usersMatching } from "../users/customer-search.ts";
import { contactColumns } from "../users/public-user.ts";
import { toPolicy } from "./policies.service.ts";

/**
 * The staff policy lists, a page at a time: every policy (GET /api/admin/purchases) and
 * one customer's policies on their staff page, in the shapes the unpaged lists answered.
 */

type PolicySort = (typeof POLICY_SORTS)[number];

interface PolicyListFilters extends CreatedOnDays {
  /** as shown: an active policy past its end date counts as expired */
  status?: PolicyStatus[];
  planId?: number;
  /** the property's city */
  city?: string;
  customerId?: number;
}

export type PolicyListQuery = ListQuery<PolicySort, PolicyListFilters>;

const policyKeys = keysBySort<PolicySort>(purchases.id, {
  created: timestampKey(purchases.createdAt),
  updated: timestampKey(purchases.updatedAt),
  // the stored status: a policy past its end date sorts with the active ones
  status: enumKey(purchases.status, "purchase_status", POLICY_STATUSES),
});

function statusIs(status: PolicyStatus, today: string): SQL {
  if (status === "expired") {
    return sql`(${purchases.status} = 'expired' or (${purchases.status} = 'active' and ${purchases.endDate} < ${today}))`;
  }
  if (status === "active") return sql`(${purchases.status} = 'active' and ${purchases.endDate} >= ${today})`;
  return sql`${purchases.status} = ${status}`;
}

/** Search: policy number, or the holder's name, e-mail or phone */
function policySearch(q: string): SQL {
  return sql`${purchases.id} = any(array(
    select p.id from purchases p where p.policy_number ilike ${containsPattern(q)}
    union
    select p.id from purchases p where p.user_id = any(array(${usersMatching(q)}))))`;
}

function policyConditions(f: PolicyListFilters, q: string | undefined, sort: PolicySort) {
  const where: (SQL | undefined)[] = [];
  if (f.customerId !== undefined) where.push(eq(purchases.userId, f.customerId));
  if (f.status?.length) {
    const today = todayInIndia();
    where.push(
      sql`(${sql.join(
        f.status.map((s) => statusIs(s, today)),
        sql` or `,
      )})`,
    );
  }
  if (f.planId !== undefined) where.push(eq(purchases.planId, f.planId));
  if (f.city !== undefined) where.push(eq(purchases.propertyCity, f.city));
  where.push(onIndiaDays(purchases.createdAt, f.createdFrom, f.createdTo));
  if (sort === "updated") where.push(updatedFromCreatedFrom(purchases.updatedAt, f.createdFrom));
  if (q) where.push(policySearch(q));
  return where.length ? and(...where) : undefined;
}

/** GET /api/admin/purchases, a page at a time: `{purchase, planName, customer}` rows */
export const listStaffPoliciesPage = keysetList({
  list: "staff-policies",
  table: purchases,
  where: policyConditions,
  keys: policyKeys,
  fetch: (db, read) =>
    selectOnPage(db, purchases, read, {
      purchase: purchases,
      planName: plans.name,
      customer: contactColumns(users),
    })
      .innerJoin(plans, eq(plans.id, purchases.planId))
      // a left join: a home a partner registered has no customer until its homeowner accepts it,
      // and it is listed (and counted) all the same
      .leftJoin(users, eq(users.id, purchases.userId))
      .orderBy(...read.orderBy),
  map: (r): AdminPolicyListItem => ({
    purchase: toPolicy(r.purchase),
    planName: r.planName,
    customer: r.customer,
    awaitingHomeowner:
      r.purchase.userId === null
        ? { name: r.purchase.homeownerName, email: r.purchase.homeownerEmail }
        : null,
  }),
});

/** One customer's policies on their staff page, in the shape of the customer's own list */
export async function listCustomerPoliciesPage(
  db: Db,
  codec: CursorCodec,
  customerId: number,
  query: PolicyListQuery,
): Promise<Page<PolicyListItem>> {
  const scoped = { ...query, filters: { ...query.filters, customerId } };
  return keysetPage(db, codec, "customer-policies", scoped, {
    table: purchases,
    where: policyConditions(scoped.filters, query.q, query.sort),
    keys: policyKeys(query.sort),
    fetch: (read) =>
      onPage(
        db
          .select({ purchase: purchases, planName: plans.name, k: read.key })
          .from(purchases)
          .innerJoin(plans, eq(plans.id, purchases.planId))
          .$dynamic(),
        read,
      ),
    map: (r) => ({ purchase: toPolicy(r.purchase), planName: r.planName }),
  });
}
