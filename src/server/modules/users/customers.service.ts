import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { AdminCustomer } from "../../../shared/schemas/auth.ts";
import type { Db } from "../../db/client.ts";
import { purchases, tickets, users } from "../../db/schema.ts";
import { notFound } from "../../errors.ts";
import { toPublicUser } from "./public-user.ts";

/** Customers with how many policies they hold and how many tickets await staff. */
export async function listCustomers(db: Db, onlyId?: number): Promise<AdminCustomer[]> {
  const policyCounts = db
    .select({ userId: purchases.userId, n: sql<number>`count(*)::int`.as("policy_n") })
    .from(purchases)
    .groupBy(purchases.userId)
    .as("pc");
  const ticketCounts = db
    .select({ userId: tickets.userId, n: sql<number>`count(*)::int`.as("ticket_n") })
    .from(tickets)
    .where(inArray(tickets.status, ["open", "in_progress"]))
    .groupBy(tickets.userId)
    .as("tc");
  const rows = await db
    .select({ user: users, policyCount: policyCounts.n, openTicketCount: ticketCounts.n })
    .from(users)
    .leftJoin(policyCounts, eq(policyCounts.userId, users.id))
    .leftJoin(ticketCounts, eq(ticketCounts.userId, users.id))
    .where(and(eq(users.role, "customer"), onlyId ? eq(users.id, onlyId) : undefined))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((r) => ({
    ...toPublicUser(r.user),
    policyCount: r.policyCount ?? 0,
    openTicketCount: r.openTicketCount ?? 0,
  }));
}

export async function getCustomer(db: Db, id: number): Promise<AdminCustomer> {
  const [row] = await listCustomers(db, id);
  if (!row) throw notFound("Customer not found");
  return row;
}
