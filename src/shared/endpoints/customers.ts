import { z } from "zod";
import { AdminCustomerSchema } from "../schemas/auth.ts";
import { IdParams } from "../schemas/ids.ts";
import { POLICY_STATUSES, PolicyListItemSchema } from "../schemas/policy.ts";
import { TICKET_STATUSES, TicketListItemSchema } from "../schemas/ticket.ts";
import { defineEndpoints } from "./define.ts";
import { filterOf, pagedList, pagedQuery } from "./filters.ts";

export const CUSTOMER_SORTS = ["name", "created", "updated"] as const;

/** The staff customer list's query. `q` finds a name, e-mail, phone or the number of a policy they hold. */
const CustomerListQuerySchema = pagedQuery(CUSTOMER_SORTS, { city: filterOf.city });

const AdminCustomerDetailSchema = z.object({
  customer: AdminCustomerSchema,
  purchases: z.array(PolicyListItemSchema),
  tickets: z.array(TicketListItemSchema),
});
export type AdminCustomerDetail = z.infer<typeof AdminCustomerDetailSchema>;

/** The console's find box: a ticket number, a customer's name, e-mail or phone, a policy number. */
const FindQuerySchema = z.object({
  q: z
    .string({ message: "Please type what to find" })
    .trim()
    .min(1, "Please type what to find")
    .max(100, "Please type at most 100 characters"),
});

/** At most this many of each kind: the find box opens one record, the lists page through the rest. */
export const FIND_LIMIT = 5;

const FindResultSchema = z.object({
  tickets: z.array(
    z.object({
      id: z.number().int(),
      subject: z.string(),
      status: z.enum(TICKET_STATUSES),
      customerName: z.string(),
    }),
  ),
  /** customers only (not staff), with or without tickets */
  customers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
    }),
  ),
  policies: z.array(
    z.object({
      id: z.number().int(),
      policyNumber: z.string(),
      status: z.enum(POLICY_STATUSES),
      userId: z.number().int(),
      customerName: z.string(),
    }),
  ),
});
export type FindResult = z.infer<typeof FindResultSchema>;

/** Customers as staff see them, with their policies and tickets. */
export const customerEndpoints = defineEndpoints({
  /** a page at a time (`paged`), newest first unless sorted otherwise */
  "GET /api/admin/customers": pagedList("office", CustomerListQuerySchema, AdminCustomerSchema),
  /**
   * the customer, and the first page (newest 50) of their policies and tickets; the rest
   * page through GET /api/admin/purchases?userId= and GET /api/admin/tickets?customer=
   */
  "GET /api/admin/customers/:id": { access: "office", params: IdParams, response: AdminCustomerDetailSchema },
  /** a few tickets, customers and policies matching `q`, each kind on its own index */
  "GET /api/admin/find": { access: "office", query: FindQuerySchema, response: FindResultSchema },
});
