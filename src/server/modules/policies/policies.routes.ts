import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import { type CursorCodec, listQuery } from "../../lib/keyset.ts";
import { listStaffPoliciesPage } from "./policies.queries.ts";
import { getPolicy, issuePolicy, listPolicies, setPolicyStatus } from "./policies.service.ts";

export async function policyRoutes(app: FastifyInstance, { db, codec }: { db: Db; codec: CursorCodec }) {
  route(app, "GET /api/purchases", async (req) => listPolicies(db, req.actor));
  route(app, "GET /api/purchases/:id", async (req) => getPolicy(db, req.actor, req.params.id));

  // staff: every write is audited
  route(app, "GET /api/admin/purchases", async (req) => {
    const q = req.query;
    return listStaffPoliciesPage(
      db,
      codec,
      listQuery(q, "created", {
        status: q.status,
        planId: q.plan,
        city: q.city,
        customerId: q.userId,
        createdFrom: q.from,
        createdTo: q.to,
      }),
    );
  });
  route(app, "POST /api/admin/purchases", async (req) => issuePolicy(db, req.actor, req.body));
  route(app, "POST /api/admin/purchases/:id/activate", async (req) =>
    setPolicyStatus(db, req.actor, req.params.id, { to: "active" }),
  );
  route(app, "POST /api/admin/purchases/:id/cancel", async (req) =>
    setPolicyStatus(db, req.actor, req.params.id, {
      to: "cancelled",
      reason: req.body.reason,
    }),
  );
}
