import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { todayInIndia } from "../../../shared/dates.ts";
import type { EnquiryInterest, EnquiryStatus } from "../../../shared/schemas/enquiry.ts";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import { type CursorCodec, listQuery } from "../../lib/keyset.ts";
import { perAddress } from "../../lib/rate-counters.ts";
import { enquiryBatches, listStaffEnquiriesPage } from "./enquiries.queries.ts";
import { createEnquiry, enquiriesCsv, setEnquiryStatus } from "./enquiries.service.ts";

/** Where a form was sent from, kept for follow-up: a same-site path only. */
function sourcePath(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).pathname.slice(0, 200);
  } catch {
    return null;
  }
}

const enquiryFilters = (q: {
  status?: EnquiryStatus[];
  interest?: EnquiryInterest[];
  from?: string;
  to?: string;
}) => ({ status: q.status, interest: q.interest, createdFrom: q.from, createdTo: q.to });

export async function enquiryRoutes(
  app: FastifyInstance,
  { db, codec, rateLimitFactor }: { db: Db; codec: CursorCodec; rateLimitFactor: number },
) {
  route(
    app,
    "POST /api/inquiries",
    async (req) => {
      const inquiry = await createEnquiry(db, req.body, sourcePath(req.headers.referer));
      return { id: inquiry.id, message: "Message sent successfully!" };
    },
    { rateLimit: perAddress(10 * rateLimitFactor, "1 minute") },
  );

  // staff: every write is audited
  route(app, "GET /api/admin/inquiries", async (req) => {
    const q = req.query;
    return listStaffEnquiriesPage(db, codec, listQuery(q, "created", enquiryFilters(q)));
  });
  route(app, "GET /api/admin/inquiries.csv", async (req, reply) => {
    const q = req.query;
    const { sort, direction, filters } = listQuery({ ...q, limit: 0 }, "created", enquiryFilters(q));
    const batches = enquiryBatches(db, { sort, direction, filters, q: q.q || undefined });
    // the first batch is read before the answer starts, so a failing query is still an
    // error answer rather than a download cut short
    const first = await batches.next();
    async function* all() {
      if (first.done) return;
      yield first.value;
      yield* batches;
    }
    // the office's day: from 18:30 UTC on, UTC's date is still yesterday's in India
    const day = todayInIndia();
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="enquiries-${day}.csv"`)
      .header("cache-control", "no-store")
      .send(Readable.from(enquiriesCsv(all())));
  });
  route(app, "PATCH /api/admin/inquiries/:id", async (req) =>
    setEnquiryStatus(db, req.actor, req.params.id, req.body.status),
  );
}
