import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { TicketCreateSchema, TicketMessageSchema } from "../../../shared/schemas/ticket.ts";
import type { Db } from "../../db/client.ts";
import { IdParams } from "../../lib/params.ts";
import { requireUser } from "../../plugins/session.ts";
import { addCustomerMessage, createTicket, getTicket, listTickets } from "./tickets.service.ts";

export async function ticketRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { access: "user" } as const;

  r.get("/api/tickets", { config: user }, async (req) => listTickets(db, await requireUser(req)));
  r.post("/api/tickets", { config: user, schema: { body: TicketCreateSchema } }, async (req, reply) =>
    reply.code(201).send(await createTicket(db, await requireUser(req), req.body)),
  );
  r.get("/api/tickets/:id", { config: user, schema: { params: IdParams } }, async (req) =>
    getTicket(db, await requireUser(req), req.params.id),
  );
  r.get("/api/tickets/:id/messages", { config: user, schema: { params: IdParams } }, async (req) => {
    const detail = await getTicket(db, await requireUser(req), req.params.id);
    return detail.messages;
  });
  r.post(
    "/api/tickets/:id/messages",
    { config: user, schema: { params: IdParams, body: TicketMessageSchema } },
    async (req, reply) =>
      reply
        .code(201)
        .send(await addCustomerMessage(db, await requireUser(req), req.params.id, req.body.body)),
  );
}
