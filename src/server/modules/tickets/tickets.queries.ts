import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { StaffMember } from "../../../shared/endpoints/tickets.ts";
import { TICKET_SORTS, type TicketListQuerySchema } from "../../../shared/endpoints/tickets.ts";
import { joinedName } from "../../../shared/names.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import type { AdminTicketListItem, TicketListItem } from "../../../shared/schemas/ticket.ts";
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketPriority,
  type TicketStatus,
} from "../../../shared/schemas/ticket.ts";
import type { Db } from "../../db/client.ts";
import { plans, purchases, tickets, users } from "../../db/schema.ts";
import {
  type CursorCodec,
  enumKey,
  keysBySort,
  keysetPage,
  type ListQuery,
  listQuery,
  type Page,
  selectOnPage,
  timestampKey,
  timestampNullsLastKey,
} from "../../lib/keyset.ts";
import { type CreatedOnDays, containsPattern, onIndiaDays, recordId } from "../../lib/list-filters.ts";
import { slaView } from "../sla/sla.service.ts";
import { usersMatching } from "../users/customer-search.ts";
import { isTechnician } from "./ticket-access.ts";
import { ticketStatusCounts } from "./ticket-counts.ts";
import { toTicket } from "./tickets.service.ts";

/**
 * The staff ticket lists, a page at a time: the whole queue (GET /api/admin/tickets) and
 * one customer's tickets on their staff page. Both answer the row shapes the unpaged lists
 * answered, so a page is one slice of what the full list used to be.
 */

export { TICKET_SORTS };

type TicketSort = (typeof TICKET_SORTS)[number];

export interface TicketListFilters extends CreatedOnDays {
  status?: TicketStatus[];
  priority?: TicketPriority[];
  /** a staff member's id, "mine" for the acting staff member, or "unassigned" */
  assignee?: number | "mine" | "unassigned";
  planId?: number;
  /** the city of the policy's property */
  city?: string;
  /** one customer's tickets */
  customerId?: number;
}

export type TicketListQuery = ListQuery<TicketSort, TicketListFilters>;

/** What still needs someone: the statuses the queue shows when the address names none. */
const QUEUE_STATUSES: TicketStatus[] = ["open", "in_progress"];

/**
 * GET /api/admin/tickets's query string, as its endpoint parsed it, in this module's terms.
 * Without a sort or a status it is the queue: open and in progress, in the queue's order.
 */
export function staffTicketQuery(q: z.output<typeof TicketListQuerySchema>): TicketListQuery {
  return listQuery(q, "queue", {
    status: q.status === undefined ? QUEUE_STATUSES : q.status === "all" ? undefined : q.status,
    priority: q.priority,
    assignee: q.assignee,
    planId: q.plan,
    city: q.city,
    createdFrom: q.from,
    createdTo: q.to,
    customerId: q.customer,
  });
}

const ticketKeys = keysBySort<TicketSort>(tickets.id, {
  // a due time in the past is a missed target, so soonest due first puts those first; a
  // ticket whose clock does not run (none set, or paused) comes after every due time
  queue: timestampNullsLastKey(tickets.slaDueAt),
  created: timestampKey(tickets.createdAt),
  updated: timestampKey(tickets.updatedAt),
  priority: enumKey(tickets.priority, "ticket_priority", TICKET_PRIORITIES),
  status: enumKey(tickets.status, "ticket_status", TICKET_STATUSES),
  due: timestampKey(tickets.slaDueAt),
});

/**
 * Search: ticket number, subject, customer name, e-mail or phone, policy number. The
 * customers and policies the text names are found first, each through its own index
 * (trigram, e-mail prefix), as arrays; the ticket's own columns are then tested with one OR,
 * which PostgreSQL answers either way round: for a rare text, from the indexes (subject
 * trigrams, user_id, purchase_id) OR-ed together, then sorted; for a word most subjects share
 * ("bedroom"), by walking the list's order and keeping the rows that match, which finds a
 * page in a few hundred rows. The ids of every match made first, as before, took 1.8 s for
 * such a word at a million tickets.
 */
function ticketSearch(q: string): SQL {
  const like = containsPattern(q);
  const id = recordId(q);
  const byId = id ? sql` or ${tickets.id} = ${id}::int` : sql``;
  return sql`(${tickets.subject} ilike ${like}
    or ${tickets.userId} = any(array(${usersMatching(q)}))
    or ${tickets.purchaseId} = any(array(select p.id from purchases p where p.policy_number ilike ${like}))${byId})`;
}

function ticketConditions(
  actor: PublicUser,
  f: TicketListFilters,
  q: string | undefined,
  customerId?: number,
) {
  const where: (SQL | undefined)[] = [];
  const customer = customerId ?? f.customerId;
  if (customer !== undefined) where.push(eq(tickets.userId, customer));
  if (f.status?.length) where.push(inArray(tickets.status, f.status));
  if (f.priority?.length) where.push(inArray(tickets.priority, f.priority));
  if (f.assignee === "unassigned") where.push(isNull(tickets.assigneeId));
  else if (f.assignee === "mine") where.push(eq(tickets.assigneeId, actor.id));
  else if (f.assignee !== undefined) where.push(eq(tickets.assigneeId, f.assignee));
  if (f.planId !== undefined || f.city !== undefined) {
    const policies = and(
      f.planId !== undefined ? sql`p.plan_id = ${f.planId}` : undefined,
      f.city !== undefined ? sql`p.property_city = ${f.city}` : undefined,
    );
    // one lookup of the ticket's policy per row the plan reads: a plan holds a sixth of all
    // policies, and the ids of 80,000 of them as an array were compared one by one with each row
    where.push(sql`exists (select 1 from purchases p where p.id = ${tickets.purchaseId} and ${policies})`);
  }
  where.push(onIndiaDays(tickets.createdAt, f.createdFrom, f.createdTo));
  if (q) where.push(ticketSearch(q));
  return where.length ? and(...where) : undefined;
}

