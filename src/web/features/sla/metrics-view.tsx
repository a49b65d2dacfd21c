import { formatDateTime } from "@shared/format.ts";
import type { Metrics, MetricsQuery } from "@shared/schemas/sla.ts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { LoadError } from "@web/components/ui/load-error.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { apiPath, apiQuery } from "@web/lib/api.ts";
import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from "chart.js";
import { Download } from "lucide-react";
import { useState } from "react";
import { Bar } from "react-chartjs-2";

// only the bar chart's parts: chart.js leaves out (tree-shakes) every other chart type
ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

const PERIODS = [
  { value: "7", label: "Last 7 days" },
  { value: "30", label: "Last 30 days" },
  { value: "90", label: "Last 90 days" },
  { value: "custom", label: "Custom" },
] as const;

type Period = (typeof PERIODS)[number]["value"];

/** a duration in hours as staff read it: minutes under an hour, hours under two days, then days */
function duration(h: number) {
  if (h < 1) {
    const minutes = Math.round(h * 60);
    return minutes < 1 ? "under 1 min" : `${minutes} min`;
  }
  return h < 48 ? `${Math.round(h * 10) / 10} h` : `${Math.round((h / 24) * 10) / 10} days`;
}
const label = (key: string) => key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

/** The numbers staff steer by, for a period: speed, service levels, ratings, and where claims come from. */
export function MetricsView() {
  const [period, setPeriod] = useState<Period>("30");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const query: MetricsQuery =
    period === "custom" ? { period, from: from || undefined, to: to || undefined } : { period };
  const ready = period !== "custom" || (from !== "" && to !== "");
  const metrics = useQuery({
    ...apiQuery("GET /api/admin/metrics", { query }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const csv = apiPath("GET /api/admin/metrics.csv", { query });

  return (
    <div className="grid gap-4">
      <Card className="flex flex-wrap items-end gap-3 p-4">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Period</legend>
          {PERIODS.map((p) => (
            <Button
              key={p.value}
              type="button"
              size="sm"
              variant={period === p.value ? "default" : "outline"}
              aria-pressed={period === p.value}
              onClick={() => setPeriod(p.value)}
            >
              {p.label}
            </Button>
          ))}
        </fieldset>
        {period === "custom" ? (
          <div className="flex flex-wrap gap-2">
            <DayField id="metrics-from" label="From" value={from} onChange={setFrom} />
            <DayField id="metrics-to" label="To" value={to} onChange={setTo} />
          </div>
        ) : null}
        <Button asChild variant="outline" size="sm" className="ml-auto">
          <a href={ready ? csv : undefined} download aria-disabled={!ready}>
            <Download aria-hidden="true" /> Download CSV
          </a>
        </Button>
      </Card>
      {!ready ? (
        <p className="text-sm text-muted-foreground">Choose both dates to see the figures.</p>
      ) : metrics.isError ? (
        <LoadError what="the figures" onRetry={() => metrics.refetch()} />
      ) : !metrics.data ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : (
        <Figures m={metrics.data} />
      )}
    </div>
  );
}

const tickets = (n: number) => `${n} ${n === 1 ? "ticket" : "tickets"}`;

/** `sample`: how many the figure is taken from, beside it, so a figure from a handful shows as such */
function Stat({
  title,
  value,
  sample,
  detail,
}: {
  title: string;
  value: string;
  sample?: string;
  detail: string;
}) {
  return (
    <Card className="p-4">
      <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
      <p className="mt-1 text-2xl font-semibold tabular-nums">
        {value}
        {/* a space, not a margin: read aloud and copied, it is "92% of 13 tickets" */}
        {sample ? <span className="text-sm font-normal text-muted-foreground"> {sample}</span> : null}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{detail}</p>
    </Card>
  );
}

/** The four headline figures; a figure with nothing to measure says so in words. */
export function Headlines({ m }: { m: Metrics }) {
  const first = m.firstResponse;
  const resolved = m.resolution;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Stat
        title="First response"
        value={first.medianHours === null ? "No replies yet" : `${duration(first.medianHours)} median`}
        detail={
          first.p90Hours === null
            ? "None of the period's tickets has had a reply yet"
            : `90% within ${duration(first.p90Hours)} · ${tickets(first.count)}`
        }
      />
      <Stat
        title="Resolution"
        value={resolved.medianHours === null ? "None resolved" : `${duration(resolved.medianHours)} median`}
        detail={
          resolved.p90Hours === null
            ? "No ticket was resolved in the period"
            : `90% within ${duration(resolved.p90Hours)} · ${resolved.count} resolved`
        }
      />
      <Stat
        title="Service levels met"
        value={m.sla.attainment === null ? "None decided" : `${Math.round(m.sla.attainment * 1000) / 10}%`}
        sample={m.sla.attainment === null ? undefined : `of ${tickets(m.sla.measured)}`}
        detail={`${m.sla.met} of ${m.sla.measured} tickets decided`}
      />
      <Stat
        title="Average rating"
        value={m.rating.average === null ? "No ratings yet" : `${m.rating.average} / 5`}
        detail={`${m.rating.count} ${m.rating.count === 1 ? "rating" : "ratings"}`}
      />
    </div>
  );
}

/**
 * When the figures were counted: the standard periods are counted every few minutes, not
 * for each visit (about a second of the database's work at a million tickets), so the page
 * says how fresh they are.
 */
export function countedAt(m: Pick<Metrics, "asOf" | "refreshMinutes">) {
  const at = formatDateTime(m.asOf);
  return m.refreshMinutes === null
    ? `Counted at ${at}`
    : `Counted at ${at}, again every ${m.refreshMinutes} minutes`;
}

function Figures({ m }: { m: Metrics }) {
  return (
    <>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {m.from} to {m.to}: {tickets(m.raised)} raised
        <span className="block text-xs" data-testid="metrics-counted-at">
          {countedAt(m)}
        </span>
      </p>
      <Headlines m={m} />
      <div className="grid gap-4 lg:grid-cols-2">
        <BarCard title="Open tickets by age" rows={m.openByAge} />
        <BarCard
          title="Tickets by covered item"
          rows={m.byCoveredItem.map((r) => ({ ...r, key: label(r.key) }))}
        />
        <BarCard title="Tickets by city" rows={m.byCity} />
        <BarCard title="Tickets by plan" rows={m.byPlan} />
      </div>
    </>
  );
}

/** one end of the custom period, a calendar day */
function DayField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="grid gap-1 text-sm" htmlFor={id}>
      {label}
      <Input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} className="w-40" />
    </label>
  );
}

