import type { Tx } from "../../db/client.ts";
import type { LinkRef } from "./email-links.ts";
import { mailTicketCustomer, person } from "./notifications.ts";

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

export async function notifyVisitProposed(
  tx: Tx,
  ticket: TicketFacts,
  visit: { startsAt: string; endsAt: string; changed: boolean; link: LinkRef; calendar: string },
) {
  const customer = await person(tx, ticket.userId);
  if (!customer) return;
  const { link, ...facts } = visit;
  await mailTicketCustomer(tx, customer, ticket, "visit_proposed", facts, link);
}

export async function notifyVisitOutcome(
  tx: Tx,
  ticket: TicketFacts,
  outcome: { outcome: string; notes: string; by: string },
) {
  const customer = await person(tx, ticket.userId);
  if (!customer) return;
  await mailTicketCustomer(tx, customer, ticket, "visit_outcome", outcome);
}
