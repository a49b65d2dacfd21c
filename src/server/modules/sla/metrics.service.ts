import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { addDays, indiaInstant, todayInIndia } from "../../../shared/dates.ts";
import { AGE_BUCKETS, type Metrics, type MetricsQuery } from "../../../shared/schemas/sla.ts";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";

/** the figures of a period, as counted (the answer adds when, and how often they are counted) */
export type MetricsFigures = Omit<Metrics, "asOf" | "refreshMinutes">;

export interface MetricsPeriod {
  /** India's calendar days, both included */
  from: string;
  to: string;
}

/** The days a query asks for: the last 7, 30 (the default) or 90 days with today, or its own two dates. */
export function metricsPeriod(q: MetricsQuery, now = new Date()): MetricsPeriod {
  if (q.period === "custom" && q.from && q.to) return { from: q.from, to: q.to };
  const to = todayInIndia(now);
  const days = Number(q.period && q.period !== "custom" ? q.period : 30);
  return { from: addDays(to, -(days - 1)), to };
}

/** the instant an India calendar day starts */
const dayStart = (day: string) => indiaInstant(day).toISOString();

// to a hundredth of an hour (36 s): the page shows a figure under an hour in whole minutes
const hours = (v: number | string | null) => (v === null ? null : Math.round((Number(v) / 3600) * 100) / 100);

/**
 * The metrics page's figures, each one SQL aggregate over an index (tickets raised in the
 * period by created_at, resolved in it by resolved_at, the open queue by its partial index),
 * so the work grows with the period's tickets, never with a loop in JavaScript.
 */
export async function metricsFor(db: Db, period: MetricsPeriod, now = new Date()): Promise<MetricsFigures> {
  const a = dayStart(period.from);
  const b = dayStart(addDays(period.to, 1));
  const inPeriod = sql`t.created_at >= ${a}::timestamptz and t.created_at < ${b}::timestamptz`;

  const [raised] = await rowsOf<{
    raised: number;
    fr_count: number;
    fr_median: number | null;
    fr_p90: number | null;
    measured: number;
    met: number;
  }>(
    db.execute(sql`select count(*)::int as raised,
      count(t.first_responded_at)::int as fr_count,
      percentile_cont(0.5) within group (order by extract(epoch from t.first_responded_at - t.created_at))
        filter (where t.first_responded_at is not null) as fr_median,
      percentile_cont(0.9) within group (order by extract(epoch from t.first_responded_at - t.created_at))
        filter (where t.first_responded_at is not null) as fr_p90,
      -- a ticket's targets are decided once it is resolved or one of them was missed
      count(*) filter (where t.sla_response_minutes is not null and (t.resolved_at is not null
        or t.response_breached_at is not null or t.resolution_breached_at is not null))::int as measured,
      count(*) filter (where t.sla_response_minutes is not null and t.resolved_at is not null
        and t.response_breached_at is null and t.resolution_breached_at is null)::int as met
      from tickets t where ${inPeriod}`),
  );

  const [resolved] = await rowsOf<{ n: number; median: number | null; p90: number | null }>(
    db.execute(sql`select count(*)::int as n,
      percentile_cont(0.5) within group (order by extract(epoch from t.resolved_at - t.created_at)) as median,
      percentile_cont(0.9) within group (order by extract(epoch from t.resolved_at - t.created_at)) as p90
      from tickets t where t.resolved_at >= ${a}::timestamptz and t.resolved_at < ${b}::timestamptz`),
  );

  const [rating] = await rowsOf<{ n: number; avg: number | string | null }>(
    db.execute(sql`select count(*)::int as n, avg(r.score) as avg from ticket_ratings r
      where r.created_at >= ${a}::timestamptz and r.created_at < ${b}::timestamptz`),
  );

  const counts = (q: Promise<unknown>) =>
    rowsOf<{ key: string; count: number }>(q).then((rows) =>
      rows.map((r) => ({ key: r.key, count: Number(r.count) })),
    );
  const byCoveredItem = await counts(
    db.execute(sql`select coalesce(t.covered_item, 'not stated') as key, count(*)::int as count
      from tickets t where ${inPeriod} group by 1 order by 2 desc, 1 limit 30`),
  );
  // tickets are counted per policy first, then each policy is read by its key: a hash join
  // would read every policy (50,000 at scale) to find the few hundred a period names
  const perPolicy = sql`(select t.purchase_id, count(*)::int as n from tickets t where ${inPeriod} group by 1) tp`;
  const byCity = await counts(
    db.execute(sql`select p.property_city as key, sum(tp.n)::int as count from ${perPolicy}
      cross join lateral (select property_city, plan_id from purchases where id = tp.purchase_id) p
      group by 1 order by 2 desc, 1 limit 30`),
  );
  const byPlan = await counts(
    db.execute(sql`select pl.name as key, sum(tp.n)::int as count from ${perPolicy}
      cross join lateral (select plan_id from purchases where id = tp.purchase_id) p
      join plans pl on pl.id = p.plan_id
      group by 1 order by 2 desc, 1 limit 30`),
  );
  const ages = await rowsOf<{ bucket: number; count: number }>(
    db.execute(sql`select case
        when t.created_at > ${now.toISOString()}::timestamptz - interval '1 day' then 0
        when t.created_at > ${now.toISOString()}::timestamptz - interval '3 days' then 1
        when t.created_at > ${now.toISOString()}::timestamptz - interval '7 days' then 2
        when t.created_at > ${now.toISOString()}::timestamptz - interval '30 days' then 3
        else 4 end as bucket, count(*)::int as count
      from tickets t where t.status in ('open', 'in_progress') group by 1`),
  );
  const openByAge = AGE_BUCKETS.map((key, i) => ({
    key,
    count: Number(ages.find((r) => Number(r.bucket) === i)?.count ?? 0),
  }));

  return {
    from: period.from,
    to: period.to,
    raised: Number(raised.raised),
    firstResponse: {
      count: Number(raised.fr_count),
      medianHours: hours(raised.fr_median),
      p90Hours: hours(raised.fr_p90),
    },
    resolution: {
      count: Number(resolved.n),
      medianHours: hours(resolved.median),
      p90Hours: hours(resolved.p90),
    },
    sla: {
      measured: Number(raised.measured),
      met: Number(raised.met),
      attainment: Number(raised.measured) > 0 ? Number(raised.met) / Number(raised.measured) : null,
    },
    rating: {
      count: Number(rating.n),
      average: rating.avg === null ? null : Math.round(Number(rating.avg) * 100) / 100,
    },
    byCoveredItem,
    byCity,
    byPlan,
    openByAge,
  };
}

