import { and, asc, eq, inArray } from "drizzle-orm";
import type { Actor } from "../../../shared/access.ts";
import { fullName, joinedName } from "../../../shared/names.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import {
  formatVisitSlot,
  VISIT_OUTCOME_LABELS,
  type Visit,
  type VisitOutcomeInput,
  type VisitSlot,
  visitSlotInstants,
} from "../../../shared/schemas/visit.ts";
import { COMPANY } from "../../../web/lib/company.ts";
import { type Db, type Tx, writtenNow } from "../../db/client.ts";
import { purchases, tickets, ticketVisitEvents, ticketVisits, users } from "../../db/schema.ts";
import { conflict, notFound } from "../../errors.ts";
import { lockRow } from "../../lib/lock-row.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { notifyVisitChangeRequested, notifyVisitOutcome, notifyVisitProposed } from "../mail/visit-mail.ts";
import { canReachTicket } from "../tickets/ticket-access.ts";
import { insertMessage, lockTicket } from "../tickets/tickets.service.ts";
import { assertNoClash, assertNotHoliday, isOverlapRefused } from "./technician-calendar.ts";
import { visitInvitation } from "./visit-calendar.ts";

/**
 * Technician visits. Every step runs in one transaction that locks the visit's ticket
 * first, so a customer confirming while staff move the slot are applied one after the
 * other, and each step writes its timeline row, its audit row and its e-mail with it.
 */

export interface VisitDeps {
  db: Db;
  /** signs the confirm / ask-for-another links */
  linkKey: Buffer;
  /** the site's origin, whose host makes the calendar UIDs */
  origin: string;
}

type VisitRow = typeof ticketVisits.$inferSelect;
type TicketRow = typeof tickets.$inferSelect;

const ACTIVE_TICKET = new Set(["open", "in_progress"]);
/** Every visit of the tickets named, oldest first, with their steps */
export async function listVisits(db: Db | Tx, ticketId: number): Promise<Visit[]> {
  const visits = await db
    .select()
    .from(ticketVisits)
    .where(eq(ticketVisits.ticketId, ticketId))
    .orderBy(asc(ticketVisits.id));
  if (visits.length === 0) return [];
  const events = await db
    .select({ e: ticketVisitEvents, firstName: users.firstName, lastName: users.lastName })
    .from(ticketVisitEvents)
    .leftJoin(users, eq(users.id, ticketVisitEvents.actorId))
    .where(
      inArray(
        ticketVisitEvents.visitId,
        visits.map((v) => v.id),
      ),
    )
    .orderBy(asc(ticketVisitEvents.createdAt), asc(ticketVisitEvents.id));
  return visits.map((v) => ({
    id: v.id,
    ticketId: v.ticketId,
    startsAt: v.startsAt.toISOString(),
    endsAt: v.endsAt.toISOString(),
    status: v.status,
    sequence: v.sequence,
    outcome: v.outcome,
    outcomeMessageId: v.outcomeMessageId,
    events: events
      .filter((r) => r.e.visitId === v.id)
      .map((r) => ({
        id: r.e.id,
        kind: r.e.kind,
        startsAt: r.e.startsAt.toISOString(),
        endsAt: r.e.endsAt.toISOString(),
        outcome: r.e.outcome,
        note: r.e.note,
        actorName: joinedName(r.firstName, r.lastName),
        createdAt: r.e.createdAt.toISOString(),
      })),
  }));
}

/** the ticket locked first (as every ticket command does), then the visit under it */
export async function lockVisit(
  tx: Tx,
  ticketId: number,
  visitId: number,
): Promise<{ ticket: TicketRow; visit: VisitRow }> {
  const ticket = await lockTicket(tx, ticketId);
  const ofTicket = eq(ticketVisits.ticketId, ticketId);
  const visit = await lockRow(tx, ticketVisits, visitId, "Visit not found", ofTicket);
  return { ticket, visit };
}

