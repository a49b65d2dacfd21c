import type { StaffStats } from "@shared/endpoints/tickets.ts";
import { paths } from "@shared/paths.ts";
import type { TicketStatus } from "@shared/schemas/ticket.ts";
import { formatCount } from "@web/components/lists/labels.ts";
import { cn } from "@web/lib/cn.ts";
import { CheckCircle2, CircleDot, Inbox, Timer } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";

// small counters: a glance at the totals, leaving the screen to the queue itself
const CARD =
  "flex items-center gap-2 rounded-lg border bg-card py-1 pr-3 pl-1 text-left shadow-sm transition-colors hover:border-primary/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

function Stat({ icon, label, value, tone }: { icon: ReactNode; label: string; value: number; tone: string }) {
  return (
    <>
      <span
        className={cn("flex size-7 shrink-0 items-center justify-center rounded-md [&_svg]:size-4", tone)}
      >
        {icon}
      </span>
      <span className="flex items-baseline gap-1.5 whitespace-nowrap">
        <span className="text-base font-bold tabular-nums">{formatCount(value)}</span>
        <span className="text-xs text-muted-foreground">{label}</span>
      </span>
    </>
  );
}

/**
 * Counts of open, in progress and resolved tickets (from the server's one aggregate query,
 * never from a list's length); each filters the ticket list.
 */
export function TicketStats({
  stats,
  activeStatus,
  onPick,
}: {
  stats: StaffStats;
  activeStatus: string;
  onPick: (status: TicketStatus) => void;
}) {
  const count = (s: TicketStatus) => stats.tickets[s];
  const cards = [
    {
      status: "open" as const,
      label: "Open Tickets",
      icon: <CircleDot aria-hidden="true" />,
      tone: "bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-200",
    },
    {
      status: "in_progress" as const,
      label: "In Progress",
      icon: <Timer aria-hidden="true" />,
      tone: "bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-200",
    },
    {
      status: "resolved" as const,
      label: "Resolved",
      icon: <CheckCircle2 aria-hidden="true" />,
      tone: "bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200",
    },
  ];
  return (
    <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
      {cards.map((s) => (
        <button
          key={s.status}
          type="button"
          className={cn(
            CARD,
            "cursor-pointer",
            activeStatus === s.status && "border-primary ring-1 ring-primary",
          )}
          aria-pressed={activeStatus === s.status}
          onClick={() => onPick(s.status)}
          data-testid={`stat-${s.status}`}
        >
          <Stat icon={s.icon} label={s.label} value={count(s.status)} tone={s.tone} />
        </button>
      ))}
      <Link href={`${paths.adminEnquiries}?status=new`} className={CARD} data-testid="stat-enquiries">
        <Stat
          icon={<Inbox aria-hidden="true" />}
          label="New Enquiries"
          value={stats.newEnquiries}
          tone="bg-violet-100 text-violet-800 dark:bg-violet-400/15 dark:text-violet-200"
        />
      </Link>
    </div>
  );
}
