import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { SlaState } from "../../../shared/schemas/sla.ts";
import type { TicketPriority } from "../../../shared/schemas/ticket.ts";
import type { Db, Tx } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { holidays, plans, purchases, slaTargets, tickets } from "../../db/schema.ts";
import { timestampNullsLastKey } from "../../lib/keyset.ts";
import { addBusinessMinutes, businessMinutesBetween, type HolidaySet, indiaDay } from "./business-hours.ts";

/**
 * A ticket's service-level clock. Two targets run one after the other, both measured in
 * business minutes from the moment the ticket was raised: the first reply the customer
 * sees from staff, then the resolution. The clock pauses while the ticket waits on the
 * customer (`waiting_since`), and stops when the ticket is resolved or closed.
 *
 * What the ticket row keeps: the targets it runs under, the business minutes spent
 * waiting on the customer, and from those the due time of the current target and the time
 * 75% of it is used (`sla_due_at`, `sla_warn_at`), so the console sorts by due time and the
 * periodic scan finds tickets at risk or late through an index, without doing this
 * arithmetic per row in SQL.
 */

export type SlaTarget = "first_response" | "resolution";

/** the share of a target after which its ticket is flagged and its assignee warned */
const WARN_SHARE = 0.75;

type TicketRow = typeof tickets.$inferSelect;

/**
 * Holidays from the day of `from` on: the clock never looks back further than the ticket's
 * own start, and the table holds a few dozen days a year.
 */
async function loadHolidays(db: Db | Tx, from: Date): Promise<HolidaySet> {
  const rows = await db
    .select({ day: holidays.day })
    .from(holidays)
    .where(gte(holidays.day, indiaDay(from)))
    .orderBy(asc(holidays.day));
  return new Set(rows.map((r) => r.day));
}

/** The holidays from one India day to another (both included), each with its name */
export async function holidaysBetween(
  db: Db | Tx,
  fromDay: string,
  toDay: string,
): Promise<Map<string, string>> {
  const rows = await db
    .select({ day: holidays.day, name: holidays.name })
    .from(holidays)
    .where(and(gte(holidays.day, fromDay), lte(holidays.day, toDay)));
  return new Map(rows.map((r) => [r.day, r.name]));
}

async function targetsFor(tx: Tx | Db, ticket: TicketRow, priority: TicketPriority) {
  const [row] = await tx
    .select({ r: slaTargets.firstResponseMinutes, s: slaTargets.resolutionMinutes })
    .from(slaTargets)
    .where(
      and(
        eq(slaTargets.priority, priority),
        eq(
          slaTargets.planTier,
          sql`(select case when p.name in ('Essential', 'Premium', 'Elite') then p.name else 'Essential' end
                from ${purchases} pu join ${plans} p on p.id = pu.plan_id where pu.id = ${ticket.purchaseId})`,
        ),
      ),
    );
  return row ? { response: row.r, resolution: row.s } : { response: null, resolution: null };
}

/** the target running now, or null when the ticket is resolved or closed */
export function currentTarget(t: Pick<TicketRow, "status" | "firstRespondedAt">): SlaTarget | null {
  if (t.status === "resolved" || t.status === "closed") return null;
  return t.firstRespondedAt ? "resolution" : "first_response";
}

/** The due and 75% times of the ticket as it stands; both null while no clock runs. */
export function clockOf(
  t: Pick<
    TicketRow,
    | "status"
    | "firstRespondedAt"
    | "waitingSince"
    | "createdAt"
    | "slaPausedMinutes"
    | "slaResponseMinutes"
    | "slaResolutionMinutes"
  >,
  days: HolidaySet,
): { dueAt: Date | null; warnAt: Date | null } {
  const target = currentTarget(t);
  const minutes = target === "first_response" ? t.slaResponseMinutes : t.slaResolutionMinutes;
  if (!target || minutes === null || t.waitingSince) return { dueAt: null, warnAt: null };
  return {
    dueAt: addBusinessMinutes(t.createdAt, minutes + t.slaPausedMinutes, days),
    warnAt: addBusinessMinutes(t.createdAt, Math.ceil(minutes * WARN_SHARE) + t.slaPausedMinutes, days),
  };
}

export type SlaEvent =
  /** a new ticket, an old one without targets, or a priority change: (re)read the targets */
  | { kind: "targets" }
  /** a reply the customer sees, from staff */
  | { kind: "staff_reply" }
  /** the ticket's status changed */
  | { kind: "status"; from: TicketRow["status"] }
  /** staff say the ticket waits on the customer (true) or not any more (false) */
  | { kind: "waiting"; waiting: boolean }
  /** the customer answered: a wait on them is over */
  | { kind: "customer_reply" };

/**
 * Applies an event to a ticket's clock, inside the caller's transaction, after the caller
 * locked and (for a status or priority change) updated the row. A target met late is
 * recorded as missed at its due time, even when the periodic scan had not come round yet.
 */
