import { formatDateTime } from "@shared/format.ts";
import type { SlaView } from "@shared/schemas/sla.ts";
import { cn } from "@web/lib/cn.ts";
import { DayThenTime } from "./day-then-time.tsx";

const TONES = {
  missed: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
  risk: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  waiting: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
} as const;

function Flag({ tone, children }: { tone: keyof typeof TONES; children: string }) {
  return (
    <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap", TONES[tone])}>
      {children}
    </span>
  );
}

const TARGET_LABELS = { first_response: "First reply", resolution: "Resolution" } as const;

/**
 * A ticket's service-level clock for staff: when the running target falls due, and a flag
 * when three quarters of it are used, when a target was missed, or while it waits on the customer.
 */
export function SlaDue({
  sla,
  className,
  long = false,
  narrow = false,
}: {
  sla: SlaView;
  className?: string;
  long?: boolean;
  /** in a table column: below `lg` the time goes under the day, so the column stays narrow on a tablet */
  narrow?: boolean;
}) {
  return (
    <div className={cn("flex flex-col items-start gap-1", className)} data-testid="sla-due">
      {sla.dueAt ? (
        <span className={cn("text-sm tabular-nums", narrow ? "lg:whitespace-nowrap" : "whitespace-nowrap")}>
          {long && sla.target ? `${TARGET_LABELS[sla.target]} due ` : ""}
          <time dateTime={sla.dueAt}>
            {narrow ? <DayThenTime value={sla.dueAt} /> : formatDateTime(sla.dueAt)}
          </time>
        </span>
      ) : sla.waitingSince ? null : (
        <span className="text-sm text-muted-foreground">No clock running</span>
      )}
      <span className="flex flex-wrap gap-1">
        {sla.breachedAt ? <Flag tone="missed">Target missed</Flag> : null}
        {sla.atRisk && !sla.breachedAt ? <Flag tone="risk">At risk</Flag> : null}
        {sla.waitingSince ? <Flag tone="waiting">Waiting on customer</Flag> : null}
      </span>
    </div>
  );
}
