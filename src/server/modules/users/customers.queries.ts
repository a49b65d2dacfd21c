import { and, eq, type SQL, sql } from "drizzle-orm";
import type { CUSTOMER_SORTS } from "../../../shared/endpoints/customers.ts";
import type { AdminCustomer } from "../../../shared/schemas/auth.ts";
import { users } from "../../db/schema.ts";
import { keysBySort, keysetList, selectOnPage, textKey, timestampKey } from "../../lib/keyset.ts";
import { type CreatedOnDays, containsPattern, onIndiaDays } from "../../lib/list-filters.ts";
import { usersMatching } from "./customer-search.ts";
import { toPublicUser } from "./public-user.ts";

/** The staff customer list (GET /api/admin/customers), a page at a time, in its unpaged shape. */

type CustomerSort = (typeof CUSTOMER_SORTS)[number];

interface CustomerListFilters extends CreatedOnDays {
  city?: string;
}

const customerKeys = keysBySort<CustomerSort>(users.id, {
  name: [textKey(users.firstName), textKey(users.lastName)],
  created: timestampKey(users.createdAt),
  updated: timestampKey(users.updatedAt),
});

/** Search: name, e-mail or phone, or the number of a policy they hold */
function customerSearch(q: string): SQL {
  return sql`${users.id} = any(array(
    ${usersMatching(q)}
    union
    select p.user_id from purchases p where p.policy_number ilike ${containsPattern(q)}))`;
}

function customerConditions(f: CustomerListFilters, q: string | undefined) {
  const where: (SQL | undefined)[] = [eq(users.role, "customer")];
  if (f.city !== undefined) where.push(eq(users.city, f.city));
  where.push(onIndiaDays(users.createdAt, f.createdFrom, f.createdTo));
  if (q) where.push(customerSearch(q));
  return and(...where);
}

export const listStaffCustomersPage = keysetList({
  list: "staff-customers",
  table: users,
  where: customerConditions,
  keys: customerKeys,
  // the two counts are read for the page's rows only, each from its foreign-key index
  fetch: (db, read) =>
    selectOnPage(db, users, read, {
      user: users,
      policyCount: sql<number>`(select count(*)::int from purchases p where p.user_id = ${users.id})`,
      openTicketCount: sql<number>`(select count(*)::int from tickets t
            where t.user_id = ${users.id} and t.status in ('open', 'in_progress'))`,
    }).orderBy(...read.orderBy),
  map: (r): AdminCustomer => ({
    ...toPublicUser(r.user),
    policyCount: Number(r.policyCount),
    openTicketCount: Number(r.openTicketCount),
  }),
});
