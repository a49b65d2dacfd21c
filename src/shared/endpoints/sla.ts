import { z } from "zod";
import { MessageSchema } from "../schemas/auth.ts";
import { IdParams } from "../schemas/ids.ts";
import {
  HolidayInputSchema,
  HolidayListQuery,
  HolidayParams,
  HolidaySchema,
  MetricsQuerySchema,
  MetricsSchema,
  SlaTargetParams,
  SlaTargetSchema,
  SlaTargetUpdateSchema,
  TicketWaitingSchema,
} from "../schemas/sla.ts";
import { TicketSchema } from "../schemas/ticket.ts";
import { defineEndpoints } from "./define.ts";

/**
 * Service levels and the numbers staff steer by: the targets by plan and priority, the
 * holiday calendar the clock skips, a ticket's wait on the customer (the clock pauses), and
 * the metrics page. Staff only; every change is audited.
 */
export const slaEndpoints = defineEndpoints({
  /** the twelve targets (three plans by four priorities), in business minutes */
  "GET /api/admin/sla/targets": { access: "office", response: z.array(SlaTargetSchema) },
  /** new tickets, and tickets whose priority changes, run under the new target */
  "PUT /api/admin/sla/targets/:tier/:priority": {
    access: "office",
    params: SlaTargetParams,
    body: SlaTargetUpdateSchema,
    response: SlaTargetSchema,
  },
  /** one year's holidays (this year and later unless `year` is given): a few dozen rows */
  "GET /api/admin/sla/holidays": {
    access: "office",
    query: HolidayListQuery,
    response: z.array(HolidaySchema),
  },
  /** 400 for a day already in the calendar */
  "POST /api/admin/sla/holidays": {
    access: "office",
    body: HolidayInputSchema,
    response: HolidaySchema,
    status: 201,
  },
  "DELETE /api/admin/sla/holidays/:day": { access: "office", params: HolidayParams, response: MessageSchema },
  /** waiting on the customer (`true`: the clock pauses) or not (`false`: it runs again) */
  "PATCH /api/admin/tickets/:id/waiting": {
    access: "office",
    params: IdParams,
    body: TicketWaitingSchema,
    response: TicketSchema,
  },
  /** the metrics page's figures for a period */
  "GET /api/admin/metrics": { access: "office", query: MetricsQuerySchema, response: MetricsSchema },
  /** the same figures as a spreadsheet: one row per figure */
  "GET /api/admin/metrics.csv": {
    access: "office",
    query: MetricsQuerySchema,
    response: z.string(),
    download: "text/csv",
  },
});
