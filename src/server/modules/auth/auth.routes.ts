import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { LoginSchema, ProfileSchema, RegisterSchema } from "../../../shared/schemas/auth.ts";
import type { Db } from "../../db/client.ts";
import { requireUser } from "../../plugins/session.ts";
import { authenticate, createUser, updateProfile } from "../users/users.service.ts";

export async function authRoutes(
  app: FastifyInstance,
  { db, rateLimitFactor }: { db: Db; rateLimitFactor: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perMinute = (max: number) => ({ max: Math.ceil(max * rateLimitFactor), timeWindow: "1 minute" });

  r.post(
    "/api/register",
    { config: { access: "public", rateLimit: perMinute(10) }, schema: { body: RegisterSchema } },
    async (req, reply) => {
      const { role: _ignored, ...input } = req.body;
      const user = await createUser(db, { ...input, role: "customer" });
      await app.sessions.start(req, reply, user.id);
      return reply.code(201).send(user);
    },
  );

  r.post(
    "/api/login",
    { config: { access: "public", rateLimit: perMinute(10) }, schema: { body: LoginSchema } },
    async (req, reply) => {
      const user = await authenticate(db, req.body.username, req.body.password);
      await app.sessions.start(req, reply, user.id);
      return user;
    },
  );

  r.post("/api/logout", { config: { access: "public" } }, async (req, reply) => {
    await app.sessions.end(req, reply);
    return { message: "Logged out" };
  });

  r.get("/api/user", { config: { access: "user" } }, async (req, reply) => {
    reply.header("cache-control", "no-store");
    return requireUser(req);
  });

  r.patch("/api/user", { config: { access: "user" }, schema: { body: ProfileSchema } }, async (req) =>
    updateProfile(db, await requireUser(req), req.body),
  );
}
