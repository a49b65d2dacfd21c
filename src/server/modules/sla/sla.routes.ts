import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import { metricsCsv, metricsPeriod } from "./metrics.service.ts";
import { metricsAnswer } from "./metrics-snapshots.ts";
import {
  addHoliday,
  listHolidays,
  readTargets,
  removeHoliday,
  setTicketWaiting,
  updateSlaTarget,
} from "./sla-settings.service.ts";

/** Service-level targets, the holiday calendar, a ticket's wait on the customer, and the metrics. */
export async function slaRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, "GET /api/admin/sla/targets", () => readTargets(db));

  route(app, "PUT /api/admin/sla/targets/:tier/:priority", (req) =>
    updateSlaTarget(db, req.actor, req.params.tier, req.params.priority, req.body),
  );

  route(app, "GET /api/admin/sla/holidays", (req) => listHolidays(db, req.query.year));

  route(app, "POST /api/admin/sla/holidays", async (req, reply) => {
    const { day, name } = req.body;
    await addHoliday(db, req.actor, day, name);
    reply.code(201);
    return { day, name };
  });

  route(app, "DELETE /api/admin/sla/holidays/:day", async (req) => {
    await removeHoliday(db, req.actor, req.params.day);
    return { message: "Holiday removed" };
  });

  route(app, "PATCH /api/admin/tickets/:id/waiting", (req) =>
    setTicketWaiting(db, req.actor, req.params.id, req.body.waiting),
  );

  route(app, "GET /api/admin/metrics", (req) => metricsAnswer(db, req.query));

  route(app, "GET /api/admin/metrics.csv", async (req, reply) => {
    const period = metricsPeriod(req.query);
    const csv = metricsCsv(await metricsAnswer(db, req.query));
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="metrics-${period.from}-to-${period.to}.csv"`)
      .header("cache-control", "no-store")
      .send(Readable.from([csv]));
  });
}
