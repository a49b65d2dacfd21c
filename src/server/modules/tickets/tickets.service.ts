import { and, asc, desc, eq, sql } from "drizzle-orm";
import { fullName, joinedName } from "../../../shared/names.ts";
import { isStaffRole, type PublicUser } from "../../../shared/schemas/auth.ts";
import type {
  AdminTicketDetail,
  Ticket,
  TicketCreate,
  TicketDetail,
  TicketHistoryEntry,
  TicketListItem,
  TicketMessage,
  TicketPriority,
  TicketStatus,
} from "../../../shared/schemas/ticket.ts";
import { type Db, type Tx, writtenNow } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { plans, purchases, ticketMessages, ticketStatusHistory, tickets, users } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../errors.ts";
import { lockRow } from "../../lib/lock-row.ts";
import { listAttachments } from "../attachments/attachments.service.ts";
import { recordAudit } from "../audit/audit.service.ts";
import {
  notifyAssignee,
  notifyCustomerReply,
  notifyStaffReply,
  notifyTicketCreated,
  notifyTicketStatus,
} from "../mail/notifications.ts";
import { effectiveStatus, toPolicy } from "../policies/policies.service.ts";
import { resolveCoveredItem, ticketPolicyItem } from "../policy-items/policy-items.service.ts";
import { currentRating } from "../ratings/ratings.service.ts";
import { applySlaEvent, slaView } from "../sla/sla.service.ts";
import { toPublicUser } from "../users/public-user.ts";

type TicketRow = typeof tickets.$inferSelect;