/** the ticket's assignee, who makes the visit, once the actor may arrange visits on it */
function visitorOf(actor: Actor, ticket: TicketRow): number {
  if (!canReachTicket(actor, ticket)) throw notFound("Ticket not found");
  if (!ACTIVE_TICKET.has(ticket.status))
    throw conflict("Visits can only be arranged on an open or in-progress ticket");
  if (ticket.assigneeId === null)
    throw conflict("Assign this ticket to the technician who will visit before arranging a visit");
  return ticket.assigneeId;
}

/**
 * Books a time in a technician's calendar: a Sunday is the slot schema's to refuse, a holiday
 * and another visit of theirs at that time are refused here. `book` checks the clash under the
 * ticket's lock; two staff booking the same technician on two tickets at once hold different
 * locks, so the database's no-overlap constraint refuses the later one, named the same way.
 */
async function bookSlot(
  deps: VisitDeps,
  ticketId: number,
  slot: VisitSlot,
  exceptVisitId: number | undefined,
  book: (tx: Tx, times: { startsAt: Date; endsAt: Date }) => Promise<void>,
) {
  const times = visitSlotInstants(slot);
  await assertNotHoliday(deps.db, slot.date);
  try {
    await deps.db.transaction((tx) => book(tx, times));
  } catch (err) {
    if (!isOverlapRefused(err)) throw err;
    const [ticket] = await deps.db
      .select({ assigneeId: tickets.assigneeId })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    if (ticket?.assigneeId)
      await assertNoClash(deps.db, ticket.assigneeId, times.startsAt, times.endsAt, exceptVisitId);
    throw conflict("Another visit was booked at this time a moment ago. Please choose another slot");
  }
}

async function addEvent(
  tx: Tx,
  visit: { id: number; ticketId: number; startsAt: Date; endsAt: Date },
  kind: "proposed" | "confirmed" | "change_requested" | "outcome",
  actorId: number,
  extra: { note?: string; outcome?: VisitRow["outcome"] } = {},
) {
  await tx.insert(ticketVisitEvents).values({
    visitId: visit.id,
    ticketId: visit.ticketId,
    kind,
    startsAt: visit.startsAt,
    endsAt: visit.endsAt,
    note: extra.note ?? null,
    outcome: extra.outcome ?? null,
    actorId,
    createdAt: writtenNow(),
  });
}

/**
 * What a proposed time does, first or changed: the visit's history gains it, the ticket shows
 * activity, the customer is sent the slot to confirm, and the change is audited.
 */
async function announceProposal(
  tx: Tx,
  deps: VisitDeps,
  actor: Actor,
  ticket: TicketRow,
  visit: VisitRow,
  action: "visit.propose" | "visit.reschedule",
  details: Record<string, unknown>,
) {
  await addEvent(tx, visit, "proposed", actor.id);
  await tx.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, ticket.id));
  await sendProposal(tx, deps, ticket, visit);
  await recordAudit(tx, { actorId: actor.id, action, entityType: "ticket", entityId: ticket.id, details });
}

