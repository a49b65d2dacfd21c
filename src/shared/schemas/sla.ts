import { z } from "zod";
import { boundedDay, isoDateTime } from "./ids.ts";

/** A ticket's service-level clock as staff see it in lists and on the ticket. */
export const SlaViewSchema = z.object({
  /** when the running target falls due; null while none runs (resolved, closed, waiting on the customer) */
  dueAt: isoDateTime.nullable(),
  target: z.enum(["first_response", "resolution"]).nullable(),
  /** three quarters of the running target are used */
  atRisk: z.boolean(),
  /** when a target was missed (the running one, or an earlier one); null when none was */
  breachedAt: isoDateTime.nullable(),
  /** the ticket waits on the customer since then: the clock is paused */
  waitingSince: isoDateTime.nullable(),
});
export type SlaView = z.infer<typeof SlaViewSchema>;

/**
 * A claim's service level in one word, as a partner sees it: `due` while a target runs,
 * `breached` once one was missed, `met` when it was resolved with none missed.
 */
export const SLA_STATES = ["due", "breached", "met"] as const;
export type SlaState = (typeof SLA_STATES)[number];

const PLAN_TIERS = ["Essential", "Premium", "Elite"] as const;

const MINUTES_MESSAGE = "Please enter business hours from 0.25 to 400";
/** targets are edited in business hours (quarters allowed) and stored in minutes */
const hours = z
  .number(MINUTES_MESSAGE)
  .min(0.25, MINUTES_MESSAGE)
  .max(400, MINUTES_MESSAGE)
  .refine((h) => Number.isInteger(h * 4), "Please use quarters of an hour at most");

export const SlaTargetSchema = z.object({
  planTier: z.enum(PLAN_TIERS),
  priority: z.enum(["low", "medium", "high", "urgent"]),
  firstResponseMinutes: z.number().int(),
  resolutionMinutes: z.number().int(),
  updatedAt: isoDateTime,
  updatedBy: z.string().nullable(),
});
export type SlaTarget = z.infer<typeof SlaTargetSchema>;

export const SlaTargetUpdateSchema = z
  .object({ firstResponseHours: hours, resolutionHours: hours })
  .refine((v) => v.resolutionHours >= v.firstResponseHours, {
    message: "The resolution target cannot be shorter than the first reply target",
    path: ["resolutionHours"],
  });
export const SlaTargetParams = z.object({
  tier: z.enum(PLAN_TIERS, "Unknown plan"),
  priority: z.enum(["low", "medium", "high", "urgent"], "Unknown priority"),
});

export const HolidaySchema = z.object({ day: z.iso.date(), name: z.string() });
export const HolidayInputSchema = z.object({
  day: boundedDay("Please enter the date as YYYY-MM-DD"),
  name: z
    .string()
    .trim()
    .min(2, "Please name the holiday")
    .max(100, "Please keep the name under 100 characters"),
});

export const HolidayParams = z.object({ day: boundedDay("Please give the date as YYYY-MM-DD") });

export const HolidayListQuery = z.strictObject({
  /** the holidays of one year; the current year's and later when absent */
  year: z
    .string()
    .regex(/^20\d\d$/, "year must be a year such as 2026")
    .transform(Number)
    .optional(),
});

/** staff mark a ticket as waiting on the customer (the clock pauses) or not */
export const TicketWaitingSchema = z.object({ waiting: z.boolean("waiting must be true or false") });

// ---- metrics ----

export const MetricsQuerySchema = z
  .strictObject({
    /** the last 7, 30 or 90 days (India's calendar, today included); 30 unless asked */
    period: z.enum(["7", "30", "90", "custom"], "period must be 7, 30, 90 or custom").optional(),
    from: boundedDay("Please enter dates as YYYY-MM-DD").optional(),
    to: boundedDay("Please enter dates as YYYY-MM-DD").optional(),
  })
  .superRefine((q, ctx) => {
    if (q.period !== "custom") return;
    if (!q.from || !q.to) {
      ctx.addIssue({ code: "custom", path: [q.from ? "to" : "from"], message: "Please choose both dates" });
    } else if (q.from > q.to) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: "The end date must not be before the start date",
      });
    } else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 > 731) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "Please choose at most two years" });
    }
  });
export type MetricsQuery = z.infer<typeof MetricsQuerySchema>;

const Duration = z.object({
  /** tickets measured */
  count: z.number().int(),
  /** hours on the clock (not business hours), from the ticket being raised */
  medianHours: z.number().nullable(),
  p90Hours: z.number().nullable(),
});

const Count = z.object({ key: z.string(), count: z.number().int() });

export const MetricsSchema = z.object({
  /** India's calendar days, both included */
  from: z.iso.date(),
  to: z.iso.date(),
  /** tickets raised in the period */
  raised: z.number().int(),
  /** of tickets raised in the period: the first reply the customer saw */
  firstResponse: Duration,
  /** of tickets resolved in the period */
  resolution: Duration,
  /** of tickets raised in the period whose targets were met or missed by now */
  sla: z.object({
    measured: z.number().int(),
    met: z.number().int(),
    /** met / measured, 0 to 1; null when nothing was measured */
    attainment: z.number().nullable(),
  }),
  /** customers' ratings given in the period, 1 to 5 */
  rating: z.object({ count: z.number().int(), average: z.number().nullable() }),
  byCoveredItem: z.array(Count),
  byCity: z.array(Count),
  byPlan: z.array(Count),
  /** open and in-progress tickets now, by how long ago they were raised */
  openByAge: z.array(Count),
  /** when the figures were counted (ISO 8601) */
  asOf: isoDateTime,
  /**
   * the last 7, 30 and 90 days are counted again every this many minutes and shown as counted
   * then (counting them takes about a second at a million tickets); null: counted for this answer
   */
  refreshMinutes: z.number().int().nullable(),
});
export type Metrics = z.infer<typeof MetricsSchema>;

export const AGE_BUCKETS = ["Under 1 day", "1-3 days", "3-7 days", "7-30 days", "Over 30 days"] as const;
