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

const hours = (h: number | null) =>
  h === null ? "–" : h < 48 ? `${h} h` : `${Math.round((h / 24) * 10) / 10} days`;
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

function Stat({ title, value, detail }: { title: string; value: string; detail: string }) {
  return (
    <Card className="p-4">
      <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
      <p className="mt-1 text-xs text-muted-foreground">{detail}</p>
    </Card>
  );
}

function Figures({ m }: { m: Metrics }) {
  const attainment = m.sla.attainment === null ? "–" : `${Math.round(m.sla.attainment * 1000) / 10}%`;
  return (
    <>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {m.from} to {m.to}: {m.raised} {m.raised === 1 ? "ticket" : "tickets"} raised
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat
          title="First response"
          value={`${hours(m.firstResponse.medianHours)} median`}
          detail={`90% within ${hours(m.firstResponse.p90Hours)} · ${m.firstResponse.count} tickets`}
        />
        <Stat
          title="Resolution"
          value={`${hours(m.resolution.medianHours)} median`}
          detail={`90% within ${hours(m.resolution.p90Hours)} · ${m.resolution.count} resolved`}
        />
        <Stat
          title="Service levels met"
          value={attainment}
          detail={`${m.sla.met} of ${m.sla.measured} tickets decided`}
        />
        <Stat
          title="Average rating"
          value={m.rating.average === null ? "–" : `${m.rating.average} / 5`}
          detail={`${m.rating.count} ${m.rating.count === 1 ? "rating" : "ratings"}`}
        />
      </div>
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
