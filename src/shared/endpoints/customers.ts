import { z } from "zod";
import { AdminCustomerSchema } from "../schemas/auth.ts";
import { IdParams } from "../schemas/ids.ts";
import { PolicyListItemSchema } from "../schemas/policy.ts";
import { TicketListItemSchema } from "../schemas/ticket.ts";
import { defineEndpoints } from "./define.ts";
import { filterOf, pagedQuery } from "./filters.ts";

export const CUSTOMER_SORTS = ["name", "created", "updated"] as const;

/** The staff customer list's query. `q` finds a name, e-mail, phone or the number of a policy they hold. */
export const CustomerListQuerySchema = pagedQuery(CUSTOMER_SORTS, { city: filterOf.city });

export const AdminCustomerDetailSchema = z.object({
  customer: AdminCustomerSchema,
  purchases: z.array(PolicyListItemSchema),
  tickets: z.array(TicketListItemSchema),
});
export type AdminCustomerDetail = z.infer<typeof AdminCustomerDetailSchema>;

/** Customers as staff see them, with their policies and tickets. */
export const customerEndpoints = defineEndpoints({
  /** a page at a time (`paged`), newest first unless sorted otherwise */
  "GET /api/admin/customers": {
    access: "admin",
    query: CustomerListQuerySchema,
    response: z.array(AdminCustomerSchema),
    paged: true,
  },
  /**
   * the customer, and the first page (newest 50) of their policies and tickets; the rest
   * page through GET /api/admin/purchases?userId= and GET /api/admin/tickets?customer=
   */
  "GET /api/admin/customers/:id": { access: "admin", params: IdParams, response: AdminCustomerDetailSchema },
});
