import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Access } from "../../shared/endpoints/define.ts";
import { requireAdmin, requirePartnerRole, requireStaff, requireUser } from "./session.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /**
     * A check every route of an access level runs right after its access guard has let the
     * caller through (the staff two-factor rule): registered before the routes are.
     */
    afterAccessCheck(access: Access, check: AccessCheck): void;
  }
}

type AccessCheck = (request: FastifyRequest) => Promise<void>;

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
}

/** What each access level asks of the caller: 401 for a guest, 403 for the wrong role. */
const guards: Record<Access, ((request: FastifyRequest) => Promise<unknown>) | null> = {
  public: null,
  user: requireUser,
  admin: requireAdmin,
  staff: requireStaff,
  // the role here; that the caller is still a member of a partner is the partner module's
  // check, run after this one (modules/partners/partner-access.ts)
  partner: requirePartnerRole,
};

/**
 * Every API route declares who may call it (the endpoint contract in src/shared/endpoints
 * does); one that does not is a start-up error, and the list lets the authorization-matrix
 * test check that what runs is what the contract says. The check runs before the body is
 * read, so a guest gets 401 even for a request that would not validate.
 */
export function registerAccessControl(app: FastifyInstance, routes: RegisteredRoute[]) {
  const after: Record<Access, AccessCheck[]> = {
    public: [],
    user: [],
    admin: [],
    staff: [],
    partner: [],
  };
  app.decorate("afterAccessCheck", (access: Access, check: AccessCheck) => {
    after[access].push(check);
  });
  // The guard is a hook of the routes that need one, not of every request: a public
  // answer (the cached plans, FAQs, pages) runs no access code at all, where one hook
  // for everything cost each of them an async step and a copy of its route options.
  const accessHooks = new WeakSet<object>();
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access level`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== "HEAD") routes.push({ method, url: route.url, access });
    const guard = guards[access];
    const existing = route.onRequest === undefined ? [] : [route.onRequest].flat();
    // a HEAD route copies its GET route's hooks, guard included
    if (!guard || existing.some((hook) => accessHooks.has(hook))) return;
    const checks = after[access];
    const hook = async (request: FastifyRequest) => {
      await guard(request);
      for (const check of checks) await check(request);
    };
    accessHooks.add(hook);
    // first among the route's own hooks: before its rate limit, so a guest's 401 or a
    // customer's 403 is not counted against anyone's limit
    route.onRequest = [hook, ...existing];
  });
}
