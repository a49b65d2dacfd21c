import { createHash, randomBytes } from "node:crypto";
import cookie from "@fastify/cookie";
import { and, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { PublicUser, Role } from "../../shared/schemas/auth.ts";
import type { Database, Db } from "../db/client.ts";
import { preparedQuery } from "../db/prepared.ts";
import { sessions, users } from "../db/schema.ts";
import { signedCookie } from "../lib/signatures.ts";
import { toPublicUser } from "../modules/users/public-user.ts";
import {
  forgetEveryone,
  forgetUser,
  REMEMBER_MS,
  recall,
  remember,
  USERS_CHANNEL,
  userChanged,
} from "../modules/users/remembered-users.ts";

const SESSION_COOKIE = "hipws_sid";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long a session lasts: at most `absolute` after sign-in, and it ends sooner when no
 * request has used it for `idle`. Customers stay signed in on their own devices for weeks;
 * a staff session opens every customer's records, so it lasts a working day, ends after
 * half an hour away, and its cookie has no expiry date (the browser drops it when closed).
 * Anyone who is not a customer gets the staff lifetime.
 */
const SESSION_LIFETIMES = {
  customer: { absoluteMs: 30 * DAY, idleMs: 7 * DAY },
  staff: { absoluteMs: 12 * HOUR, idleMs: 30 * MINUTE },
} as const;
const lifetimeOf = (role: Role) =>
  role === "customer" ? SESSION_LIFETIMES.customer : SESSION_LIFETIMES.staff;

/** `last_seen_at` is written when it is older than this: at most once a minute per session. */
const LAST_SEEN_EVERY_MS = MINUTE;

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
   * only while these are live: a user named on `USERS_CHANNEL` is forgotten
   * (modules/users/remembered-users.ts).
   */
  watch?: Database["watch"];
}

/** `a` when the user is a customer, else `b`, as SQL intervals */
const byRole = (customerMs: number, staffMs: number) =>
  sql`case when ${users.role} = 'customer' then ${sql.raw(`interval '${customerMs / 1000} seconds'`)} else ${sql.raw(`interval '${staffMs / 1000} seconds'`)} end`;
const ABSOLUTE = byRole(SESSION_LIFETIMES.customer.absoluteMs, SESSION_LIFETIMES.staff.absoluteMs);
const IDLE = byRole(SESSION_LIFETIMES.customer.idleMs, SESSION_LIFETIMES.staff.idleMs);

/**
 * The signed-in user of a live session: asked on every signed-in request. The lifetimes
 * follow the user's role now (a customer made staff gets the staff limits at once), and
 * the database's clock decides, so every process agrees.
 */
const sessionUser = preparedQuery((db) =>
  db
    .select({
      user: users,
      /** how long this session has left, and how long ago its last use was written */
      leftMs: sql<number>`(extract(epoch from least(${sessions.expiresAt}, ${sessions.createdAt} + ${ABSOLUTE}, ${sessions.lastSeenAt} + ${IDLE}) - now()) * 1000)::float8`,
      seenAgoMs: sql<number>`(extract(epoch from now() - ${sessions.lastSeenAt}) * 1000)::float8`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder("id")),
        // an account staff switched off is signed out everywhere at once
        isNull(users.deactivatedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.createdAt, sql`now() - ${ABSOLUTE}`),
        gt(sessions.lastSeenAt, sql`now() - ${IDLE}`),
      ),
    )
    .limit(1)
    .prepare("session_user"),
);

