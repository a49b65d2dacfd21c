import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Page } from "../../../shared/endpoints/define.ts";
import type { SecurityEvent, SecurityEventType } from "../../../shared/schemas/security.ts";
import type { Db } from "../../db/client.ts";
import { securityEvents, users } from "../../db/schema.ts";
import { newestFirstPage } from "../../lib/keyset.ts";

declare module "fastify" {
  interface FastifyInstance {
    securityEvents: {
      /**
       * Logs the event as one structured line (type, user id, client address, request id)
       * and keeps it in the database for the console. Never pass a password, token or cookie.
       */
      record(request: FastifyRequest, type: SecurityEventType, userId?: number | null): Promise<void>;
    };
  }
  interface FastifyRequest {
    /** the route already recorded what this answer means (a failed sign-in is not also a plain 401) */
    securityEventRecorded?: boolean;
  }
}

const REFUSALS: Record<number, SecurityEventType> = {
  401: "unauthorized",
  403: "forbidden",
  429: "rate_limited",
};
/** one refusal of a kind, from one address, on one route, is kept once a minute */
const REPEAT_MS = 60_000;
const REPEAT_KEYS_MAX = 10_000;

/**
 * Security events: sign-ins (and failures), sign-outs and password changes are recorded by
 * their routes; every 401, 403 and 429 of the API by the hook here. Refusals come in floods
 * (a scanner, a client retrying), so a repeat within a minute from the same address on the
 * same route is not written again: the first tells staff what happened. The one refusal not
 * recorded is a guest's GET /api/user, which every page makes to ask who is signed in.
 */
export function registerSecurityEvents(app: FastifyInstance, { db }: { db: Db }) {
  const lastSeen = new Map<string, number>();

  // a sign-in must not fail because its record could not be written: the log line stays
  async function record(request: FastifyRequest, type: SecurityEventType, userId: number | null = null) {
    request.securityEventRecorded = true;
    const route = request.routeOptions.url ? `${request.method} ${request.routeOptions.url}` : null;
    request.log.info(
      { securityEvent: type, userId, ip: request.ip, requestId: request.id, route },
      `security event: ${type}`,
    );
    await db
      .insert(securityEvents)
      .values({
        type,
        userId,
        ip: request.ip,
        requestId: String(request.id),
        details: route ? { route } : null,
      })
      .catch((err) => request.log.warn({ err }, "could not record a security event"));
  }

  // kept 180 days, as India's CERT-In directions ask of security logs, then removed
  const sweep = setInterval(
    () => {
      db.delete(securityEvents)
        .where(lt(securityEvents.createdAt, sql`now() - interval '180 days'`))
        .catch((err) => app.log.warn({ err }, "security event sweep failed"));
    },
    60 * 60 * 1000,
  );
  sweep.unref();
  app.addHook("onClose", async () => clearInterval(sweep));

  app.decorate("securityEvents", { record });
  app.decorateRequest("securityEventRecorded", false);

  // Every answer passes here, and almost none is a refusal: those return at once, without
  // the promise an async hook costs each of them.
  app.addHook("onResponse", (request, reply, done) => {
    const type = REFUSALS[reply.statusCode];
    if (!type || request.securityEventRecorded || !request.url.startsWith("/api/")) return done();
    recordRefusal(request, type).then(() => done(), done);
  });

  async function recordRefusal(request: FastifyRequest, type: SecurityEventType) {
    if (type === "unauthorized" && request.method === "GET" && request.routeOptions.url === "/api/user")
      return;
    const user = request._user ? await request._user.catch(() => null) : null;
    const key = `${type}|${request.ip}|${user?.id ?? ""}|${request.method} ${request.routeOptions.url ?? ""}`;
    const now = Date.now();
    if ((lastSeen.get(key) ?? 0) > now - REPEAT_MS) return;
    if (lastSeen.size >= REPEAT_KEYS_MAX) lastSeen.clear();
    lastSeen.set(key, now);
    await record(request, type, user?.id ?? null);
  }
}

/** Newest first; beyond COUNT_CAP matching events the total is the planner's estimate. */
export async function listSecurityEvents(
  db: Db,
  query: { limit: number; cursor?: string; type?: SecurityEventType },
): Promise<Page<SecurityEvent>> {
  const ofType = query.type ? eq(securityEvents.type, query.type) : undefined;
  const rows = await db
    .select({
      id: securityEvents.id,
      type: securityEvents.type,
      userId: securityEvents.userId,
      username: users.username,
      ip: securityEvents.ip,
      requestId: securityEvents.requestId,
      route: sql<string | null>`${securityEvents.details} ->> 'route'`,
      createdAt: securityEvents.createdAt,
    })
    .from(securityEvents)
    .leftJoin(users, eq(users.id, securityEvents.userId))
    .where(and(ofType, query.cursor ? lt(securityEvents.id, Number(query.cursor)) : undefined))
    .orderBy(desc(securityEvents.id))
    .limit(query.limit + 1);
  return newestFirstPage(db, securityEvents, ofType, rows, query.limit, (r) => ({
    ...r,
    type: r.type as SecurityEventType,
    createdAt: r.createdAt.toISOString(),
  }));
}
