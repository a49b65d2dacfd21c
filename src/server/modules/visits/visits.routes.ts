import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import { perAddress, perUser } from "../../lib/rate-counters.ts";
import { freeSlots } from "./technician-calendar.ts";
import { answerVisitLink, readVisitLink } from "./visit-links.service.ts";
import { visitLinkKey } from "./visit-links.ts";
import {
  answerVisitAsCustomer,
  proposeVisit,
  recordVisitOutcome,
  rescheduleVisit,
  type VisitDeps,
} from "./visits.service.ts";

export async function visitRoutes(
  app: FastifyInstance,
  {
    db,
    sessionSecret,
    origin,
    rateLimitFactor,
  }: { db: Db; sessionSecret: string; origin: string; rateLimitFactor: number },
) {
  const deps: VisitDeps = { db, linkKey: visitLinkKey(sessionSecret), origin };

  // staff and the assigned technician; the service answers 404 for anyone else's ticket
  route(app, "POST /api/admin/tickets/:id/visits", async (req) =>
    proposeVisit(deps, req.actor, req.params.id, req.body),
  );
  route(app, "PUT /api/admin/tickets/:id/visits/:visitId", async (req) =>
    rescheduleVisit(deps, req.actor, req.params.id, req.params.visitId, req.body),
  );
  route(app, "POST /api/admin/tickets/:id/visits/:visitId/outcome", async (req) =>
    recordVisitOutcome(deps, req.actor, req.params.id, req.params.visitId, req.body),
  );
  route(app, "GET /api/admin/technicians/:id/free-slots", async (req) =>
    freeSlots(db, req.actor, req.params.id, req.query),
  );

  // the customer, on their own ticket
  route(app, "POST /api/tickets/:id/visits/:visitId/confirm", async (req) =>
    answerVisitAsCustomer(db, req.actor, req.params.id, req.params.visitId, {
      action: "confirm",
    }),
  );
  route(
    app,
    "POST /api/tickets/:id/visits/:visitId/change",
    async (req) =>
      answerVisitAsCustomer(db, req.actor, req.params.id, req.params.visitId, {
        action: "change",
        note: req.body.note,
      }),
    { rateLimit: perUser(30 * rateLimitFactor, "10 minutes") },
  );

  // the e-mail's links: no sign-in, the signature stands for the customer; a guesser is slowed
  const perClient = perAddress(30 * rateLimitFactor, "1 minute");
  route(app, "GET /api/visits/answer", async (req) => readVisitLink(deps, req.query.token), {
    rateLimit: perClient,
  });
  route(
    app,
    "POST /api/visits/answer",
    async (req) =>
      answerVisitLink(
        deps,
        req.body.token,
        req.body.action === "confirm" ? { action: "confirm" } : { action: "change", note: req.body.note },
      ),
    { rateLimit: perClient },
  );
}
