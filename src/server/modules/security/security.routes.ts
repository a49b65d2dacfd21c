import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import { listSecurityEvents } from "./security-events.ts";

export async function securityRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, "GET /api/admin/security-events", async (req, reply) => {
    reply.header("cache-control", "no-store");
    return listSecurityEvents(db, req.query);
  });
}
