import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import {
  createCannedReply,
  deleteCannedReply,
  listCannedReplies,
  updateCannedReply,
} from "./canned-replies.service.ts";

/** Staff's shared canned replies: list, create, edit, delete, each write audited. */
export async function cannedReplyRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, "GET /api/admin/canned-replies", () => listCannedReplies(db));

  route(app, "POST /api/admin/canned-replies", async (req, reply) => {
    const created = await createCannedReply(db, req.actor, req.body);
    reply.code(201);
    return created;
  });

  route(app, "PUT /api/admin/canned-replies/:id", (req) =>
    updateCannedReply(db, req.actor, req.params.id, req.body),
  );

  route(app, "DELETE /api/admin/canned-replies/:id", async (req) => {
    await deleteCannedReply(db, req.actor, req.params.id);
    return { message: "Canned reply deleted" };
  });
}
