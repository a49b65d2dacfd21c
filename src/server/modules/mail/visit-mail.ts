import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { queueEmail } from "./outbox.ts";

/**
 * A visit's e-mails to the customer, queued in the visit step's own transaction (as every
 * notification is, see notifications.ts): the proposal (or a new time) with its calendar
 * invitation and answer links, and the outcome.
 */
interface TicketFacts {
  id: number;
  userId: number;
  subject: string;
}

async function customerOf(tx: Tx, ticket: TicketFacts) {
  const [u] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, ticket.userId));
  return u ? { id: u.id, name: `${u.firstName} ${u.lastName}`.trim(), email: u.email } : undefined;
}

export async function notifyVisitProposed(
  tx: Tx,
  ticket: TicketFacts,
  visit: { startsAt: string; endsAt: string; changed: boolean; token: string; calendar: string },
) {
  const customer = await customerOf(tx, ticket);
  if (!customer) return;
  await queueEmail(
    tx,
    {
      template: "visit_proposed",
      to: customer.email,
      toName: customer.name,
      audience: "customer",
      userId: customer.id,
      data: { name: customer.name, ticketId: ticket.id, subject: ticket.subject, ...visit },
    },
    { ticketId: ticket.id },
  );
}

export async function notifyVisitOutcome(
  tx: Tx,
  ticket: TicketFacts,
  outcome: { outcome: string; notes: string; by: string },
) {
  const customer = await customerOf(tx, ticket);
  if (!customer) return;
  await queueEmail(
    tx,
    {
      template: "visit_outcome",
      to: customer.email,
      toName: customer.name,
      audience: "customer",
      userId: customer.id,
      data: { name: customer.name, ticketId: ticket.id, subject: ticket.subject, ...outcome },
    },
    { ticketId: ticket.id },
  );
}
