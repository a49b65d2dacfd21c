import type { FastifyInstance } from "fastify";
import { requireAdmin, requireUser } from "./session.ts";

export type Access = "public" | "user" | "admin";

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

/**
 * Every API route declares who may call it; one that does not is a start-up error, and
 * the list feeds the authorization-matrix test. The check runs before the body is read,
 * so a guest gets 401 even for a request that would not validate.
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
    if (access === "user") await requireUser(request);
    else if (access === "admin") await requireAdmin(request);
  });
}
