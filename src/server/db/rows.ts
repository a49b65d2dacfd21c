/**
 * The rows of a raw statement (`db.execute(sql`…`)` or `tx.execute(…)`), on either driver.
 * PGlite and node-postgres both answer `{ rows }`, but Drizzle types the two answers apart,
 * so this is the one place that says so.
 */
export async function rowsOf<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}
