import { z } from "zod";
import { IdParams, idSchema } from "../schemas/ids.ts";
import {
  AdminTicketDetailSchema,
  AdminTicketListItemSchema,
  StaffMessageSchema,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TicketAdminUpdateSchema,
  TicketCreateSchema,
  TicketDetailSchema,
  TicketListItemSchema,
  TicketMessageRecordSchema,
  TicketMessageSchema,
  TicketSchema,
} from "../schemas/ticket.ts";
import { TICKET_SORTS } from "../ticket-sorts.ts";
import { defineEndpoints } from "./define.ts";
import { filterOf, listOf, pagedList, pagedQuery } from "./filters.ts";

export { TICKET_SORTS };

/**
 * The staff ticket queue's query. `q` finds the ticket number, words of the subject, the
 * customer's name, e-mail or phone, and the policy number.
 */
export const TicketListQuerySchema = pagedQuery(TICKET_SORTS, {
  /**
   * absent: the queue's statuses (open and in progress, chosen by the server); `all` or
   * empty: every status; else one or several
   */
  status: z.union([z.enum(["all", ""]).transform(() => "all" as const), listOf(TICKET_STATUSES)]),
  priority: listOf(TICKET_PRIORITIES),
  assignee: filterOf.assignee,
  plan: filterOf.id,
  city: filterOf.city,
  /** created on or after this day (India's calendar) */
  from: filterOf.day,
  /** created on or before this day (India's calendar) */
  to: filterOf.day,
  /** one customer's tickets */
  customer: filterOf.id,
});

/** The /admin counts, from one aggregate query */
const StaffStatsSchema = z.object({
  tickets: z.object({
    open: z.number().int(),
    in_progress: z.number().int(),
    resolved: z.number().int(),
    closed: z.number().int(),
    total: z.number().int(),
  }),
  /** open or in progress, nobody assigned */
  unassigned: z.number().int(),
  /** open or in progress, assigned to the caller */
  mine: z.number().int(),
  newEnquiries: z.number().int(),
});
export type StaffStats = z.infer<typeof StaffStatsSchema>;

/** A staff member or technician, as the assignee filter and "Assign to…" list them */
const StaffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(["admin", "technician"]),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** "Assign to…": another staff member; without it the ticket goes to the caller */
const TicketAssignSchema = z
  .object({ assigneeId: idSchema("Please choose a staff member").optional() })
  // a call without a body (the spec's 'Assign to Me') arrives as nothing at all
  .nullish();

/**
 * Tickets: a customer's claim or service request on an active policy, and the staff's
 * handling of it. A customer sees only their own tickets (another's is a 404) and never
 * an internal note.
 */
export const ticketEndpoints = defineEndpoints({
  /** the signed-in customer's tickets, newest first */
  "GET /api/tickets": { access: "user", response: z.array(TicketListItemSchema) },
  /** on one of the caller's own active policies; 400 otherwise */
  "POST /api/tickets": { access: "user", body: TicketCreateSchema, response: TicketSchema, status: 201 },
  "GET /api/tickets/:id": { access: "user", params: IdParams, response: TicketDetailSchema },
  "GET /api/tickets/:id/messages": {
    access: "user",
    params: IdParams,
    response: z.array(TicketMessageRecordSchema),
  },
  /** 409 on a closed ticket */
  "POST /api/tickets/:id/messages": {
    access: "user",
    params: IdParams,
    body: TicketMessageSchema,
    response: TicketMessageRecordSchema,
    status: 201,
  },

  /**
   * a page at a time (`paged`), newest first unless sorted otherwise; a technician gets only
   * the tickets assigned to them
   */
  "GET /api/admin/tickets": pagedList("staff", TicketListQuerySchema, AdminTicketListItemSchema),
  /** a technician: the tickets assigned to them, any other 404 */
  "GET /api/admin/tickets/:id": { access: "staff", params: IdParams, response: AdminTicketDetailSchema },
  /** status and/or priority; each status change is written to the ticket's history */
  "PATCH /api/admin/tickets/:id": {
    access: "office",
    params: IdParams,
    body: TicketAdminUpdateSchema,
    response: TicketSchema,
  },
  /**
   * to the calling admin, or to the staff member or technician `assigneeId` names (400 for
   * anyone else, or a technician switched off);
   * an open ticket moves to in_progress
   */
  "PATCH /api/admin/tickets/:id/assign": {
    access: "office",
    params: IdParams,
    body: TicketAssignSchema,
    response: TicketSchema,
  },
  /**
   * a reply the customer sees, or an internal note (`internal: true`) they never do; a
   * technician on the tickets assigned to them
   */
  "POST /api/admin/tickets/:id/messages": {
    access: "staff",
    params: IdParams,
    body: StaffMessageSchema,
    response: TicketMessageRecordSchema,
    status: 201,
  },

  /** the /admin counts */
  "GET /api/admin/stats": { access: "office", response: StaffStatsSchema },
  /** every staff member and active technician, by name */
  "GET /api/admin/staff": { access: "office", response: z.array(StaffMemberSchema) },
});
