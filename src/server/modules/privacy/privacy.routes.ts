import type { FastifyInstance } from "fastify";
import { todayInIndia } from "../../../shared/dates.ts";
import type { Db } from "../../db/client.ts";
import { badRequest } from "../../errors.ts";
import { route } from "../../lib/endpoint.ts";
import { type CursorCodec, listQuery } from "../../lib/keyset.ts";
import type { RateCounters } from "../../lib/rate-counters.ts";
import { perAddress } from "../../lib/rate-counters.ts";
import { ACCOUNT_FAILURES, ACCOUNT_WINDOW_MS, tooManyRequests } from "../auth/sign-in.ts";
import { passwordMatches } from "../users/users.service.ts";
import { changeMarketingConsent, consentState } from "./consent.service.ts";
import { exportData } from "./data-export.service.ts";
import { closePrivacyRequest, createGrievance } from "./grievances.service.ts";
import { eraseAccount } from "./privacy.service.ts";
import { listPrivacyRequestsPage } from "./privacy-requests.queries.ts";

/** The person's rights over their data (export, erase, consents, grievances) and the staff queue. */
export async function privacyRoutes(
  app: FastifyInstance,
  {
    db,
    codec,
    counters,
    rateLimitFactor,
  }: { db: Db; codec: CursorCodec; counters: RateCounters; rateLimitFactor: number },
) {
  const tenPerMinute = perAddress(10 * rateLimitFactor, "1 minute");

  route(app, "GET /api/user/export", async (req, reply) => {
    const actor = req.actor;
    const data = await exportData(db, actor);
    // the person's day, not the server's: an export at 20:00 UTC is already tomorrow in India
    const day = todayInIndia(new Date(data.exportedAt));
    reply.header("content-disposition", `attachment; filename="hipws-my-data-${day}.json"`);
    return data;
  });

  /**
   * The current password proves the owner is at the keyboard, not someone at a screen
   * left signed in; wrong guesses count like failed sign-ins (10 in 15 minutes) and change
   * nothing. Erased, the session's cookie is cleared too.
   */
  route(
    app,
    "DELETE /api/user",
    async (req, reply) => {
      const actor = req.actor;
      const key = `erase-account:${actor.id}`;
      const { count, ttlMs } = await counters.hit(key, ACCOUNT_WINDOW_MS);
      if (count > Math.ceil(ACCOUNT_FAILURES * rateLimitFactor)) throw tooManyRequests(reply, ttlMs);
      if (!(await passwordMatches(db, actor.id, req.body.password))) {
        const message = "Your password is not correct; nothing was changed";
        throw badRequest(message, { password: message });
      }
      await counters.reset(key);
      const outcome = await eraseAccount(db, actor);
      if (outcome.outcome === "erased") await app.sessions.end(req, reply);
      return outcome;
    },
    { rateLimit: tenPerMinute },
  );

  route(app, "GET /api/user/consents", async (req) => {
    const actor = req.actor;
    return consentState(db, actor.id);
  });

  route(app, "POST /api/user/consents", async (req) => {
    const actor = req.actor;
    return changeMarketingConsent(db, actor.id, req.body.given);
  });

  route(
    app,
    "POST /api/privacy/grievances",
    async (req) => createGrievance(db, await req.currentUser(), req.body),
    { rateLimit: tenPerMinute },
  );

  route(app, "GET /api/admin/privacy-requests", async (req) => {
    const q = req.query;
    // the queue reads nearest deadline first; by arrival, newest first
    const dir = q.dir ?? (q.sort === "created" ? "desc" : "asc");
    return listPrivacyRequestsPage(
      db,
      codec,
      listQuery({ ...q, dir }, "due", { status: q.status, kind: q.kind }),
    );
  });

  route(app, "POST /api/admin/privacy-requests/:id/close", async (req) => {
    const actor = req.actor;
    return closePrivacyRequest(db, actor, req.params.id, req.body.note);
  });
}