export async function registerSessions(app: FastifyInstance, opts: SessionOptions) {
  const { db } = opts;
  await app.register(cookie, { secret: opts.secret });

  // Users are remembered only while this process hears the others' changes: when the
  // listening connection is down, every request reads its session.
  let caching = false;
  if (opts.watch) {
    const stop = await opts.watch(USERS_CHANNEL, {
      changed: forgetUser,
      live(isLive) {
        // what was remembered before a break may have missed a change
        forgetEveryone();
        caching = isLive;
      },
    });
    app.addHook("onClose", () => stop());
  }

  async function lookup(request: FastifyRequest): Promise<PublicUser | null> {
    const token = signedCookie(request, SESSION_COOKIE);
    if (!token) return null;
    const id = hashToken(token);
    const now = Date.now();
    const hit = caching ? recall(id, now) : undefined;
    if (hit) {
      if (now - hit.seenAt >= LAST_SEEN_EVERY_MS) hit.seenAt = await touch(request, id, now);
      return { ...hit.user };
    }
    const rows = await sessionUser(db).execute({ id });
    if (!rows[0]) return null;
    const user = toPublicUser(rows[0].user);
    let seenAt = now - Number(rows[0].seenAgoMs);
    if (now - seenAt >= LAST_SEEN_EVERY_MS) seenAt = await touch(request, id, now);
    if (caching) remember(id, { user, until: now + Math.min(REMEMBER_MS, Number(rows[0].leftMs)), seenAt });
    return { ...user };
  }

  /**
   * Writes the session's last use, for the idle timeout. The condition keeps it to one
   * write a minute per session even when several processes see the same session at once. A
   * failure here is logged and the request goes on: at worst the session idles out early.
   */
  async function touch(request: FastifyRequest, id: string, now: number): Promise<number> {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(
        and(
          eq(sessions.id, id),
          lt(sessions.lastSeenAt, sql`now() - ${sql.raw(`interval '${LAST_SEEN_EVERY_MS / 1000} seconds'`)}`),
        ),
      )
      .catch((err) => request.log.warn({ err }, "could not record a session's last use"));
    return now;
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
        .where(
          or(
            lt(sessions.expiresAt, new Date()),
            lt(sessions.lastSeenAt, new Date(Date.now() - SESSION_LIFETIMES.customer.idleMs)),
          ),
        )
        .catch((err) => app.log.warn({ err }, "session sweep failed"));
    },
    60 * 60 * 1000,
  );
  sweep.unref();
  app.addHook("onClose", async () => clearInterval(sweep));

  app.decorate("sessions", {
    /** a fresh session id on every login, so a planted cookie is worthless */
    async start(request: FastifyRequest, reply: FastifyReply, user: { id: number; role: Role }) {
      await endSession(request);
      const token = randomBytes(32).toString("base64url");
      const lifetime = lifetimeOf(user.role);
      const expiresAt = new Date(Date.now() + lifetime.absoluteMs);
      await db.insert(sessions).values({ id: hashToken(token), userId: user.id, expiresAt });
      reply.setCookie(SESSION_COOKIE, token, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: opts.secure,
        signed: true,
        // staff: a session cookie, gone when the browser closes
        ...(lifetime === SESSION_LIFETIMES.customer ? { expires: expiresAt } : {}),
      });
      request._user = undefined;
    },
    async endOthers(request: FastifyRequest, userId: number, tx: Db = db) {
      const current = sessionId(request);
      await tx
        .delete(sessions)
        .where(
          current ? and(eq(sessions.userId, userId), ne(sessions.id, current)) : eq(sessions.userId, userId),
        );
      await userChanged(tx, userId);
    },
    async end(request: FastifyRequest, reply: FastifyReply) {
      await endSession(request);
      reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: opts.secure });
      request._user = Promise.resolve(null);
    },
  });

  function sessionId(request: FastifyRequest): string | null {
    const token = signedCookie(request, SESSION_COOKIE);
    return token ? hashToken(token) : null;
  }

  async function endSession(request: FastifyRequest) {
    const id = sessionId(request);
    if (!id) return;
    await db.transaction(async (tx) => {
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.id, id))
        .returning({ userId: sessions.userId });
      if (ended[0]) await userChanged(tx, ended[0].userId);
    });
  }
}

declare module "fastify" {
  interface FastifyInstance {
    sessions: {
      start(request: FastifyRequest, reply: FastifyReply, user: { id: number; role: Role }): Promise<void>;
      /** ends every session of the user except the one this request came with */
      endOthers(request: FastifyRequest, userId: number, tx?: Db): Promise<void>;
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    };
  }
}
