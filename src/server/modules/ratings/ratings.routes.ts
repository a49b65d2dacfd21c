import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import { perAddress, perUser } from "../../lib/rate-counters.ts";
import { rateOwnTicket, rateWithLink, ratingKey, ratingLinkState } from "./ratings.service.ts";

export async function ratingRoutes(
  app: FastifyInstance,
  { db, sessionSecret, rateLimitFactor }: { db: Db; sessionSecret: string; rateLimitFactor: number },
) {
  const key = ratingKey(sessionSecret);
  // a link's checks cost a signature before any read; the limits keep a script from trying many
  const linkLimit = { rateLimit: perAddress(30 * rateLimitFactor, "1 minute") };
  route(app, "GET /api/ratings/link", async (req) => ratingLinkState(db, key, req.query), linkLimit);
  route(app, "POST /api/ratings", async (req) => rateWithLink(db, key, req.body), linkLimit);
  route(
    app,
    "POST /api/tickets/:id/rating",
    async (req) => rateOwnTicket(db, req.actor, req.params.id, req.body),
    { rateLimit: perUser(30 * rateLimitFactor, "10 minutes") },
  );
}