/**
 * Sorted by due time, the list holds the tickets whose service-level clock runs (soonest
 * first unless asked otherwise): the partial index on (sla_due_at, id) answers it.
 */
const dueOnly = (sort: TicketSort) => (sort === "due" ? isNotNull(tickets.slaDueAt) : undefined);

/** GET /api/admin/tickets, a page at a time: `{ticket, firstName, lastName, email, ...}` rows */
export async function listStaffTicketsPage(
  db: Db,
  codec: CursorCodec,
  actor: PublicUser,
  query: TicketListQuery,
): Promise<Page<AdminTicketListItem>> {
  // a technician's queue is the tickets assigned to them, whatever the filter asks
  const filters = isTechnician(actor) ? { ...query.filters, assignee: actor.id } : query.filters;
  const assignee = alias(users, "assignee");
  return keysetPage(db, codec, "staff-tickets", query, {
    table: tickets,
    where: and(ticketConditions(actor, filters, query.q), dueOnly(query.sort)),
    keys: ticketKeys(query.sort),
    fetch: (read) =>
      selectOnPage(db, tickets, read, {
        ticket: tickets,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        policyNumber: purchases.policyNumber,
        planName: plans.name,
        assigneeFirst: assignee.firstName,
        assigneeLast: assignee.lastName,
      })
        .innerJoin(users, eq(users.id, tickets.userId))
        .innerJoin(purchases, eq(purchases.id, tickets.purchaseId))
        .innerJoin(plans, eq(plans.id, purchases.planId))
        .leftJoin(assignee, eq(assignee.id, tickets.assigneeId))
        .orderBy(...read.orderBy),
    map: (r) => ({
      ticket: toTicket(r.ticket),
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      policyNumber: r.policyNumber,
      planName: r.planName,
      assigneeName: joinedName(r.assigneeFirst, r.assigneeLast),
      sla: slaView(r.ticket),
    }),
  });
}

/** One customer's tickets on their staff page, in the shape of the customer's own list */
export async function listCustomerTicketsPage(
  db: Db,
  codec: CursorCodec,
  actor: PublicUser,
  customerId: number,
  query: TicketListQuery,
): Promise<Page<TicketListItem>> {
  return keysetPage(db, codec, `customer-tickets:${customerId}`, query, {
    table: tickets,
    where: and(ticketConditions(actor, query.filters, query.q, customerId), dueOnly(query.sort)),
    keys: ticketKeys(query.sort),
    fetch: (read) =>
      selectOnPage(db, tickets, read, {
        ticket: tickets,
        policyNumber: purchases.policyNumber,
        planName: plans.name,
      })
        .innerJoin(purchases, eq(purchases.id, tickets.purchaseId))
        .innerJoin(plans, eq(plans.id, purchases.planId))
        .orderBy(...read.orderBy),
    map: (r) => ({ ...toTicket(r.ticket), policyNumber: r.policyNumber, planName: r.planName }),
  });
}

export interface StaffDashboardCounts {
  tickets: Record<TicketStatus, number> & { total: number };
  /** open or in progress, nobody assigned */
  unassigned: number;
  /** open or in progress, assigned to the acting staff member */
  mine: number;
  newEnquiries: number;
}

/**
 * The /admin counts. The statuses' come from the counts the ticket writes keep
 * (ticket-counts.ts): counting them from the tickets read every index entry, 430 ms at a
 * million. The queue's (unassigned, mine) read the small index of open and in-progress
 * tickets only.
 */
export async function staffDashboardCounts(db: Db, actor: PublicUser): Promise<StaffDashboardCounts> {
  const [tickets, queue] = await Promise.all([
    ticketStatusCounts(db),
    db.execute(sql`select
      (select count(*)::int from tickets
        where status in ('open', 'in_progress') and assignee_id is null) as unassigned,
      (select count(*)::int from tickets
        where status in ('open', 'in_progress') and assignee_id = ${actor.id}) as mine,
      (select count(*)::int from inquiries where status = 'new') as new_enquiries`) as unknown as Promise<{
      rows: { unassigned: number; mine: number; new_enquiries: number }[];
    }>,
  ]);
  const r = queue.rows[0];
  return {
    tickets: { ...tickets, total: TICKET_STATUSES.reduce((n, s) => n + tickets[s], 0) },
    unassigned: Number(r.unassigned),
    mine: Number(r.mine),
    newEnquiries: Number(r.new_enquiries),
  };
}

/** Everyone who can be assigned a ticket: the office staff and the technicians whose accounts are on, by name */
export async function listStaffMembers(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(and(inArray(users.role, ["admin", "technician"]), isNull(users.deactivatedAt)))
    .orderBy(users.firstName, users.lastName, users.id);
  return rows.map((r) => ({
    id: r.id,
    name: joinedName(r.firstName, r.lastName) ?? "",
    role: r.role === "technician" ? ("technician" as const) : ("admin" as const),
  }));
}
