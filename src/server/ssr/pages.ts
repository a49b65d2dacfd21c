import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../app.ts";
import type { Db } from "../db/client.ts";
import type { PublicCache } from "../lib/public-cache.ts";
import { sendApiNotFound } from "../plugins/errors.ts";

export interface PagesDeps {
  db: Db;
  cache: PublicCache;
  config: AppConfig;
}

/** Pages and assets. Placeholder until the server-rendered site lands. */
export async function registerPages(app: FastifyInstance, _deps: PagesDeps) {
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api/") || request.url === "/api") return sendApiNotFound(request, reply);
    return reply
      .code(404)
      .type("text/html; charset=utf-8")
      .send("<!doctype html><title>404 Page Not Found</title><h1>404 Page Not Found</h1>");
  });
  app.get("/", async (_req, reply) =>
    reply
      .type("text/html; charset=utf-8")
      .send(
        "<!doctype html><title>Home Interior Project Warranty Solutions</title><h1>Home Interior Project Warranty Solutions</h1><p>The API is at /api.</p>",
      ),
  );
}
