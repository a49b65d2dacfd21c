import { and, eq, sql } from "drizzle-orm";
import type { AdminCustomer } from "../../../shared/schemas/auth.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { notFound } from "../../errors.ts";
import { toPublicUser } from "./public-user.ts";

/** A customer with how many policies they hold and how many tickets await staff; 404 for anyone else. */
export async function getCustomer(db: Db, id: number): Promise<AdminCustomer> {
  // each count reads this customer's rows only, through its foreign-key index
  const [row] = await db
    .select({
      user: users,
      policyCount: sql<number>`(select count(*)::int from purchases p where p.user_id = ${id})`,
      openTicketCount: sql<number>`(select count(*)::int from tickets t
        where t.user_id = ${id} and t.status in ('open', 'in_progress'))`,
    })
    .from(users)
    .where(and(eq(users.role, "customer"), eq(users.id, id)));
  if (!row) throw notFound("Customer not found");
  return {
    ...toPublicUser(row.user),
    policyCount: Number(row.policyCount),
    openTicketCount: Number(row.openTicketCount),
  };
}
