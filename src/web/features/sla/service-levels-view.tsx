import { formatDate } from "@shared/format.ts";
import type { SlaTarget } from "@shared/schemas/sla.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Form } from "@web/components/forms/form.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { LoadError } from "@web/components/ui/load-error.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { apiCall, apiQuery, errorMessage } from "@web/lib/api.ts";
import { refreshReads } from "@web/lib/refresh.ts";
import { useSaveErrors } from "@web/lib/save-errors.ts";
import { toast } from "@web/lib/toast.ts";
import { Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";

const PRIORITY_LABELS: Record<string, string> = {
  urgent: "Urgent",
  high: "High",
  medium: "Medium",
  low: "Low",
};
const toHours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** Targets by plan and priority, and the holiday calendar the clock skips. */
export function ServiceLevelsView() {
  return (
    <div className="grid gap-6">
      <Targets />
      <Holidays />
    </div>
  );
}

function Targets() {
  const targets = useQuery(apiQuery("GET /api/admin/sla/targets"));
  return (
    <Card className="p-4">
      <h2 className="font-semibold">Targets</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        In business hours (Monday to Friday 9:00-18:00, Saturday 9:00-16:00, India time; no Sundays or
        holidays), from when the ticket is raised. The clock pauses while a ticket waits on the customer. A
        business day is 9 hours. New tickets, and tickets whose priority changes, take a changed target.
      </p>
      {targets.isError ? (
        <LoadError what="the targets" onRetry={() => targets.refetch()} />
      ) : !targets.data ? (
        <Skeleton className="mt-4 h-64" />
      ) : (
        <div className="mt-4 grid gap-2">
          {targets.data.map((t) => (
            <TargetRow key={`${t.planTier}-${t.priority}`} target={t} />
          ))}
        </div>
      )}
    </Card>
  );
}

function TargetRow({ target }: { target: SlaTarget }) {
  const client = useQueryClient();
  const [first, setFirst] = useState(String(toHours(target.firstResponseMinutes)));
  const [resolution, setResolution] = useState(String(toHours(target.resolutionMinutes)));
  const { errors, clear, failed } = useSaveErrors({
    toast: { title: "Could not save", fallback: "Please try again." },
  });
  const save = useMutation({
    mutationFn: () =>
      apiCall("PUT /api/admin/sla/targets/:tier/:priority", {
        params: { tier: target.planTier, priority: target.priority },
        body: { firstResponseHours: Number(first), resolutionHours: Number(resolution) },
      }),
    onSuccess: () => {
      clear();
      toast({
        title: "Target saved",
        description: `${target.planTier}, ${PRIORITY_LABELS[target.priority]}`,
      });
      void refreshReads(client, "GET /api/admin/sla/targets");
    },
    onError: failed,
  });
  const id = `${target.planTier}-${target.priority}`;
  const changed =
    Number(first) !== toHours(target.firstResponseMinutes) ||
    Number(resolution) !== toHours(target.resolutionMinutes);
  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate();
  }
  return (
    <Form
      onSubmit={submit}
      className="grid grid-cols-2 items-end gap-2 border-t pt-2 sm:grid-cols-[9rem_1fr_1fr_auto]"
    >
      <p className="col-span-2 text-sm font-medium sm:col-span-1 sm:self-center">
        {target.planTier} · {PRIORITY_LABELS[target.priority]}
      </p>
      <label className="grid gap-1 text-xs text-muted-foreground" htmlFor={`${id}-first`}>
        First reply (hours)
        <Input
          id={`${id}-first`}
          inputMode="decimal"
          value={first}
          onChange={(e) => setFirst(e.target.value)}
          aria-invalid={errors.firstResponseHours ? true : undefined}
        />
        {errors.firstResponseHours ? <span className="text-danger">{errors.firstResponseHours}</span> : null}
      </label>
      <label className="grid gap-1 text-xs text-muted-foreground" htmlFor={`${id}-resolution`}>
        Resolution (hours)
        <Input
          id={`${id}-resolution`}
          inputMode="decimal"
          value={resolution}
          onChange={(e) => setResolution(e.target.value)}
          aria-invalid={errors.resolutionHours ? true : undefined}
        />
        {errors.resolutionHours ? <span className="text-danger">{errors.resolutionHours}</span> : null}
      </label>
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={!changed || save.isPending}
        className="col-span-2 sm:col-span-1"
      >
        Save
      </Button>
    </Form>
  );
}

function Holidays() {
  const client = useQueryClient();
  const list = useQuery(apiQuery("GET /api/admin/sla/holidays", { query: {} }));
  const [day, setDay] = useState("");
  const [name, setName] = useState("");
  const { errors, clear, failed } = useSaveErrors({
    toast: { title: "Could not add the holiday", fallback: "Please try again." },
  });
  const refreshHolidays = () => refreshReads(client, "GET /api/admin/sla/holidays");
  const add = useMutation({
    mutationFn: () => apiCall("POST /api/admin/sla/holidays", { body: { day, name } }),
    onSuccess: () => {
      setDay("");
      setName("");
      clear();
      toast({ title: "Holiday added" });
      void refreshHolidays();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (d: string) => apiCall("DELETE /api/admin/sla/holidays/:day", { params: { day: d } }),
    onSuccess: () => {
      toast({ title: "Holiday removed" });
      void refreshHolidays();
    },
    onError: (error) =>
      toast({
        title: "Could not remove it",
        description: errorMessage(error, "Please try again."),
        variant: "destructive",
      }),
  });
  return (
    <Card className="p-4">
      <h2 className="font-semibold">Holidays</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Days the clock stands still besides Sundays: Tamil Nadu's public holidays, this year and later.
      </p>
      <Form
        className="mt-4 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <label className="grid gap-1 text-sm" htmlFor="holiday-day">
          Date
          <Input
            id="holiday-day"
            type="date"
            value={day}
            onChange={(e) => setDay(e.target.value)}
            className="w-44"
          />
          {errors.day ? <span className="text-xs text-danger">{errors.day}</span> : null}
        </label>
        <label className="grid min-w-48 flex-1 gap-1 text-sm" htmlFor="holiday-name">
          Name
          <Input id="holiday-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
          {errors.name ? <span className="text-xs text-danger">{errors.name}</span> : null}
        </label>
        <Button type="submit" disabled={add.isPending}>
          Add holiday
        </Button>
      </Form>
      {list.isError ? (
        <LoadError what="the holidays" onRetry={() => list.refetch()} />
      ) : !list.data ? (
        <Skeleton className="mt-4 h-40" />
      ) : (
        <ul className="mt-4 divide-y" aria-label="Holidays">
          {list.data.map((h) => (
            <li key={h.day} className="flex items-center gap-3 py-2 text-sm">
              <span className="w-36 shrink-0 tabular-nums">{formatDate(h.day)}</span>
              <span className="flex-1">{h.name}</span>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                aria-label={`Remove ${h.name}, ${formatDate(h.day)}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(h.day)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
