import { type SQL, sql } from "drizzle-orm";
import { containsPattern, phoneDigits } from "../../lib/keyset.ts";

/**
 * `select u.id from users u where ...`: the people whose name, e-mail or phone contains the
 * search text. Each test is written exactly as its trigram index is (migration 0002), so
 * PostgreSQL answers it from the index; a phone is compared by its digits only.
 */
export function usersMatching(q: string): SQL {
  const like = containsPattern(q);
  const digits = phoneDigits(q);
  const byPhone = digits
    ? sql` or regexp_replace(coalesce(u.phone, ''), '[^0-9]', '', 'g') like ${containsPattern(digits)}`
    : sql``;
  return sql`select u.id from users u
    where (u.first_name || ' ' || u.last_name) ilike ${like} or u.email ilike ${like}${byPhone}`;
}