export async function applySlaEvent(
  tx: Tx,
  ticketId: number,
  event: SlaEvent,
  now = new Date(),
): Promise<TicketRow | undefined> {
  const [t] = await tx.select().from(tickets).where(eq(tickets.id, ticketId));
  if (!t) return undefined;
  const patch: Partial<TicketRow> = {};
  const days = await loadHolidays(tx, t.createdAt);
  const lateNow = t.slaDueAt !== null && now > t.slaDueAt;
  const running = currentTarget(t);

  if (event.kind === "targets") {
    const targets = await targetsFor(tx, t, t.priority);
    patch.slaResponseMinutes = targets.response;
    patch.slaResolutionMinutes = targets.resolution;
  } else if (event.kind === "staff_reply") {
    if (!t.firstRespondedAt) {
      patch.firstRespondedAt = now;
      if (lateNow && running === "first_response" && !t.responseBreachedAt)
        patch.responseBreachedAt = t.slaDueAt;
      // the next target gets its own warning
      patch.slaWarnedAt = null;
    }
  } else if (event.kind === "status") {
    const closedNow = t.status === "resolved" || t.status === "closed";
    const wasClosed = event.from === "resolved" || event.from === "closed";
    if (closedNow && !wasClosed) {
      // the resolution e-mail is the customer's answer too, if nobody had replied yet
      if (!t.firstRespondedAt) patch.firstRespondedAt = now;
      patch.resolvedAt = now;
      if (lateNow) {
        // the target that was running until now: `t.firstRespondedAt` tells which
        if (!t.firstRespondedAt && !t.responseBreachedAt) patch.responseBreachedAt = t.slaDueAt;
        if (t.firstRespondedAt && !t.resolutionBreachedAt) patch.resolutionBreachedAt = t.slaDueAt;
      }
      Object.assign(patch, endWait(t, now, days));
    } else if (!closedNow && wasClosed) {
      // reopened: resolution's clock runs again, still from when the ticket was raised
      patch.resolvedAt = null;
      patch.slaWarnedAt = null;
    }
  } else if (event.kind === "waiting") {
    if (event.waiting && !t.waitingSince) patch.waitingSince = now;
    if (!event.waiting) Object.assign(patch, endWait(t, now, days));
  } else if (event.kind === "customer_reply") {
    Object.assign(patch, endWait(t, now, days));
  }

  const next = { ...t, ...patch };
  const { dueAt, warnAt } = clockOf(next, days);
  patch.slaDueAt = dueAt;
  patch.slaWarnAt = warnAt;
  const [after] = await tx.update(tickets).set(patch).where(eq(tickets.id, ticketId)).returning();
  return after;
}

/** the end of a wait on the customer: its business minutes are added to the pause */
function endWait(t: TicketRow, now: Date, days: HolidaySet): Partial<TicketRow> {
  if (!t.waitingSince) return {};
  return {
    waitingSince: null,
    slaPausedMinutes: t.slaPausedMinutes + Math.round(businessMinutesBetween(t.waitingSince, now, days)),
  };
}

/** What staff see of a ticket's clock in lists and on the ticket. */
export interface SlaView {
  dueAt: string | null;
  target: SlaTarget | null;
  /** 75% of the running target is used */
  atRisk: boolean;
  /** the running target is past due, or an earlier one was missed */
  breachedAt: string | null;
  waitingSince: string | null;
}

export function slaView(t: TicketRow, now = new Date()): SlaView {
  const target = currentTarget(t);
  const overdue = t.slaDueAt !== null && t.slaDueAt <= now ? t.slaDueAt : null;
  // the first target missed is the one staff are asked about; a running target past due is the next
  const breached = t.responseBreachedAt ?? t.resolutionBreachedAt ?? overdue;
  return {
    dueAt: t.slaDueAt?.toISOString() ?? null,
    target: t.waitingSince ? target : t.slaDueAt ? target : null,
    atRisk: t.slaWarnAt !== null && t.slaWarnAt <= now && !overdue,
    breachedAt: breached ? breached.toISOString() : null,
    waitingSince: t.waitingSince?.toISOString() ?? null,
  };
}

export type { Db };

/**
 * Open and in-progress tickets whose running target is past due now (the metrics' figure for
 * an alert). The expression and the status list are the queue's index's own
 * (tickets_queue_due_idx), so the count reads only that index's overdue end.
 */
export async function openTicketsPastTarget(db: Db): Promise<number> {
  const due = timestampNullsLastKey(tickets.slaDueAt).order;
  const [row] = await rowsOf<{ n: number }>(
    db.execute(
      sql`select count(*)::int as n from tickets where status in ('open', 'in_progress') and ${due} < now()`,
    ),
  );
  return Number(row?.n ?? 0);
}

/**
 * The clock in one word for a partner's list (SLA_STATES): missed once a target was missed
 * (as `slaView` says), met once resolved or closed with none missed, due while one runs;
 * null for a ticket that runs under no target.
 */
export function slaState(t: TicketRow, now = new Date()): SlaState | null {
  if (slaView(t, now).breachedAt) return "breached";
  if (t.slaResponseMinutes === null && t.slaResolutionMinutes === null) return null;
  return currentTarget(t) === null ? "met" : "due";
}