export function toTicket(row: TicketRow): Ticket {
  return {
    id: row.id,
    userId: row.userId,
    subject: row.subject,
    description: row.description,
    purchaseId: row.purchaseId,
    priority: row.priority,
    status: row.status,
    assigneeId: row.assigneeId,
    dueAt: row.slaDueAt?.toISOString() ?? null,
    coveredItem: row.coveredItem,
    policyItemId: row.policyItemId,
    coveredByPlan: row.coveredByPlan,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const customerTickets = preparedQuery((db) =>
  db
    .select({ ticket: tickets, policyNumber: purchases.policyNumber, planName: plans.name })
    .from(tickets)
    .innerJoin(purchases, eq(purchases.id, tickets.purchaseId))
    .innerJoin(plans, eq(plans.id, purchases.planId))
    .where(eq(tickets.userId, sql.placeholder("userId")))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .prepare("customer_tickets"),
);

export async function listTickets(db: Db, actor: PublicUser): Promise<TicketListItem[]> {
  const rows = await customerTickets(db).execute({ userId: actor.id });
  return rows.map((r) => ({ ...toTicket(r.ticket), policyNumber: r.policyNumber, planName: r.planName }));
}

/**
 * Ticket commands each run as one transaction that first locks the row they change
 * (SELECT ... FOR UPDATE) and decides from what it reads under that lock. Two staff members
 * acting on one ticket at once are then applied one after the other, the second seeing the
 * first's result, and a failure part-way through leaves nothing written.
 */
export async function lockTicket(tx: Tx, id: number): Promise<TicketRow> {
  return lockRow(tx, tickets, id, "Ticket not found");
}

/** A ticket needs one of the caller's own policies that is active today. */
export async function createTicket(db: Db, actor: PublicUser, input: TicketCreate): Promise<Ticket> {
  return db.transaction(async (tx) => {
    // a shared lock: a policy being cancelled at this moment is cancelled before we look
    const [purchase] = await tx
      .select()
      .from(purchases)
      .where(eq(purchases.id, input.purchaseId))
      .for("share");
    if (!purchase || purchase.userId !== actor.id) {
      throw badRequest("Please select a property policy", { purchaseId: "Please select a property policy" });
    }
    if (effectiveStatus(purchase) !== "active") {
      throw badRequest("Support tickets can only be raised on an active policy", {
        purchaseId: "This policy is not active",
      });
    }
    // what failed and whether the plan covers it, from the database, not from the browser
    const covered = await resolveCoveredItem(tx, purchase, input);
    const [row] = await tx
      .insert(tickets)
      .values({
        userId: actor.id,
        purchaseId: purchase.id,
        subject: input.subject,
        description: input.description,
        priority: input.priority,
        status: "open",
        ...covered,
      })
      .returning();
    await tx.insert(ticketStatusHistory).values({
      ticketId: row.id,
      fromStatus: null,
      toStatus: "open",
      changedById: actor.id,
      note: "Ticket raised",
      createdAt: writtenNow(),
    });
    // the customer's receipt and the staff alert commit with the ticket
    await notifyTicketCreated(tx, row, purchase.policyNumber);
    // the service-level clock starts with the ticket
    return toTicket((await applySlaEvent(tx, row.id, { kind: "targets" })) ?? row);
  });
}

async function loadHistory(db: Db, ticketId: number): Promise<TicketHistoryEntry[]> {
  const rows = await db
    .select({ h: ticketStatusHistory, firstName: users.firstName, lastName: users.lastName })
    .from(ticketStatusHistory)
    .leftJoin(users, eq(users.id, ticketStatusHistory.changedById))
    .where(eq(ticketStatusHistory.ticketId, ticketId))
    .orderBy(asc(ticketStatusHistory.createdAt), asc(ticketStatusHistory.id));
  return rows.map((r) => ({
    id: r.h.id,
    fromStatus: r.h.fromStatus,
    toStatus: r.h.toStatus,
    changedBy: joinedName(r.firstName, r.lastName),
    note: r.h.note,
    createdAt: r.h.createdAt.toISOString(),
  }));
}

/** Internal notes are filtered in the query, so a customer answer cannot carry one. */
async function loadMessages(db: Db, ticketId: number, includeInternal: boolean): Promise<TicketMessage[]> {
  const where = includeInternal
    ? eq(ticketMessages.ticketId, ticketId)
    : and(eq(ticketMessages.ticketId, ticketId), eq(ticketMessages.internal, false));
  const rows = await db
    .select({ m: ticketMessages, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(ticketMessages)
    .innerJoin(users, eq(users.id, ticketMessages.authorId))
    .where(where)
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  return rows.map((r) => ({
    id: r.m.id,
    body: r.m.body,
    internal: r.m.internal,
    author: { id: r.m.authorId, name: fullName(r), role: r.role },
    createdAt: r.m.createdAt.toISOString(),
  }));
}

async function loadTicket(db: Db, id: number) {
  const [row] = await db
    .select({ ticket: tickets, purchase: purchases, planName: plans.name })
    .from(tickets)
    .innerJoin(purchases, eq(purchases.id, tickets.purchaseId))
    .innerJoin(plans, eq(plans.id, purchases.planId))
    .where(eq(tickets.id, id));
  return row;
}

/** the ticket's page without its visits, which the route adds from the visits module */
export async function getTicket(
  db: Db,
  actor: PublicUser,
  id: number,
): Promise<Omit<TicketDetail, "visits">> {
  const row = await loadTicket(db, id);
  if (!row || row.ticket.userId !== actor.id) throw notFound("Ticket not found");
  const [history, messages, attachments, policyItem, rating] = await Promise.all([
    loadHistory(db, id),
    loadMessages(db, id, false),
    listAttachments(db, id, false),
    ticketPolicyItem(db, row.ticket.policyItemId),
    currentRating(db, id),
  ]);
  return {
    ticket: toTicket(row.ticket),
    purchase: toPolicy(row.purchase),
    planName: row.planName,
    history,
    messages,
    attachments,
    policyItem,
    rating,
  };
}

export async function addCustomerMessage(
  db: Db,
  actor: PublicUser,
  ticketId: number,
  body: string,
): Promise<TicketMessage> {
  return db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, ticketId);
    if (ticket.userId !== actor.id) throw notFound("Ticket not found");
    if (ticket.status === "closed") throw conflict("This ticket is closed. Please raise a new ticket.");
    const message = await insertMessage(tx, actor, ticketId, body, false);
    await notifyCustomerReply(tx, ticket, fullName(actor), body);
    // the customer answered: a wait on them is over and the service-level clock runs again
    await applySlaEvent(tx, ticketId, { kind: "customer_reply" });
    return message;
  });
}

/**
 * the message and the ticket's "last activity" time, inside the caller's transaction (a
 * visit's outcome is written as a reply through this too)
 */
export async function insertMessage(
  tx: Tx,
  actor: PublicUser,
  ticketId: number,
  body: string,
  internal: boolean,
): Promise<TicketMessage> {
  const [m] = await tx
    .insert(ticketMessages)
    .values({ ticketId, authorId: actor.id, body, internal, createdAt: writtenNow() })
    .returning();
  await tx.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, ticketId));
  return {
    id: m.id,
    body: m.body,
    internal: m.internal,
    author: { id: actor.id, name: fullName(actor), role: actor.role },
    createdAt: m.createdAt.toISOString(),
  };
}

// ---- staff side ----

export async function getTicketForStaff(db: Db, id: number): Promise<Omit<AdminTicketDetail, "visits">> {
  const row = await loadTicket(db, id);
  if (!row) throw notFound("Ticket not found");
  const [[customer], assigneeRows, history, messages, attachments, policyItem, rating] = await Promise.all([
    db.select().from(users).where(eq(users.id, row.ticket.userId)),
    row.ticket.assigneeId
      ? db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, row.ticket.assigneeId))
      : Promise.resolve([]),
    loadHistory(db, id),
    loadMessages(db, id, true),
    listAttachments(db, id, true),
    ticketPolicyItem(db, row.ticket.policyItemId),
    currentRating(db, id),
  ]);
  const a = assigneeRows[0];
  return {
    ticket: toTicket(row.ticket),
    purchase: toPolicy(row.purchase),
    planName: row.planName,
    history,
    messages,
    attachments,
    policyItem,
    rating,
    customer: toPublicUser(customer),
    assignee: a ? { id: a.id, name: fullName(a) } : null,
    sla: slaView(row.ticket),
  };
}

