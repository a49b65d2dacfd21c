import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { tickets } from "../../db/schema.ts";
import { conflict, notFound } from "../../errors.ts";
import { route } from "../../lib/endpoint.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { retryDeadJob } from "../jobs/queue.ts";
import { getOutboxEmail, getOutboxItem, listOutbox, ticketNotifications } from "./outbox.queries.ts";

export async function outboxRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, "GET /api/admin/outbox", async (req) => {
    return listOutbox(db, req.query);
  });

  route(app, "GET /api/admin/outbox/:id", async (req) => {
    return getOutboxEmail(db, req.params.id);
  });

  route(app, "POST /api/admin/outbox/:id/retry", async (req) => {
    const actor = req.actor;
    const id = req.params.id;
    await db.transaction(async (tx) => {
      if (!(await retryDeadJob(tx, id))) {
        // inside the transaction: the embedded database has one connection, held by it
        await getOutboxItem(tx, id);
        throw conflict("Only an e-mail that stopped after its last attempt can be retried");
      }
      await recordAudit(tx, { actorId: actor.id, action: "email.retry", entityType: "job", entityId: id });
    });
    return getOutboxItem(db, id);
  });

  route(app, "GET /api/tickets/:id/notifications", async (req) => {
    const actor = req.actor;
    const [t] = await db
      .select({ userId: tickets.userId })
      .from(tickets)
      .where(eq(tickets.id, req.params.id));
    // another customer's ticket is "not found", as on the ticket page
    if (!t || t.userId !== actor.id) throw notFound("Ticket not found");
    return ticketNotifications(db, req.params.id, true);
  });

  route(app, "GET /api/admin/tickets/:id/notifications", async (req) => {
    const [t] = await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, req.params.id));
    if (!t) throw notFound("Ticket not found");
    return ticketNotifications(db, req.params.id, false);
  });
}
