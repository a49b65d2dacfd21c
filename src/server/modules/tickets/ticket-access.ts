import { eq } from "drizzle-orm";
import { type Actor, allows } from "../../../shared/access.ts";
import type { Db, Tx } from "../../db/client.ts";
import { tickets } from "../../db/schema.ts";
import { notFound } from "../../errors.ts";

/**
 * Who on the staff side may reach a ticket. The office staff (admin) reach every ticket; a
 * technician reaches only the tickets assigned to them, and any other ticket answers 404,
 * exactly as if it did not exist, so a technician learns nothing of other customers.
 * The route's access level ("staff") has already refused customers and guests.
 */
export const isTechnician = (actor: Pick<Actor, "role">) => actor.role === "technician";

export function canReachTicket(actor: Actor, ticket: { assigneeId: number | null }): boolean {
  if (allows(actor, "office")) return true;
  return isTechnician(actor) && ticket.assigneeId === actor.id;
}

/** 404 unless the caller may reach the ticket (read without a lock: for reads) */
export async function assertTicketReach(db: Db | Tx, actor: Actor, ticketId: number): Promise<void> {
  if (allows(actor, "office")) return;
  const [row] = await db
    .select({ assigneeId: tickets.assigneeId })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!row || !canReachTicket(actor, row)) throw notFound("Ticket not found");
}
