import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import { type CursorCodec, listQuery } from "../../lib/keyset.ts";
import { listCustomerPoliciesPage } from "../policies/policies.queries.ts";
import { listCustomerTicketsPage } from "../tickets/tickets.queries.ts";
import { listStaffCustomersPage } from "./customers.queries.ts";
import { getCustomer } from "./customers.service.ts";
import { findAnything } from "./find.queries.ts";

/** A customer's staff page shows this many of their newest policies and tickets; the rest page through the lists. */
const FIRST_PAGE = 50;

/** Staff read customers with their policies and tickets. */
export async function customerRoutes(app: FastifyInstance, { db, codec }: { db: Db; codec: CursorCodec }) {
  route(app, "GET /api/admin/customers", async (req) => {
    return listStaffCustomersPage(db, codec, listQuery(req.query, "created", { city: req.query.city }));
  });
  route(app, "GET /api/admin/customers/:id", async (req) => {
    const actor = req.actor;
    const customer = await getCustomer(db, req.params.id);
    const first = { sort: "created", direction: "desc", filters: {}, limit: FIRST_PAGE } as const;
    const [policies, tickets] = await Promise.all([
      listCustomerPoliciesPage(db, codec, customer.id, first),
      listCustomerTicketsPage(db, codec, actor, customer.id, first),
    ]);
    return { customer, purchases: policies.items, tickets: tickets.items };
  });
  route(app, "GET /api/admin/find", async (req) => {
    return findAnything(db, req.query.q);
  });
}
