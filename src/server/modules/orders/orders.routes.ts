import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import { gstRatePercent } from "../invoices/invoices.service.ts";
import { importPayments } from "./bank-statement.ts";
import {
  cancelOrder,
  confirmOrderById,
  getOrder,
  listOrders,
  type Payments,
  reportPayment,
} from "./orders.service.ts";
import { placeOrder, placeRenewalOrder } from "./place-order.service.ts";

export async function orderRoutes(app: FastifyInstance, { db, payments }: { db: Db; payments: Payments }) {
  route(app, "GET /api/payment-options", async () => ({
    onlinePurchase: payments !== null,
    gstRatePercent: gstRatePercent(),
  }));
  route(app, "POST /api/orders", async (req) => placeOrder(db, payments, req.actor, req.body));
  route(app, "POST /api/purchases/:id/renewal/order", async (req) =>
    placeRenewalOrder(db, payments, req.actor, req.params.id),
  );
  route(app, "GET /api/orders/:id", async (req) => getOrder(db, payments, req.actor, req.params.id));
  route(app, "POST /api/orders/:id/payment", async (req) =>
    reportPayment(db, payments, req.actor, req.params.id, req.body.utr),
  );

  // staff: every change of money is audited by the service, in its own transaction
  route(app, "GET /api/admin/orders", async (req) => listOrders(db, payments, req.query));
  route(app, "POST /api/admin/orders/:id/confirm", async (req) =>
    confirmOrderById(db, payments, req.actor, req.params.id, req.body),
  );
  route(app, "POST /api/admin/orders/:id/cancel", async (req) =>
    cancelOrder(db, payments, req.actor, req.params.id, req.body.reason),
  );
  route(app, "POST /api/admin/payments/import", async (req) => importPayments(db, req.actor, req.body));
}
