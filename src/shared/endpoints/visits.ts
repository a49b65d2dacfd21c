import { z } from "zod";
import { IdParams, idSchema } from "../schemas/ids.ts";
import {
  FreeSlotDaySchema,
  FreeSlotQuerySchema,
  TechnicianCreateSchema,
  TechnicianSchema,
  VisitChangeRequestSchema,
  VisitLinkActionSchema,
  VisitLinkQuerySchema,
  VisitLinkSchema,
  VisitOutcomeSchema,
  VisitSchema,
  VisitSlotSchema,
} from "../schemas/visit.ts";
import { defineEndpoints } from "./define.ts";
import { pagedList, pagedQuery } from "./filters.ts";

const VisitParams = IdParams.extend({ visitId: idSchema() });

const TECHNICIAN_SORTS = ["name", "created"] as const;
const TechnicianListQuerySchema = pagedQuery(TECHNICIAN_SORTS, {});

/**
 * Technician visits to a customer's home, and the technicians' accounts.
 *
 * Staff (`staff`: an admin, or the technician the ticket is assigned to; any other
 * technician gets 404) propose a slot in visiting hours, move it, and record the outcome.
 * The customer answers on their ticket page (their own ticket only: another's is 404) or
 * from the e-mail's signed links, which need no sign-in (a link that was not signed by us
 * is a 400). Every step is audited and shown on the ticket's timeline.
 */
export const visitEndpoints = defineEndpoints({
  /**
   * 409 while another visit on the ticket is still being arranged, on a resolved or closed
   * ticket, on a ticket nobody is assigned to, or when the slot overlaps another visit of the
   * ticket's assignee (the message names it); 400 on a Sunday or a holiday
   */
  "POST /api/admin/tickets/:id/visits": {
    access: "staff",
    params: IdParams,
    body: VisitSlotSchema,
    response: VisitSchema,
    status: 201,
  },
  /** a new time (checked as a new visit is): the invitation's SEQUENCE goes up and the customer is asked again */
  "PUT /api/admin/tickets/:id/visits/:visitId": {
    access: "staff",
    params: VisitParams,
    body: VisitSlotSchema,
    response: VisitSchema,
  },
  /** the notes become a reply on the ticket (`outcomeMessageId`): photos attach to it; 409 before the visit starts */
  "POST /api/admin/tickets/:id/visits/:visitId/outcome": {
    access: "staff",
    params: VisitParams,
    body: VisitOutcomeSchema,
    response: VisitSchema,
  },
  "POST /api/tickets/:id/visits/:visitId/confirm": {
    access: "user",
    params: VisitParams,
    response: VisitSchema,
  },
  "POST /api/tickets/:id/visits/:visitId/change": {
    access: "user",
    params: VisitParams,
    body: VisitChangeRequestSchema,
    response: VisitSchema,
  },
  /** what an e-mail link shows; reading it changes nothing (mail scanners open links) */
  "GET /api/visits/answer": { access: "public", query: VisitLinkQuerySchema, response: VisitLinkSchema },
  /** the e-mail page's button: confirm, or ask for another time with a note */
  "POST /api/visits/answer": { access: "public", body: VisitLinkActionSchema, response: VisitLinkSchema },

  /**
   * A staff member's free visit slots, day by day (at most 14 days): visiting hours less
   * their visits, Sundays and the holidays of the service calendar, and times already past.
   * A technician may ask only about themselves (anyone else is 404).
   */
  "GET /api/admin/technicians/:id/free-slots": {
    access: "staff",
    params: IdParams,
    query: FreeSlotQuerySchema,
    response: z.array(FreeSlotDaySchema),
  },

  /** technician accounts, a page at a time, by name unless sorted otherwise */
  "GET /api/admin/technicians": pagedList("office", TechnicianListQuerySchema, TechnicianSchema),
  "POST /api/admin/technicians": {
    access: "office",
    body: TechnicianCreateSchema,
    response: TechnicianSchema,
    status: 201,
  },
  /** signs them out everywhere and stops their sign-in; their tickets stay assigned until reassigned */
  "POST /api/admin/technicians/:id/deactivate": {
    access: "office",
    params: IdParams,
    response: TechnicianSchema,
  },
});