/** The invitation and the e-mail whose signed links are made when it is sent, for the slot as it now stands */
async function sendProposal(tx: Tx, deps: VisitDeps, ticket: TicketRow, visit: VisitRow) {
  const [home] = await tx
    .select({
      address: purchases.propertyAddress,
      city: purchases.propertyCity,
      pincode: purchases.propertyPincode,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(purchases)
    .innerJoin(users, eq(users.id, ticket.userId))
    .where(eq(purchases.id, ticket.purchaseId));
  const calendar = visitInvitation({
    visitId: visit.id,
    sequence: visit.sequence,
    startsAt: visit.startsAt,
    endsAt: visit.endsAt,
    ticketId: ticket.id,
    subject: ticket.subject,
    location: [home.address, home.city, home.pincode].filter(Boolean).join(", "),
    customer: { name: fullName(home), email: home.email },
    organizer: { name: COMPANY.name, email: COMPANY.emails[0] },
    host: new URL(deps.origin).hostname,
    confirmed: false,
  });
  await notifyVisitProposed(tx, ticket, {
    startsAt: visit.startsAt.toISOString(),
    endsAt: visit.endsAt.toISOString(),
    changed: visit.sequence > 0,
    link: { kind: "visit", visitId: visit.id, sequence: visit.sequence },
    calendar,
  });
}

/**
 * A new visit for the ticket (staff, or the technician it is assigned to). One visit is
 * arranged at a time: while one is waiting or booked, its time is changed instead.
 */
export async function proposeVisit(
  deps: VisitDeps,
  actor: Actor,
  ticketId: number,
  slot: VisitSlot,
): Promise<Visit> {
  await bookSlot(deps, ticketId, slot, undefined, async (tx, { startsAt, endsAt }) => {
    const ticket = await lockTicket(tx, ticketId);
    const technicianId = visitorOf(actor, ticket);
    const [open] = await tx
      .select({ id: ticketVisits.id })
      .from(ticketVisits)
      .where(
        and(
          eq(ticketVisits.ticketId, ticketId),
          inArray(ticketVisits.status, ["proposed", "confirmed", "change_requested"]),
        ),
      );
    if (open) throw conflict("This ticket already has a visit being arranged. Change its time instead.");
    await assertNoClash(tx, technicianId, startsAt, endsAt);
    const [visit] = await tx
      .insert(ticketVisits)
      .values({
        ticketId,
        startsAt,
        endsAt,
        status: "proposed",
        sequence: 0,
        proposedById: actor.id,
        technicianId,
      })
      .returning();
    await announceProposal(tx, deps, actor, ticket, visit, "visit.propose", {
      visitId: visit.id,
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
    });
  });
  return latestVisit(deps.db, ticketId);
}

/** A new time for a visit not yet done: its SEQUENCE goes up and the customer is asked again */
export async function rescheduleVisit(
  deps: VisitDeps,
  actor: Actor,
  ticketId: number,
  visitId: number,
  slot: VisitSlot,
): Promise<Visit> {
  await bookSlot(deps, ticketId, slot, visitId, async (tx, { startsAt, endsAt }) => {
    const { ticket, visit: before } = await lockVisit(tx, ticketId, visitId);
    // the visit moves to whoever the ticket is assigned to now
    const technicianId = visitorOf(actor, ticket);
    if (before.status === "completed") throw conflict("This visit is done. Arrange a new visit instead.");
    await assertNoClash(tx, technicianId, startsAt, endsAt, visitId);
    const [visit] = await tx
      .update(ticketVisits)
      .set({
        startsAt,
        endsAt,
        status: "proposed",
        sequence: before.sequence + 1,
        proposedById: actor.id,
        technicianId,
        updatedAt: new Date(),
      })
      .where(eq(ticketVisits.id, visitId))
      .returning();
    await announceProposal(tx, deps, actor, ticket, visit, "visit.reschedule", {
      visitId,
      from: { startsAt: before.startsAt.toISOString(), endsAt: before.endsAt.toISOString() },
      to: { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() },
      sequence: visit.sequence,
    });
  });
  return findVisit(deps.db, ticketId, visitId);
}

export type Answer = { action: "confirm" } | { action: "change"; note: string };

/**
 * The customer's answer to the slot they were sent. Confirming twice is harmless; a slot
 * that is done, or that they already asked to move, cannot be confirmed.
 */
export async function answerVisit(
  tx: Tx,
  customerId: number,
  ticket: TicketRow,
  visit: VisitRow,
  answer: Answer,
) {
  if (visit.status === "completed") throw conflict("This visit has already taken place.");
  if (answer.action === "confirm") {
    if (visit.status === "confirmed") return;
    if (visit.status === "change_requested")
      throw conflict("You asked for another time. We will send you a new one shortly.");
    await tx
      .update(ticketVisits)
      .set({ status: "confirmed", updatedAt: new Date() })
      .where(eq(ticketVisits.id, visit.id));
    await addEvent(tx, visit, "confirmed", customerId);
  } else {
    await tx
      .update(ticketVisits)
      .set({ status: "change_requested", updatedAt: new Date() })
      .where(eq(ticketVisits.id, visit.id));
    await addEvent(tx, visit, "change_requested", customerId, { note: answer.note });
    await notifyVisitChangeRequested(tx, ticket, { ...visit, note: answer.note });
  }
  await tx.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, ticket.id));
  await recordAudit(tx, {
    actorId: customerId,
    action: answer.action === "confirm" ? "visit.confirm" : "visit.change_request",
    entityType: "ticket",
    entityId: ticket.id,
    details: { visitId: visit.id, sequence: visit.sequence },
  });
}

