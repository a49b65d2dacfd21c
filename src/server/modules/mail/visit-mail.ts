import type { Tx } from "../../db/client.ts";
import type { LinkRef } from "./email-links.ts";
import { mailTicketCustomer, person } from "./notifications.ts";
import { queueEmails, STAFF_ADDRESS } from "./outbox.ts";

/**
 * A visit's e-mails to the customer, queued in the visit step's own transaction (as every
 * notification is, see notifications.ts): the proposal (or a new time) with its calendar
 * invitation and answer links, and the outcome.
 */
interface TicketFacts {
  id: number;
  userId: number;
  subject: string;
  assigneeId: number | null;
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

/**
 * The customer cannot take the time offered: the office hears, and so does the ticket's
 * assignee (the technician who visits), so that either can propose a new time.
 */
export async function notifyVisitChangeRequested(
  tx: Tx,
  ticket: TicketFacts,
  visit: { startsAt: Date; endsAt: Date; note: string },
) {
  const customer = await person(tx, ticket.userId);
  const assignee = ticket.assigneeId ? await person(tx, ticket.assigneeId) : undefined;
  const data = {
    ticketId: ticket.id,
    subject: ticket.subject,
    customer: customer?.name ?? "The customer",
    startsAt: visit.startsAt.toISOString(),
    endsAt: visit.endsAt.toISOString(),
    note: visit.note,
  };
  const to = [{ to: STAFF_ADDRESS }, ...(assignee ? [{ to: assignee.email, toName: assignee.name }] : [])];
  await queueEmails(
    tx,
    to.map((addressee) => ({
      mail: {
        template: "staff_visit_change_requested" as const,
        audience: "staff" as const,
        ...addressee,
        data,
      },
      ticketId: ticket.id,
    })),
  );
}
