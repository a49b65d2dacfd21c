import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import type { CursorCodec } from "../../lib/keyset.ts";
import { perUser } from "../../lib/rate-counters.ts";
import { listVisits } from "../visits/visits.service.ts";
import { assertTicketReach } from "./ticket-access.ts";
import {
  listStaffMembers,
  listStaffTicketsPage,
  staffDashboardCounts,
  staffTicketQuery,
} from "./tickets.queries.ts";
import {
  addCustomerMessage,
  addStaffMessage,
  assignTicket,
  createTicket,
  getTicket,
  getTicketForStaff,
  listTickets,
  updateTicket,
} from "./tickets.service.ts";

export async function ticketRoutes(
  app: FastifyInstance,
  { db, codec, rateLimitFactor }: { db: Db; codec: CursorCodec; rateLimitFactor: number },
) {
  // customers: their own tickets only; a script filing or writing in bulk is slowed per user
  route(app, "GET /api/tickets", async (req) => listTickets(db, req.actor));
  route(app, "POST /api/tickets", async (req) => createTicket(db, req.actor, req.body), {
    rateLimit: perUser(10 * rateLimitFactor, "1 hour"),
  });
  route(app, "GET /api/tickets/:id", async (req) => {
    const detail = await getTicket(db, req.actor, req.params.id);
    return { ...detail, visits: await listVisits(db, req.params.id) };
  });
  route(app, "GET /api/tickets/:id/messages", async (req) => {
    const detail = await getTicket(db, req.actor, req.params.id);
    return detail.messages;
  });
  route(
    app,
    "POST /api/tickets/:id/messages",
    async (req) => addCustomerMessage(db, req.actor, req.params.id, req.body.body),
    { rateLimit: perUser(30 * rateLimitFactor, "10 minutes") },
  );

  // staff: every write is audited
  // a technician's list and reads reach only the tickets assigned to them (ticket-access.ts)
  route(app, "GET /api/admin/tickets", async (req) => {
    const actor = req.actor;
    return listStaffTicketsPage(db, codec, actor, staffTicketQuery(req.query));
  });
  route(app, "GET /api/admin/stats", async (req) => staffDashboardCounts(db, req.actor));
  route(app, "GET /api/admin/staff", async () => {
    return listStaffMembers(db);
  });
  route(app, "GET /api/admin/tickets/:id", async (req) => {
    await assertTicketReach(db, req.actor, req.params.id);
    const detail = await getTicketForStaff(db, req.params.id);
    return { ...detail, visits: await listVisits(db, req.params.id) };
  });
  route(app, "PATCH /api/admin/tickets/:id", async (req) =>
    updateTicket(db, req.actor, req.params.id, req.body),
  );
  route(app, "PATCH /api/admin/tickets/:id/assign", async (req) =>
    assignTicket(db, req.actor, req.params.id, req.body?.assigneeId),
  );
  route(app, "POST /api/admin/tickets/:id/messages", async (req) => {
    const actor = req.actor;
    await assertTicketReach(db, actor, req.params.id);
    return addStaffMessage(db, actor, req.params.id, req.body.body, req.body.internal);
  });
}
