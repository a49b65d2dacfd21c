import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import { importPayments } from "./bank-statement.ts";
import {
  cancelOrder,
  confirmOrderById,
  getOrder,
  listOrders,
  placeOrder,
  reportPayment,
} from "./orders.service.ts";
import { paymentMethod } from "./payment-methods.ts";

export async function orderRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, "GET /api/payment-options", async () => ({ onlinePurchase: paymentMethod() !== null }));
  route(app, "POST /api/orders", async (req) => placeOrder(db, req.actor, req.body));
  route(app, "GET /api/orders/:id", async (req) => getOrder(db, req.actor, req.params.id));
  route(app, "POST /api/orders/:id/payment", async (req) =>
    reportPayment(db, req.actor, req.params.id, req.body.utr),
  );

  // staff: every change of money is audited by the service, in its own transaction
  route(app, "GET /api/admin/orders", async (req) => listOrders(db, req.query));
  route(app, "POST /api/admin/orders/:id/confirm", async (req) =>
    confirmOrderById(db, req.actor, req.params.id, req.body),
  );
  route(app, "POST /api/admin/orders/:id/cancel", async (req) =>
    cancelOrder(db, req.actor, req.params.id, req.body.reason),
  );
  route(app, "POST /api/admin/payments/import", async (req) => importPayments(db, req.actor, req.body));
}
