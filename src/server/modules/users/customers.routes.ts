import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import { requireAdmin } from "../../plugins/session.ts";
import { listPolicies } from "../policies/policies.service.ts";
import { listTickets } from "../tickets/tickets.service.ts";
import { getCustomer, listCustomers } from "./customers.service.ts";

/** Staff read customers with their policies and tickets. */
export async function customerRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, "GET /api/admin/customers", async (req) => {
    await requireAdmin(req);
    return listCustomers(db);
  });
  route(app, "GET /api/admin/customers/:id", async (req) => {
    await requireAdmin(req);
    const customer = await getCustomer(db, req.params.id);
    const [policies, tickets] = await Promise.all([listPolicies(db, customer), listTickets(db, customer)]);
    return { customer, purchases: policies, tickets };
  });
}
