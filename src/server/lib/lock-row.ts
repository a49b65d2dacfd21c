import { and, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../db/client.ts";
import { notFound } from "../errors.ts";

/**
 * The row with this id, locked (SELECT ... FOR UPDATE) until the transaction ends, so a
 * command decides from what it reads and a second one at the same time waits for it; a 404
 * with `missing` when there is no such row. `within` narrows it to its owner (the item of
 * this policy, the visit of this ticket): another owner's row is not found either.
 */
export async function lockRow<T extends PgTable & { id: PgColumn }>(
  tx: Tx,
  table: T,
  id: number,
  missing: string,
  within?: SQL,
): Promise<T["$inferSelect"]> {
  // drizzle cannot type a select from a table it only knows as generic: the row's type is
  // the table's own, said once here
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(within ? and(eq(table.id, id), within) : eq(table.id, id))
    .for("update");
  if (!row) throw notFound(missing);
  return row as T["$inferSelect"];
}
