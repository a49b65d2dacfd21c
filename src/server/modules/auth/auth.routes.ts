import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import { requireUser } from "../../plugins/session.ts";
import { authenticate, createUser, updateProfile } from "../users/users.service.ts";

export async function authRoutes(
  app: FastifyInstance,
  { db, rateLimitFactor }: { db: Db; rateLimitFactor: number },
) {
  // guessing passwords or making accounts in bulk is slowed down per client address
  const tenPerMinute = { max: Math.ceil(10 * rateLimitFactor), timeWindow: "1 minute" };

  route(
    app,
    "POST /api/register",
    async (req, reply) => {
      const { role: _ignored, ...input } = req.body;
      const user = await createUser(db, { ...input, role: "customer" });
      await app.sessions.start(req, reply, user.id);
      return user;
    },
    { rateLimit: tenPerMinute },
  );

  route(
    app,
    "POST /api/login",
    async (req, reply) => {
      const user = await authenticate(db, req.body.username, req.body.password);
      await app.sessions.start(req, reply, user.id);
      return user;
    },
    { rateLimit: tenPerMinute },
  );

  route(app, "POST /api/logout", async (req, reply) => {
    await app.sessions.end(req, reply);
    return { message: "Logged out" };
  });

  route(app, "GET /api/user", async (req, reply) => {
    reply.header("cache-control", "no-store");
    return requireUser(req);
  });

  route(app, "PATCH /api/user", async (req) => updateProfile(db, await requireUser(req), req.body));
}
