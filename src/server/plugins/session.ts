import { createHash, randomBytes } from "node:crypto";
import cookie from "@fastify/cookie";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { PublicUser } from "../../shared/schemas/auth.ts";
import type { Database, Db } from "../db/client.ts";
import { preparedQuery } from "../db/prepared.ts";
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
  /**
   * The database's change notifications. Signed-in users are remembered between requests
   * only while these are live: every committed change to users or sessions, from any
   * process, clears what was remembered (triggers of migration 0001).
   */
  watch?: Database["watch"];
}

/** the signed-in user of a live session: asked on every signed-in request */
const sessionUser = preparedQuery((db) =>
  db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare("session_user"),
);

const USERS_CHANNEL = "session_users_changed";
const USER_CACHE_MS = 30_000;
const USER_CACHE_MAX = 10_000;
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export async function registerSessions(app: FastifyInstance, opts: SessionOptions) {
  const { db } = opts;
  await app.register(cookie, { secret: opts.secret });

  // The session lookup is half the database work of a signed-in read. A lookup that
  // overlapped a change (the generation moved on while it ran) is not remembered.
  const userCache = new Map<string, { user: PublicUser; until: number }>();
  let generation = 0;
  let caching = false;
  const forget = () => {
    generation++;
    userCache.clear();
  };
  if (opts.watch) {
    // This process's own writes clear it at once; the notification of another process's
    // commit arrives a moment later over the listening connection.
    const forgetOnWrite = async (request: FastifyRequest) => {
      if (UNSAFE_METHODS.has(request.method)) forget();
    };
    app.addHook("onRequest", forgetOnWrite);
    app.addHook("onResponse", forgetOnWrite);
    const stop = await opts.watch(USERS_CHANNEL, {
      changed: forget,
      live(isLive) {
        forget();
        caching = isLive;
      },
    });
    app.addHook("onClose", () => stop());
  }

  async function lookup(request: FastifyRequest): Promise<PublicUser | null> {
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return null;
    const id = hashToken(unsigned.value);
    const now = Date.now();
    const hit = caching ? userCache.get(id) : undefined;
    if (hit && hit.until > now) return { ...hit.user };
    const seen = generation;
    const rows = await sessionUser(db).execute({ id });
    if (!rows[0]) return null;
    const user = toPublicUser(rows[0].user);
    if (caching && seen === generation) {
      if (userCache.size >= USER_CACHE_MAX) userCache.clear();
      userCache.set(id, { user, until: Math.min(now + USER_CACHE_MS, rows[0].expiresAt.getTime()) });
    }
    return { ...user };
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
