import { and, asc, eq, gt, lt, ne } from "drizzle-orm";
import type { Actor } from "../../../shared/access.ts";
import { fullName } from "../../../shared/names.ts";
import { isStaffRole } from "../../../shared/schemas/auth.ts";
import {
  type FreeSlotDay,
  type FreeSlotQuery,
  formatVisitSlot,
  hhmmOf,
  visitHolidayMessage,
  visitHoursOn,
  visitSlotInstants,
} from "../../../shared/schemas/visit.ts";
import type { Db, Tx } from "../../db/client.ts";
import { ticketVisits, users } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../errors.ts";
import { holidaysBetween } from "../sla/sla.service.ts";
import { isTechnician } from "../tickets/ticket-access.ts";

/**
 * A technician's calendar: the days they visit (visiting hours, never on a Sunday or a
 * holiday of the service calendar, the same holidays that stop the service-level clock) and
 * the visits they already have. A visit belongs to the ticket's assignee when its time is set.
 */

const DAY_MS = 86_400_000;

/** every India day from `from` to `to`, both included */
function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** Refuses a visit on a holiday (400, on the date field); Sundays are the slot schema's to refuse */
export async function assertNotHoliday(db: Db | Tx, date: string) {
  const holiday = (await holidaysBetween(db, date, date)).get(date);
  if (holiday) {
    const message = visitHolidayMessage(holiday);
    throw badRequest(message, { date: message });
  }
}

/** The technician's visit that overlaps the time given, other than `exceptVisitId`, if any */
async function clashOf(
  db: Db | Tx,
  technicianId: number,
  startsAt: Date,
  endsAt: Date,
  exceptVisitId?: number,
) {
  const [clash] = await db
    .select({
      id: ticketVisits.id,
      ticketId: ticketVisits.ticketId,
      startsAt: ticketVisits.startsAt,
      endsAt: ticketVisits.endsAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(ticketVisits)
    .innerJoin(users, eq(users.id, ticketVisits.technicianId))
    .where(
      and(
        eq(ticketVisits.technicianId, technicianId),
        lt(ticketVisits.startsAt, endsAt),
        gt(ticketVisits.endsAt, startsAt),
        exceptVisitId ? ne(ticketVisits.id, exceptVisitId) : undefined,
      ),
    )
    .orderBy(asc(ticketVisits.startsAt))
    .limit(1);
  return clash;
}

/** 409 naming the visit in the way: whose, which ticket, and when */
export async function assertNoClash(
  db: Db | Tx,
  technicianId: number,
  startsAt: Date,
  endsAt: Date,
  exceptVisitId?: number,
) {
  const clash = await clashOf(db, technicianId, startsAt, endsAt, exceptVisitId);
  if (!clash) return;
  const message =
    `${fullName(clash)} already has a visit for ticket #${clash.ticketId} on ` +
    `${formatVisitSlot(clash.startsAt, clash.endsAt)}. Please choose one of their free slots`;
  throw conflict(message, { start: message });
}

/** the error PostgreSQL raises when the no-overlap constraint refuses a second visit */
export function isOverlapRefused(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23P01" || e?.cause?.code === "23P01";
}

/**
 * The free slots of a staff member, day by day: each visiting day's hours cut into slots of
 * the length asked for, starting on the hour, less those that overlap one of their visits or
 * have already begun. A Sunday or a holiday says why it has none.
 */
export async function freeSlots(
  db: Db,
  actor: Actor,
  technicianId: number,
  q: FreeSlotQuery,
  now: Date = new Date(),
): Promise<FreeSlotDay[]> {
  // a technician sees their own calendar only, as they see only their own tickets
  if (isTechnician(actor) && actor.id !== technicianId) throw notFound("Technician not found");
  const [person] = await db
    .select({ role: users.role, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, technicianId));
  if (!person || !isStaffRole(person.role) || person.deactivatedAt) throw notFound("Technician not found");

  const to = q.to ?? q.from;
  const days = daysFrom(q.from, to);
  const holidays = await holidaysBetween(db, q.from, to);
  const first = visitSlotInstants({ date: q.from, start: "00:00", end: "00:00" }).startsAt;
  const busy = await db
    .select({ startsAt: ticketVisits.startsAt, endsAt: ticketVisits.endsAt })
    .from(ticketVisits)
    .where(
      and(
        eq(ticketVisits.technicianId, technicianId),
        lt(ticketVisits.startsAt, new Date(first.getTime() + days.length * DAY_MS)),
        gt(ticketVisits.endsAt, first),
        q.visitId ? ne(ticketVisits.id, q.visitId) : undefined,
      ),
    );
  return days.map((date) => {
    const hours = visitHoursOn(date);
    const holiday = holidays.get(date);
    if (!hours || holiday) return { date, closed: holiday ?? "Sunday", slots: [] };
    const slots: FreeSlotDay["slots"] = [];
    for (let start = hours[0]; start + q.minutes <= hours[1]; start += 60) {
      const slot = { start: hhmmOf(start), end: hhmmOf(start + q.minutes) };
      const { startsAt, endsAt } = visitSlotInstants({ date, ...slot });
      if (startsAt <= now) continue;
      if (busy.some((b) => b.startsAt < endsAt && b.endsAt > startsAt)) continue;
      slots.push(slot);
    }
    return { date, closed: null, slots };
  });
}
