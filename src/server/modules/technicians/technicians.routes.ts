import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import { type CursorCodec, listQuery } from "../../lib/keyset.ts";
import { createTechnician, deactivateTechnician, listTechnicians } from "./technicians.service.ts";

export async function technicianRoutes(app: FastifyInstance, { db, codec }: { db: Db; codec: CursorCodec }) {
  route(app, "GET /api/admin/technicians", async (req) => {
    return listTechnicians(db, codec, listQuery(req.query, "name", {}));
  });
  route(app, "POST /api/admin/technicians", async (req) => createTechnician(db, req.actor, req.body));
  route(app, "POST /api/admin/technicians/:id/deactivate", async (req) =>
    deactivateTechnician(db, req.actor, req.params.id),
  );
}
