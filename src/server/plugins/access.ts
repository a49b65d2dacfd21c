import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Access } from "../../shared/endpoints/define.ts";
import { requireAdmin, requireStaff, requireUser } from "./session.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
}

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
};

/**
 * Every API route declares who may call it (the endpoint contract in src/shared/endpoints
 * does); one that does not is a start-up error, and the list lets the authorization-matrix
 * test check that what runs is what the contract says. The check runs before the body is
 * read, so a guest gets 401 even for a request that would not validate.
 */
export function registerAccessControl(app: FastifyInstance, routes: RegisteredRoute[]) {
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access level`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== "HEAD") routes.push({ method, url: route.url, access });
  });
  app.addHook("onRequest", async (request) => {
    const access = request.routeOptions.config?.access;
    if (access) await guards[access]?.(request);
  });
}
