import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import {
  activateRenewal,
  getPolicyRenewal,
  listRenewals,
  recordInspection,
  requestRenewal,
} from "./renewals.service.ts";

export async function renewalRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, "GET /api/purchases/:id/renewal", async (req) => getPolicyRenewal(db, req.actor, req.params.id));
  route(app, "POST /api/purchases/:id/renewal", async (req) =>
    requestRenewal(db, req.actor, req.params.id, req.body),
  );

  // staff: every write is audited in the old policy's history
  route(app, "GET /api/admin/renewals", async (req) => {
    return listRenewals(db, req.query);
  });
  route(app, "POST /api/admin/renewals/:id/inspection", async (req) =>
    recordInspection(db, req.actor, req.params.id, req.body),
  );
  route(app, "POST /api/admin/renewals/:id/activate", async (req) =>
    activateRenewal(db, req.actor, req.params.id, req.body),
  );
}
