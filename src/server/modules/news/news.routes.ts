import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import { newsAudience, sendNews } from "./news.service.ts";

export async function newsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, "GET /api/admin/news/audience", async () => {
    return newsAudience(db);
  });
  route(app, "POST /api/admin/news", async (req) => sendNews(db, req.actor, req.body));
}
