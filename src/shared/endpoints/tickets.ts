import { z } from "zod";
import { IdParams } from "../schemas/ids.ts";
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
import { defineEndpoints } from "./define.ts";
import { optionalFilter } from "./filters.ts";

export const TicketFilterSchema = z.object({
  status: optionalFilter(z.enum(TICKET_STATUSES)),
  priority: optionalFilter(z.enum(TICKET_PRIORITIES)),
  /** words in the subject, the customer's name or e-mail, or the policy number */
  q: optionalFilter(z.string().trim().max(100)),
});

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

  "GET /api/admin/tickets": {
    access: "admin",
    query: TicketFilterSchema,
    response: z.array(AdminTicketListItemSchema),
  },
  "GET /api/admin/tickets/:id": { access: "admin", params: IdParams, response: AdminTicketDetailSchema },
  /** status and/or priority; each status change is written to the ticket's history */
  "PATCH /api/admin/tickets/:id": {
    access: "admin",
    params: IdParams,
    body: TicketAdminUpdateSchema,
    response: TicketSchema,
  },
  /** to the calling admin; an open ticket moves to in_progress */
  "PATCH /api/admin/tickets/:id/assign": { access: "admin", params: IdParams, response: TicketSchema },
  /** a reply the customer sees, or an internal note (`internal: true`) they never do */
  "POST /api/admin/tickets/:id/messages": {
    access: "admin",
    params: IdParams,
    body: StaffMessageSchema,
    response: TicketMessageRecordSchema,
    status: 201,
  },
});
