import { z } from "zod";
import { AdminCustomerSchema } from "../schemas/auth.ts";
import { IdParams } from "../schemas/ids.ts";
import { PurchaseListItemSchema } from "../schemas/policy.ts";
import { TicketListItemSchema } from "../schemas/ticket.ts";
import { defineEndpoints } from "./define.ts";

export const AdminCustomerDetailSchema = z.object({
  customer: AdminCustomerSchema,
  purchases: z.array(PurchaseListItemSchema),
  tickets: z.array(TicketListItemSchema),
});
export type AdminCustomerDetail = z.infer<typeof AdminCustomerDetailSchema>;

/** Customers as staff see them, with their policies and tickets. */
export const customerEndpoints = defineEndpoints({
  "GET /api/admin/customers": { access: "admin", response: z.array(AdminCustomerSchema) },
  "GET /api/admin/customers/:id": { access: "admin", params: IdParams, response: AdminCustomerDetailSchema },
});