/** The figures as a spreadsheet: one row per figure (section, item, value), from the period's first line. */
export function metricsCsv(m: Metrics): string {
  const rows: (string | number | null)[][] = [
    ["section", "item", "value"],
    ["period", "from", m.from],
    ["period", "to", m.to],
    ["period", "counted at", m.asOf],
    ["tickets", "raised", m.raised],
    ["first response", "tickets", m.firstResponse.count],
    ["first response", "median hours", m.firstResponse.medianHours],
    ["first response", "p90 hours", m.firstResponse.p90Hours],
    ["resolution", "tickets", m.resolution.count],
    ["resolution", "median hours", m.resolution.medianHours],
    ["resolution", "p90 hours", m.resolution.p90Hours],
    ["service levels", "measured", m.sla.measured],
    ["service levels", "met", m.sla.met],
    [
      "service levels",
      "attainment %",
      m.sla.attainment === null ? null : Math.round(m.sla.attainment * 1000) / 10,
    ],
    ["rating", "ratings", m.rating.count],
    ["rating", "average", m.rating.average],
    ...m.byCoveredItem.map((r) => ["by covered item", r.key, r.count]),
    ...m.byCity.map((r) => ["by city", r.key, r.count]),
    ...m.byPlan.map((r) => ["by plan", r.key, r.count]),
    ...m.openByAge.map((r) => ["open by age", r.key, r.count]),
  ];
  // escapeFormulae: a city or item name starting with = + - @ is written as text, not run by a spreadsheet
  return Papa.unparse(rows, { escapeFormulae: true, newline: "\r\n" });
}
