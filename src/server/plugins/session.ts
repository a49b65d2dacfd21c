import { createHash, randomBytes } from "node:crypto";
import cookie from "@fastify/cookie";
import { and, eq, gt, lt } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { PublicUser } from "../../shared/schemas/auth.ts";
import type { Db } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";
import { forbidden, unauthorized } from "../errors.ts";
import { toPublicUser } from "../modules/users/public-user.ts";

export const SESSION_COOKIE = "hipws_sid";
const SESSION_DAYS = 30;

declare module "fastify" {
  interface FastifyRequest {
    /** the signed-in user, looked up once per request and only when asked for */
    currentUser(): Promise<PublicUser | null>;
    _user?: Promise<PublicUser | null>;
  }
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export interface SessionOptions {
  db: Db;
  secret: string;
  secure: boolean;
}

export async function registerSessions(app: FastifyInstance, opts: SessionOptions) {
  const { db } = opts;
  await app.register(cookie, { secret: opts.secret });

  async function lookup(request: FastifyRequest): Promise<PublicUser | null> {
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return null;
    const rows = await db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, hashToken(unsigned.value)), gt(sessions.expiresAt, new Date())))
      .limit(1);
    return rows[0] ? toPublicUser(rows[0].user) : null;
  }

  app.decorateRequest("_user", undefined);
  app.decorateRequest("currentUser", function (this: FastifyRequest) {
    this._user ??= lookup(this);
    return this._user;
  });

  // expired sessions are removed now and then rather than on every request
  const sweep = setInterval(
    () => {
      db.delete(sessions)
        .where(lt(sessions.expiresAt, new Date()))
        .catch((err) => app.log.warn({ err }, "session sweep failed"));
    },
    60 * 60 * 1000,
  );
  sweep.unref();
  app.addHook("onClose", async () => clearInterval(sweep));

  app.decorate("sessions", {
    /** a fresh session id on every login, so a planted cookie is worthless */
    async start(request: FastifyRequest, reply: FastifyReply, userId: number) {
      await endSession(request);
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
      await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
      reply.setCookie(SESSION_COOKIE, token, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: opts.secure,
        signed: true,
        expires: expiresAt,
      });
      request._user = undefined;
    },
    async end(request: FastifyRequest, reply: FastifyReply) {
      await endSession(request);
      reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: opts.secure });
      request._user = Promise.resolve(null);
    },
  });

  async function endSession(request: FastifyRequest) {
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return;
    const unsigned = request.unsignCookie(raw);
    if (unsigned.valid && unsigned.value) {
      await db.delete(sessions).where(eq(sessions.id, hashToken(unsigned.value)));
    }
  }
}

declare module "fastify" {
  interface FastifyInstance {
    sessions: {
      start(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void>;
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    };
  }
}

export async function requireUser(request: FastifyRequest): Promise<PublicUser> {
  const user = await request.currentUser();
  if (!user) throw unauthorized();
  return user;
}

export async function requireAdmin(request: FastifyRequest): Promise<PublicUser> {
  const user = await requireUser(request);
  if (user.role !== "admin") throw forbidden("Admins only");
  return user;
}
