import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { INQUIRY_INTERESTS, INQUIRY_STATUSES } from "../../../shared/schemas/inquiry.ts";
import {
  PURCHASE_STATUSES,
  PurchaseCancelSchema,
  PurchaseIssueSchema,
} from "../../../shared/schemas/purchase.ts";
import {
  StaffMessageSchema,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TicketAdminUpdateSchema,
} from "../../../shared/schemas/ticket.ts";
import type { Db } from "../../db/client.ts";
import { IdParams } from "../../lib/params.ts";
import { requireAdmin } from "../../plugins/session.ts";
import { inquiriesToCsv, listInquiries, setInquiryStatus } from "../inquiries/inquiries.service.ts";
import {
  issuePurchase,
  listAllPurchases,
  listPurchases,
  setPurchaseStatus,
} from "../purchases/purchases.service.ts";
import {
  addStaffMessage,
  assignTicket,
  getTicketForStaff,
  listAllTickets,
  listTickets,
  updateTicket,
} from "../tickets/tickets.service.ts";
import { getCustomer, listCustomers } from "../users/customers.service.ts";

const emptyToUndefined = (v: unknown) => (v === "" || v === "all" ? undefined : v);

const TicketFilter = z.object({
  status: z.preprocess(emptyToUndefined, z.enum(TICKET_STATUSES).optional()),
  priority: z.preprocess(emptyToUndefined, z.enum(TICKET_PRIORITIES).optional()),
  q: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
});
const PurchaseFilter = z.object({
  status: z.preprocess(emptyToUndefined, z.enum(PURCHASE_STATUSES).optional()),
  // beyond a PostgreSQL integer the query itself would fail (a 500): refuse it as a 400
  userId: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().max(2_147_483_647).optional()),
});
const InquiryFilter = z.object({
  status: z.preprocess(emptyToUndefined, z.enum(INQUIRY_STATUSES).optional()),
  interest: z.preprocess(emptyToUndefined, z.enum(INQUIRY_INTERESTS).optional()),
});

/** Staff endpoints: every route is admin-only (guest 401, customer 403) and every write is audited. */
export async function adminRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: "admin" } as const;

  // tickets
  r.get("/api/admin/tickets", { config: admin, schema: { querystring: TicketFilter } }, async (req) => {
    await requireAdmin(req);
    return listAllTickets(db, req.query);
  });
  r.get("/api/admin/tickets/:id", { config: admin, schema: { params: IdParams } }, async (req) => {
    await requireAdmin(req);
    return getTicketForStaff(db, req.params.id);
  });
  r.patch(
    "/api/admin/tickets/:id",
    { config: admin, schema: { params: IdParams, body: TicketAdminUpdateSchema } },
    async (req) => updateTicket(db, await requireAdmin(req), req.params.id, req.body),
  );
  r.patch("/api/admin/tickets/:id/assign", { config: admin, schema: { params: IdParams } }, async (req) =>
    assignTicket(db, await requireAdmin(req), req.params.id),
  );
  r.post(
    "/api/admin/tickets/:id/messages",
    { config: admin, schema: { params: IdParams, body: StaffMessageSchema } },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          await addStaffMessage(db, await requireAdmin(req), req.params.id, req.body.body, req.body.internal),
        ),
  );

  // policies
  r.get("/api/admin/purchases", { config: admin, schema: { querystring: PurchaseFilter } }, async (req) => {
    await requireAdmin(req);
    return listAllPurchases(db, req.query);
  });
  r.post(
    "/api/admin/purchases",
    { config: admin, schema: { body: PurchaseIssueSchema } },
    async (req, reply) => reply.code(201).send(await issuePurchase(db, await requireAdmin(req), req.body)),
  );
  r.post("/api/admin/purchases/:id/activate", { config: admin, schema: { params: IdParams } }, async (req) =>
    setPurchaseStatus(db, await requireAdmin(req), req.params.id, { to: "active" }),
  );
  r.post(
    "/api/admin/purchases/:id/cancel",
    { config: admin, schema: { params: IdParams, body: PurchaseCancelSchema } },
    async (req) =>
      setPurchaseStatus(db, await requireAdmin(req), req.params.id, {
        to: "cancelled",
        reason: req.body.reason,
      }),
  );

  // customers
  r.get("/api/admin/customers", { config: admin }, async (req) => {
    await requireAdmin(req);
    return listCustomers(db);
  });
  r.get("/api/admin/customers/:id", { config: admin, schema: { params: IdParams } }, async (req) => {
    await requireAdmin(req);
    const customer = await getCustomer(db, req.params.id);
    const [policies, tickets] = await Promise.all([listPurchases(db, customer), listTickets(db, customer)]);
    return { customer, purchases: policies, tickets };
  });

  // enquiries
  r.get("/api/admin/inquiries", { config: admin, schema: { querystring: InquiryFilter } }, async (req) => {
    await requireAdmin(req);
    return listInquiries(db, req.query);
  });
  r.get(
    "/api/admin/inquiries.csv",
    { config: admin, schema: { querystring: InquiryFilter } },
    async (req, reply) => {
      await requireAdmin(req);
      const csv = inquiriesToCsv(await listInquiries(db, req.query));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="enquiries-${day}.csv"`)
        .header("cache-control", "no-store")
        .send(csv);
    },
  );
  r.patch(
    "/api/admin/inquiries/:id",
    { config: admin, schema: { params: IdParams, body: z.object({ status: z.enum(INQUIRY_STATUSES) }) } },
    async (req) => setInquiryStatus(db, await requireAdmin(req), req.params.id, req.body.status),
  );
}
