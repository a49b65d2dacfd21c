import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import { requireAdmin } from "../../plugins/session.ts";
import { createEnquiry, enquiriesToCsv, listEnquiries, setEnquiryStatus } from "./enquiries.service.ts";

/** Where a form was sent from, kept for follow-up: a same-site path only. */
function sourcePath(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).pathname.slice(0, 200);
  } catch {
    return null;
  }
}

export async function enquiryRoutes(
  app: FastifyInstance,
  { db, rateLimitFactor }: { db: Db; rateLimitFactor: number },
) {
  route(
    app,
    "POST /api/inquiries",
    async (req) => {
      const inquiry = await createEnquiry(db, req.body, sourcePath(req.headers.referer));
      return { id: inquiry.id, message: "Message sent successfully!" };
    },
    { rateLimit: { max: Math.ceil(10 * rateLimitFactor), timeWindow: "1 minute" } },
  );

  // staff: every write is audited
  route(app, "GET /api/admin/inquiries", async (req) => {
    await requireAdmin(req);
    return listEnquiries(db, req.query);
  });
  route(app, "GET /api/admin/inquiries.csv", async (req, reply) => {
    await requireAdmin(req);
    const csv = enquiriesToCsv(await listEnquiries(db, req.query));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="enquiries-${day}.csv"`)
      .header("cache-control", "no-store")
      .send(csv);
  });
  route(app, "PATCH /api/admin/inquiries/:id", async (req) =>
    setEnquiryStatus(db, await requireAdmin(req), req.params.id, req.body.status),
  );
}