type TicketChange = { status?: TicketStatus; priority?: TicketPriority; assigneeId?: number };

/** `decide` sees the ticket as it is under the lock, not as it was when the request came in */
async function changeTicket(
  db: Db,
  actor: PublicUser,
  id: number,
  decide: (before: TicketRow, tx: Tx) => TicketChange | Promise<TicketChange>,
  action: string,
  /** the status history's note on a status change, read after `decide` */
  note: () => string | null = () => null,
): Promise<Ticket> {
  return db.transaction(async (tx) => {
    const before = await lockTicket(tx, id);
    const change = await decide(before, tx);
    const [after] = await tx
      .update(tickets)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(tickets.id, id))
      .returning();
    if (change.status && change.status !== before.status) {
      await tx.insert(ticketStatusHistory).values({
        ticketId: id,
        fromStatus: before.status,
        toStatus: change.status,
        changedById: actor.id,
        note: note(),
        createdAt: writtenNow(),
      });
    }
    // the customer hears when someone takes the ticket, and when it is resolved or closed
    if (change.assigneeId && change.assigneeId !== before.assigneeId) {
      await notifyTicketStatus(tx, after, "assigned");
      await notifyAssignee(tx, after, actor);
    } else if (change.status && change.status !== before.status) {
      if (change.status === "resolved" || change.status === "closed")
        await notifyTicketStatus(tx, after, change.status);
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action,
      entityType: "ticket",
      entityId: id,
      details: {
        ...(change.status ? { fromStatus: before.status, toStatus: change.status } : {}),
        ...(change.priority ? { fromPriority: before.priority, toPriority: change.priority } : {}),
        ...(change.assigneeId ? { fromAssignee: before.assigneeId, toAssignee: change.assigneeId } : {}),
      },
    });
    // the service-level clock follows the status (stops, runs again) and the priority (its targets)
    let clocked = after;
    if (change.status && change.status !== before.status)
      clocked = (await applySlaEvent(tx, id, { kind: "status", from: before.status })) ?? clocked;
    if (change.priority && change.priority !== before.priority)
      clocked = (await applySlaEvent(tx, id, { kind: "targets" })) ?? clocked;
    return toTicket(clocked);
  });
}

/**
 * Assign to the calling admin, or to the staff member `assigneeId` names; an open ticket
 * moves to in_progress. The assignee is read under a shared lock in the same transaction,
 * so a staff account being removed at that moment cannot be given the ticket.
 */
export async function assignTicket(
  db: Db,
  actor: PublicUser,
  id: number,
  assigneeId: number = actor.id,
): Promise<Ticket> {
  let assigneeName = fullName(actor);
  return changeTicket(
    db,
    actor,
    id,
    async (before, tx) => {
      if (assigneeId !== actor.id) {
        const [staff] = await tx
          .select({
            firstName: users.firstName,
            lastName: users.lastName,
            role: users.role,
            deactivatedAt: users.deactivatedAt,
          })
          .from(users)
          .where(eq(users.id, assigneeId))
          .for("share");
        // office staff, or a technician whose account is on
        if (!staff || !isStaffRole(staff.role) || staff.deactivatedAt) {
          throw badRequest("Tickets can only be assigned to a staff member", {
            assigneeId: "Please choose a staff member",
          });
        }
        assigneeName = fullName(staff);
      }
      return {
        assigneeId,
        ...(before.status === "open" ? { status: "in_progress" as const } : {}),
      };
    },
    "ticket.assign",
    () => `Assigned to ${assigneeName}`,
  );
}

export async function updateTicket(
  db: Db,
  actor: PublicUser,
  id: number,
  change: { status?: TicketStatus; priority?: TicketPriority },
): Promise<Ticket> {
  return changeTicket(db, actor, id, () => change, "ticket.update");
}

export async function addStaffMessage(
  db: Db,
  actor: PublicUser,
  ticketId: number,
  body: string,
  internal: boolean,
): Promise<TicketMessage> {
  return db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, ticketId);
    const message = await insertMessage(tx, actor, ticketId, body, internal);
    // an internal note stays among staff
    if (!internal) await notifyStaffReply(tx, ticket, fullName(actor), body);
    // the first reply the customer sees meets the first-response target
    if (!internal) await applySlaEvent(tx, ticketId, { kind: "staff_reply" });
    await recordAudit(tx, {
      actorId: actor.id,
      action: internal ? "ticket.note" : "ticket.reply",
      entityType: "ticket",
      entityId: ticketId,
      details: { messageId: message.id },
    });
    return message;
  });
}
