import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Actor, decideAccess } from "../../shared/access.ts";
import type { Access } from "../../shared/endpoints/define.ts";
import { isStaffRole, type PublicUser } from "../../shared/schemas/auth.ts";
import type { PartnerMemberRole } from "../../shared/schemas/partner.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { activeMembership } from "../modules/partners/partner-access.ts";
import { needsSecondFactor } from "../modules/two-factor/two-factor.service.ts";

/**
 * The signed-in caller, resolved once per request: who they are (every field a handler
 * reads of the user), their partner membership as it stands now, and whether the staff
 * two-factor rule is met. What the access decision and the services read.
 */
export type RequestActor = PublicUser &
  Actor & {
    partnerId: number | null;
    /** the caller's active membership of their partner (partner users only) */
    partnerMember: { id: number; role: PartnerMemberRole } | null;
  };

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    staffTwoFactorExempt?: true;
  }
  interface FastifyInstance {
    /** the caller of a request as the access decision sees them; null for a guest (looked up once per request) */
    actorOf(request: FastifyRequest): Promise<RequestActor | null>;
  }
  interface FastifyRequest {
    /**
     * The caller, set by the access hook before the handler runs on every route that is not
     * public (there it is never null: a guest was refused with 401); null on public routes.
     */
    actor: RequestActor | null;
    _actor?: Promise<RequestActor | null>;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
}

/**
 * Every API route declares who may call it (the endpoint contract in src/shared/endpoints
 * does); one that does not is a start-up error, and the list lets the authorization-matrix
 * test check that what runs is what the contract says. The check runs before the body is
 * read, so a guest gets 401 even for a request that would not validate. What the check
 * decides is decideAccess's answer (src/shared/access.ts), the same the page guards and the
 * server's reads before a page is rendered get.
 */
export function registerAccessControl(app: FastifyInstance, routes: RegisteredRoute[], { db }: { db: Db }) {
  async function resolve(request: FastifyRequest): Promise<RequestActor | null> {
    const user = await request.currentUser();
    if (!user) return null;
    // a partner's membership is read on every request rather than kept with the session:
    // a member an owner removes is refused from their very next request
    const member = user.role === "partner" ? await activeMembership(db, user.id) : null;
    const staffTwoFactorOk =
      !isStaffRole(user.role) || !(await app.twoFactor.staffRule()) || (await needsSecondFactor(db, user.id));
    return {
      ...user,
      partnerId: member?.partnerId ?? null,
      partnerMember: member ? { id: member.id, role: member.role } : null,
      staffTwoFactorOk,
    };
  }
  app.decorateRequest("actor", null);
  app.decorateRequest("_actor", undefined);
  app.decorate("actorOf", (request: FastifyRequest) => {
    request._actor ??= resolve(request);
    return request._actor;
  });

  // The check is a hook of the routes that need one, not of every request: a public
  // answer (the cached plans, FAQs, pages) runs no access code at all, where one hook
  // for everything cost each of them an async step and a copy of its route options.
  const accessHooks = new WeakSet<object>();
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access level`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== "HEAD") routes.push({ method, url: route.url, access });
    const existing = route.onRequest === undefined ? [] : [route.onRequest].flat();
    // a HEAD route copies its GET route's hooks, the check included
    if (access === "public" || existing.some((hook) => accessHooks.has(hook))) return;
    const rule = { access, staffTwoFactorExempt: route.config?.staffTwoFactorExempt };
    const hook = async (request: FastifyRequest) => {
      const actor = await app.actorOf(request);
      const decision = decideAccess(actor, rule);
      if (!decision.allowed) throw new AppError(decision.status, decision.message);
      request.actor = actor;
    };
    accessHooks.add(hook);
    // first among the route's own hooks: before its rate limit, so a guest's 401 or a
    // customer's 403 is not counted against anyone's limit
    route.onRequest = [hook, ...existing];
  });
}