/** A bar chart with the same numbers as a table under it, for screen readers and exact reading. */
function BarCard({ title, rows }: { title: string; rows: { key: string; count: number }[] }) {
  const shown = rows.slice(0, 12);
  return (
    <Card className="p-4">
      <h2 className="mb-3 font-semibold">{title}</h2>
      {shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">No tickets in this period.</p>
      ) : (
        <>
          <div className="h-56" aria-hidden="true">
            <Bar
              data={{
                labels: shown.map((r) => r.key),
                datasets: [{ data: shown.map((r) => r.count), backgroundColor: "#0f766e", borderRadius: 4 }],
              }}
              options={{
                indexAxis: "y",
                maintainAspectRatio: false,
                animation: false,
                plugins: { tooltip: { enabled: true } },
                scales: {
                  x: {
                    beginAtZero: true,
                    ticks: { precision: 0, color: "#71717a" },
                    grid: { color: "#71717a33" },
                  },
                  y: { ticks: { color: "#71717a" }, grid: { display: false } },
                },
              }}
            />
          </div>
          <table className="mt-3 w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <tbody>
              {shown.map((r) => (
                <tr key={r.key} className="border-t">
                  <th scope="row" className="py-1 text-left font-normal">
                    {r.key}
                  </th>
                  <td className="py-1 text-right tabular-nums">{r.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Card>
  );
}
