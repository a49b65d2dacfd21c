import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import { getOutboxEmail, listOutbox, retryEmail, ticketNotifications } from "./outbox.queries.ts";

export async function outboxRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, "GET /api/admin/outbox", (req) => listOutbox(db, req.query));

  route(app, "GET /api/admin/outbox/:id", (req) => getOutboxEmail(db, req.params.id));

  route(app, "POST /api/admin/outbox/:id/retry", (req) => retryEmail(db, req.actor.id, req.params.id));

  route(app, "GET /api/tickets/:id/notifications", (req) =>
    ticketNotifications(db, req.params.id, req.actor.id),
  );

  route(app, "GET /api/admin/tickets/:id/notifications", (req) =>
    ticketNotifications(db, req.params.id, null),
  );
}
