import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import { type CursorCodec, listQuery } from "../../lib/keyset.ts";
import { perUser } from "../../lib/rate-counters.ts";
import { requireAdmin } from "../../plugins/session.ts";
import { partnerImportRoutes } from "./imports.routes.ts";
import { partnerMembership, partnerOwner } from "./partner-access.ts";
import { listPartnerClaimsPage, partnerScorecard } from "./partner-claims.queries.ts";
import {
  getAdminPartner,
  listPartnerPoliciesPage,
  listPartnersPage,
  partnerById,
} from "./partners.queries.ts";
import {
  createPartner,
  inviteMember,
  memberRows,
  partnerOverview,
  registerHandover,
  removeMember,
} from "./partners.service.ts";

/** The B2B partner programme: staff's partner records, and the partners' own calls. Every change is audited. */
export async function partnerRoutes(
  app: FastifyInstance,
  { db, codec, rateLimitFactor }: { db: Db; codec: CursorCodec; rateLimitFactor: number },
) {
  // a partner call needs a membership that is still active, looked up on every request
  app.afterAccessCheck("partner", async (req) => {
    await partnerMembership(db, req);
  });

  route(app, "GET /api/admin/partners", async (req) => {
    await requireAdmin(req);
    return listPartnersPage(db, codec, listQuery(req.query, "created", {}));
  });
  route(app, "POST /api/admin/partners", async (req) => {
    const id = await createPartner(db, await requireAdmin(req), req.body);
    return getAdminPartner(db, id);
  });
  route(app, "GET /api/admin/partners/:id", async (req) => {
    await requireAdmin(req);
    return getAdminPartner(db, req.params.id);
  });
  route(app, "GET /api/admin/partners/:id/members", async (req) => {
    await requireAdmin(req);
    await partnerById(db, req.params.id);
    return memberRows(db, req.params.id);
  });
  route(app, "POST /api/admin/partners/:id/members", async (req) => {
    const actor = await requireAdmin(req);
    return inviteMember(db, actor.id, req.params.id, req.body);
  });

  route(app, "GET /api/partner", async (req) => partnerOverview(db, await partnerMembership(db, req)));
  route(app, "GET /api/partner/members", async (req) => {
    const owner = await partnerOwner(db, req);
    return memberRows(db, owner.partnerId);
  });
  // each invitation e-mails an address the owner typed: limited, so the form cannot flood an inbox
  route(
    app,
    "POST /api/partner/members",
    async (req) => {
      const owner = await partnerOwner(db, req);
      return inviteMember(db, owner.user.id, owner.partnerId, req.body);
    },
    { rateLimit: perUser(30 * rateLimitFactor, "1 hour") },
  );
  route(app, "DELETE /api/partner/members/:memberId", async (req) =>
    removeMember(db, await partnerOwner(db, req), req.params.memberId),
  );
  route(app, "POST /api/partner/handovers", async (req) =>
    registerHandover(db, await partnerMembership(db, req), req.body),
  );
  route(app, "GET /api/partner/policies", async (req) => {
    const m = await partnerMembership(db, req);
    return listPartnerPoliciesPage(db, codec, m.partnerId, listQuery(req.query, "created", {}));
  });
  await app.register(partnerImportRoutes, { db, codec, rateLimitFactor });
  route(app, "GET /api/partner/claims", async (req) => {
    const m = await partnerMembership(db, req);
    return listPartnerClaimsPage(
      db,
      codec,
      m.partnerId,
      listQuery(req.query, "created", { status: req.query.status }),
    );
  });
  route(app, "GET /api/partner/scorecard", async (req) =>
    partnerScorecard(db, (await partnerMembership(db, req)).partnerId),
  );
}
