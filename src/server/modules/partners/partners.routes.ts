import type { FastifyInstance, FastifyReply } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import { type CursorCodec, listQuery } from "../../lib/keyset.ts";
import { PdfCache } from "../../lib/pdf-cache.ts";
import { perUser } from "../../lib/rate-counters.ts";
import type { RequestActor } from "../../plugins/access.ts";
import { acceptHandover, listHandoverInvitations } from "./handover-invitations.ts";
import { handoverProblemsBesideSchema, registerHandover } from "./handovers.service.ts";
import { partnerImportRoutes } from "./imports.routes.ts";
import { OWNERS_ONLY_BILLING, partnerMembership, partnerOwner } from "./partner-access.ts";
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
  removeMember,
} from "./partners.service.ts";
import { renderStatementPdf } from "./statement-pdf.ts";
import { issueStatement, listStatementsPage, runningStatement, statementById } from "./statements.ts";

/** The B2B partner programme: staff's partner records, and the partners' own calls. Every change is audited. */
export async function partnerRoutes(
  app: FastifyInstance,
  { db, codec, rateLimitFactor }: { db: Db; codec: CursorCodec; rateLimitFactor: number },
) {
  route(app, "GET /api/handovers", async (req) => listHandoverInvitations(db, req.actor));
  route(app, "POST /api/handovers/:id/accept", async (req) => acceptHandover(db, req.actor, req.params.id));

  route(app, "GET /api/admin/partners", async (req) => {
    return listPartnersPage(db, codec, listQuery(req.query, "created", {}));
  });
  route(app, "POST /api/admin/partners", async (req) => {
    const id = await createPartner(db, req.actor, req.body);
    return getAdminPartner(db, id);
  });
  route(app, "GET /api/admin/partners/:id", async (req) => {
    return getAdminPartner(db, req.params.id);
  });
  route(app, "GET /api/admin/partners/:id/members", async (req) => {
    await partnerById(db, req.params.id);
    return memberRows(db, req.params.id);
  });
  route(app, "POST /api/admin/partners/:id/members", async (req) => {
    const actor = req.actor;
    return inviteMember(db, actor.id, req.params.id, req.body);
  });

  const pdfs = new PdfCache();
  /** a statement's PDF: frozen once issued, so its id keys it for good */
  const sendStatement = async (reply: FastifyReply, partnerId: number, statementId: number) => {
    const { statement, invoice } = await statementById(db, partnerId, statementId);
    const { pdf, hit } = await pdfs.get(`statement:${statement.id}`, () =>
      renderStatementPdf(statement, invoice, invoice.customerName),
    );
    return reply
      .header("content-type", "application/pdf")
      .header(
        "content-disposition",
        `attachment; filename="statement-${statement.month}-${invoice.number.replaceAll("/", "-")}.pdf"`,
      )
      .header("x-pdf-cache", hit ? "hit" : "miss")
      .send(pdf);
  };
  route(app, "GET /api/admin/partners/:id/statements", async (req) => {
    await partnerById(db, req.params.id);
    return listStatementsPage(db, codec, req.params.id, listQuery(req.query, "month", {}), "admin");
  });
  route(app, "POST /api/admin/partners/:id/statements", async (req) =>
    issueStatement(db, req.actor, req.params.id, req.body.month),
  );
  route(app, "GET /api/admin/partners/:id/statements/current", async (req) => {
    return runningStatement(db, req.params.id);
  });
  route(app, "GET /api/admin/partners/:id/statements/:statementId", async (req, reply) => {
    return sendStatement(reply, req.params.id, req.params.statementId);
  });

  route(app, "GET /api/partner", async (req) => partnerOverview(db, partnerMembership(req)));
  route(app, "GET /api/partner/members", async (req) => {
    const owner = partnerOwner(req);
    return memberRows(db, owner.partnerId);
  });
  // each invitation e-mails an address the owner typed: limited, so the form cannot flood an inbox
  route(
    app,
    "POST /api/partner/members",
    async (req) => {
      const owner = partnerOwner(req);
      return inviteMember(db, owner.user.id, owner.partnerId, req.body);
    },
    { rateLimit: perUser(30 * rateLimitFactor, "1 hour") },
  );
  route(app, "DELETE /api/partner/members/:memberId", async (req) =>
    removeMember(db, partnerOwner(req), req.params.memberId),
  );
  route(
    app,
    "POST /api/partner/handovers",
    async (req) => registerHandover(db, partnerMembership(req), req.body),
    {
      checksBesideSchema: async (req, body) => {
        partnerMembership(req as typeof req & { actor: RequestActor });
        return handoverProblemsBesideSchema(db, body);
      },
    },
  );
  route(app, "GET /api/partner/policies", async (req) => {
    const m = partnerMembership(req);
    return listPartnerPoliciesPage(db, codec, m.partnerId, listQuery(req.query, "created", {}));
  });
  await app.register(partnerImportRoutes, { db, codec, rateLimitFactor });
  route(app, "GET /api/partner/claims", async (req) => {
    const m = partnerMembership(req);
    return listPartnerClaimsPage(
      db,
      codec,
      m.partnerId,
      listQuery(req.query, "created", { status: req.query.status }),
    );
  });
  route(app, "GET /api/partner/scorecard", async (req) =>
    partnerScorecard(db, partnerMembership(req).partnerId),
  );
  // statements are the organisation's bills: its owners', as the account is; members register homes
  const billingOwner = (req: { actor: RequestActor }) => partnerOwner(req, OWNERS_ONLY_BILLING);
  route(app, "GET /api/partner/statements", async (req) => {
    const m = billingOwner(req);
    return listStatementsPage(db, codec, m.partnerId, listQuery(req.query, "month", {}), "partner");
  });
  route(app, "GET /api/partner/statements/current", async (req) =>
    runningStatement(db, billingOwner(req).partnerId),
  );
  route(app, "GET /api/partner/statements/:statementId", async (req, reply) => {
    const m = billingOwner(req);
    return sendStatement(reply, m.partnerId, req.params.statementId);
  });
}
