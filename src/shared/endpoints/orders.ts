import { IdParams } from "../schemas/ids.ts";
import {
  AdminOrderSchema,
  ORDER_STATUSES,
  OrderCancelSchema,
  OrderConfirmSchema,
  OrderCreateSchema,
  OrderSchema,
  PaymentImportResultSchema,
  PaymentImportSchema,
  PaymentOptionsSchema,
  PaymentReportSchema,
} from "../schemas/order.ts";
import { defineEndpoints } from "./define.ts";
import { listOf, newestFirstQuery, pagedList } from "./filters.ts";

const OrderListQuerySchema = newestFirstQuery({ status: listOf(ORDER_STATUSES) });

/**
 * Buying a homeowner plan online and paying by UPI. The buyer places an order (a pending
 * policy with a fixed amount and a UPI link) and may report the payment's UTR; staff confirm
 * the payment, by hand or from the bank statement, which puts the policy in force.
 */
export const orderEndpoints = defineEndpoints({
  /** whether the Buy online path is offered: a UPI payee is configured */
  "GET /api/payment-options": { access: "public", response: PaymentOptionsSchema },
  /** 201: a pending policy in the buyer's list, its order and the UPI link to pay it; 409 when online purchase is off */
  "POST /api/orders": { access: "user", body: OrderCreateSchema, response: OrderSchema, status: 201 },
  /**
   * 201: the holder pays the policy's renewal awaiting payment online, by the same order path
   * (its amount the renewal's, GST included); the open order again if there is one; 409 with
   * no renewal to pay or online purchase off; someone else's policy is a 404
   */
  "POST /api/purchases/:id/renewal/order": {
    access: "user",
    params: IdParams,
    response: OrderSchema,
    status: 201,
  },
  /** the buyer's own order; another's is a 404 */
  "GET /api/orders/:id": { access: "user", params: IdParams, response: OrderSchema },
  /** the buyer reports the payment's 12-digit UTR; anything else is a 400, another's order a 404 */
  "POST /api/orders/:id/payment": {
    access: "user",
    params: IdParams,
    body: PaymentReportSchema,
    response: OrderSchema,
  },
  /** newest first, a page at a time; `status` one or several */
  "GET /api/admin/orders": pagedList("office", OrderListQuerySchema, AdminOrderSchema),
  /** paid: the policy is in force from today, with its tax invoice; a second confirmation is a 409 */
  "POST /api/admin/orders/:id/confirm": {
    access: "office",
    params: IdParams,
    body: OrderConfirmSchema,
    response: AdminOrderSchema,
  },
  /** an unpaid order withdrawn: its pending policy is cancelled with the reason */
  "POST /api/admin/orders/:id/cancel": {
    access: "office",
    params: IdParams,
    body: OrderCancelSchema,
    response: AdminOrderSchema,
  },
  /**
   * a bank statement CSV (date, narration, reference or UTR, credit amount): each credit
   * matched to an open order by UTR, or by the order's reference in the narration, at the
   * exact amount; a preview unless `commit`, which confirms the matched orders once
   */
  "POST /api/admin/payments/import": {
    access: "office",
    body: PaymentImportSchema,
    response: PaymentImportResultSchema,
  },
});
