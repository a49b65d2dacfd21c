import { and, eq, gt, lt } from "drizzle-orm";
import type { Metrics, MetricsQuery } from "../../../shared/schemas/sla.ts";
import type { Db } from "../../db/client.ts";
import { metricsSnapshots } from "../../db/schema.ts";
import type { JobHandler } from "../jobs/queue.ts";
import type { Schedule } from "../jobs/runner.ts";
import { type MetricsFigures, type MetricsPeriod, metricsFor, metricsPeriod } from "./metrics.service.ts";

/**
 * The metrics page's standard periods (the last 7, 30 and 90 days) are counted every ten
 * minutes and answered as counted then, saying when: counting 90 days took 1.07 s at a
 * million tickets, and medians and 90th percentiles cannot be kept exact by the ticket writes
 * the way the ticket counters are (ticket-counts.ts). A custom period is counted for its answer.
 */
export const METRICS_REFRESH = "metrics.refresh";
export const REFRESH_MINUTES = 10;

/** every ten minutes, whichever process adds it first: the period is the slot, "2026-11-26T10:2" */
export const metricsSchedule: Schedule = {
  kind: METRICS_REFRESH,
  period: (now) => now.toISOString().slice(0, 15),
};

const STANDARD_PERIODS = ["7", "30", "90"] as const;

/** a snapshot older than two refreshes (no job runner, or a slow one) is counted again instead */
const STALE_MS = 2 * REFRESH_MINUTES * 60_000;

async function countAndKeep(db: Db, period: MetricsPeriod, now: Date): Promise<Metrics> {
  const figures = await metricsFor(db, period, now);
  await db
    .insert(metricsSnapshots)
    .values({ fromDay: period.from, toDay: period.to, figures, computedAt: now })
    .onConflictDoUpdate({
      target: [metricsSnapshots.fromDay, metricsSnapshots.toDay],
      set: { figures, computedAt: now },
      // two processes counting at once: the later count stays
      where: lt(metricsSnapshots.computedAt, now),
    });
  return { ...figures, asOf: now.toISOString(), refreshMinutes: REFRESH_MINUTES };
}

/** GET /api/admin/metrics: a standard period as last counted (counted now if never or long ago), a custom one counted now */
export async function metricsAnswer(db: Db, query: MetricsQuery, now = new Date()): Promise<Metrics> {
  const period = metricsPeriod(query, now);
  if (query.period === "custom") {
    return { ...(await metricsFor(db, period, now)), asOf: now.toISOString(), refreshMinutes: null };
  }
  const [kept] = await db
    .select()
    .from(metricsSnapshots)
    .where(
      and(
        eq(metricsSnapshots.fromDay, period.from),
        eq(metricsSnapshots.toDay, period.to),
        gt(metricsSnapshots.computedAt, new Date(now.getTime() - STALE_MS)),
      ),
    );
  if (!kept) return countAndKeep(db, period, now);
  return {
    ...(kept.figures as MetricsFigures),
    asOf: kept.computedAt.toISOString(),
    refreshMinutes: REFRESH_MINUTES,
  };
}

/** The scheduled count of the standard periods; snapshots of earlier days go. */
export function metricsRefreshHandler(db: Db, now: () => Date = () => new Date()): JobHandler {
  return async () => {
    const at = now();
    for (const p of STANDARD_PERIODS) await countAndKeep(db, metricsPeriod({ period: p }, at), at);
    await db
      .delete(metricsSnapshots)
      .where(lt(metricsSnapshots.computedAt, new Date(at.getTime() - STALE_MS)));
  };
}
