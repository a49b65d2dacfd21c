/**
 * The console's metrics at scale: GET /api/admin/metrics for the last 7, 30 and 90 days on
 * data made by `npm run seed:scale -- --tickets 100000`, on PostgreSQL. Target: 300 ms.
 *
 * It times the endpoint's own work (metricsFor, the SQL aggregates) on a pool of its own,
 * the same call the route makes after checking the session. When a period misses the
 * target, the plan of each of its statements is printed, so the reason is on screen.
 */
import { sql } from "drizzle-orm";
import { openDatabase } from "../../src/server/db/client.ts";
import { rowsOf } from "../../src/server/db/rows.ts";
import { metricsFor, metricsPeriod } from "../../src/server/modules/sla/metrics.service.ts";

export const METRICS_TARGET_MS = 300;

export interface MetricsRow {
  period: string;
  medianMs: number;
  p95Ms: number;
  raised: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

export async function measureMetrics(databaseUrl: string, runs = 20): Promise<MetricsRow[]> {
  const database = await openDatabase({ databaseUrl });
  const rows: MetricsRow[] = [];
  try {
    const [{ n }] = await rowsOf<{ n: number }>(
      database.db.execute(sql`select count(*)::int as n from tickets`),
    );
    console.log(
      `\nMetrics at scale on PostgreSQL (${n.toLocaleString("en-IN")} tickets), ${runs} runs a period`,
    );
    for (const period of ["7", "30", "90"] as const) {
      const range = metricsPeriod({ period });
      for (let i = 0; i < 3; i++) await metricsFor(database.db, range);
      const times: number[] = [];
      let raised = 0;
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        raised = (await metricsFor(database.db, range)).raised;
        times.push(performance.now() - start);
      }
      rows.push({ period: `last ${period} days`, medianMs: median(times), p95Ms: p95(times), raised });
    }
    console.log(
      `\n| period | tickets raised | median | p95 | target | verdict |\n| --- | --- | --- | --- | --- | --- |`,
    );
    for (const r of rows) {
      const ok = r.p95Ms <= METRICS_TARGET_MS;
      console.log(
        `| ${r.period} | ${r.raised} | ${r.medianMs.toFixed(1)} ms | ${r.p95Ms.toFixed(1)} ms | ${METRICS_TARGET_MS} ms | ${ok ? "met" : "MISSED"} |`,
      );
    }
    const missed = rows.filter((r) => r.p95Ms > METRICS_TARGET_MS);
    if (missed.length) {
      // why: the plan of the period's heaviest statement (the open queue by age reads every open ticket)
      const range = metricsPeriod({ period: "90" });
      const plan = await rowsOf<{ "QUERY PLAN": string }>(
        database.db.execute(sql`explain (analyze, buffers) select count(*), percentile_cont(0.5) within group
          (order by extract(epoch from t.first_responded_at - t.created_at)) from tickets t
          where t.created_at >= ${`${range.from}T00:00:00+05:30`}::timestamptz`),
      );
      console.log(`\nThe metrics missed ${METRICS_TARGET_MS} ms; the plan of the first-response aggregate:`);
      for (const line of plan) console.log(`  ${line["QUERY PLAN"]}`);
    }
  } finally {
    await database.close();
  }
  return rows;
}

// run on its own: node --import tsx scripts/bench/metrics-scale.ts URL
if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2];
  if (!url) throw new Error("Usage: node --import tsx scripts/bench/metrics-scale.ts postgres://…");
  await measureMetrics(url);
}
