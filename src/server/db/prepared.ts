import type { Db } from "./client.ts";

/**
 * A hot read built once per database instead of on every call.
 *
 * Drizzle turns a query builder into SQL on every execution, and for a three-table join
 * that costs more CPU than running the query (measured: about 0.4 ms per call, against
 * 0.09 ms for the prepared form on PostgreSQL). A prepared query is built once, takes its
 * values through `sql.placeholder(...)`, and on PostgreSQL its name also makes it a
 * server-side prepared statement, parsed and planned once per connection. Names must be
 * unique across the app: one name with two different SQL texts fails on PostgreSQL.
 */
export function preparedQuery<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const perDatabase = new WeakMap<Db, Q>();
  return (db) => {
    let query = perDatabase.get(db);
    if (!query) {
      query = build(db);
      perDatabase.set(db, query);
    }
    return query;
  };
}