/** From the portal's ticket page: the customer's own ticket only (another's is a 404) */
export async function answerVisitAsCustomer(
  db: Db,
  actor: Actor,
  ticketId: number,
  visitId: number,
  answer: Answer,
): Promise<Visit> {
  await db.transaction(async (tx) => {
    const { ticket, visit } = await lockVisit(tx, ticketId, visitId);
    if (ticket.userId !== actor.id) throw notFound("Ticket not found");
    await answerVisit(tx, actor.id, ticket, visit, answer);
  });
  return findVisit(db, ticketId, visitId);
}

/**
 * What came of the visit, from staff or the assigned technician. The notes are a reply on
 * the ticket (the customer reads them there, and the photos attach to that reply through
 * the attachments module), and the customer gets an e-mail.
 */
export async function recordVisitOutcome(
  deps: VisitDeps,
  actor: PublicUser & Actor,
  ticketId: number,
  visitId: number,
  input: VisitOutcomeInput,
): Promise<Visit> {
  await deps.db.transaction(async (tx) => {
    const { ticket, visit } = await lockVisit(tx, ticketId, visitId);
    if (!canReachTicket(actor, ticket)) throw notFound("Ticket not found");
    if (visit.status === "completed") throw conflict("The outcome of this visit is already recorded.");
    // an outcome says what the technician found: there is none before they arrive
    if (visit.startsAt.getTime() > Date.now())
      throw conflict(
        `This visit starts ${formatVisitSlot(visit.startsAt, visit.endsAt)}. Its outcome can be recorded once it has begun.`,
      );
    const label = VISIT_OUTCOME_LABELS[input.outcome];
    const message = await insertMessage(
      tx,
      actor,
      ticketId,
      `Visit outcome: ${label}\n\n${input.notes}`,
      false,
    );
    await tx
      .update(ticketVisits)
      .set({
        status: "completed",
        outcome: input.outcome,
        outcomeMessageId: message.id,
        updatedAt: new Date(),
      })
      .where(eq(ticketVisits.id, visitId));
    await addEvent(tx, visit, "outcome", actor.id, { outcome: input.outcome, note: input.notes });
    await notifyVisitOutcome(tx, ticket, { outcome: label, notes: input.notes, by: message.author.name });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "visit.outcome",
      entityType: "ticket",
      entityId: ticketId,
      details: { visitId, outcome: input.outcome, messageId: message.id },
    });
  });
  return findVisit(deps.db, ticketId, visitId);
}

async function findVisit(db: Db, ticketId: number, visitId: number): Promise<Visit> {
  const visit = (await listVisits(db, ticketId)).find((v) => v.id === visitId);
  if (!visit) throw notFound("Visit not found");
  return visit;
}

async function latestVisit(db: Db, ticketId: number): Promise<Visit> {
  const visit = (await listVisits(db, ticketId)).at(-1);
  if (!visit) throw notFound("Visit not found");
  return visit;
}
