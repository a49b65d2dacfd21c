import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { IdParams } from "../../lib/params.ts";
import { requireUser } from "../../plugins/session.ts";
import { getPurchase, listPurchases } from "./purchases.service.ts";

export async function purchaseRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/purchases", { config: { access: "user" } }, async (req) =>
    listPurchases(db, await requireUser(req)),
  );
  r.get("/api/purchases/:id", { config: { access: "user" }, schema: { params: IdParams } }, async (req) =>
    getPurchase(db, await requireUser(req), req.params.id),
  );
}
