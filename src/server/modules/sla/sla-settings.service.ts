import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { Actor } from "../../../shared/access.ts";
import type { SlaTarget } from "../../../shared/schemas/sla.ts";
import type { Ticket } from "../../../shared/schemas/ticket.ts";
import type { Db, Tx } from "../../db/client.ts";
import { holidays, slaTargets, tickets, users } from "../../db/schema.ts";
import { badRequest, notFound } from "../../errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { lockTicket, toTicket } from "../tickets/tickets.service.ts";
import { isUniqueViolation } from "../users/users.service.ts";
import { indiaDay } from "./business-hours.ts";
import { applySlaEvent } from "./sla.service.ts";

// Staff's SLA settings: the targets per plan and priority, the holiday calendar, a ticket's
// wait on the customer. Each change is audited in the transaction that makes it.

/** every target, the plans from the smallest up */
export async function readTargets(db: Db | Tx): Promise<SlaTarget[]> {
  const rows = await db
    .select({
      planTier: slaTargets.planTier,
      priority: slaTargets.priority,
      firstResponseMinutes: slaTargets.firstResponseMinutes,
      resolutionMinutes: slaTargets.resolutionMinutes,
      updatedAt: slaTargets.updatedAt,
      updatedBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(slaTargets)
    .leftJoin(users, eq(users.id, slaTargets.updatedById))
    // the plans from the smallest up, and the priorities from the most pressing down
    .orderBy(
      sql`array_position(array['Essential', 'Premium', 'Elite'], ${slaTargets.planTier})`,
      sql`${slaTargets.priority} desc`,
    );
  return rows.map((r) => ({
    ...r,
    planTier: r.planTier as SlaTarget["planTier"],
    updatedAt: r.updatedAt.toISOString(),
  }));
}

const HOLIDAY_TAKEN = "This day is already in the holiday calendar";

export async function updateSlaTarget(
  db: Db,
  actor: Actor,
  tier: SlaTarget["planTier"],
  priority: SlaTarget["priority"],
  hours: { firstResponseHours: number; resolutionHours: number },
): Promise<SlaTarget> {
  const firstResponseMinutes = Math.round(hours.firstResponseHours * 60);
  const resolutionMinutes = Math.round(hours.resolutionHours * 60);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(slaTargets)
      .where(and(eq(slaTargets.planTier, tier), eq(slaTargets.priority, priority)))
      .for("update");
    if (!before) throw notFound("Target not found");
    await tx
      .update(slaTargets)
      .set({ firstResponseMinutes, resolutionMinutes, updatedById: actor.id, updatedAt: new Date() })
      .where(and(eq(slaTargets.planTier, tier), eq(slaTargets.priority, priority)));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "sla.target_update",
      entityType: "setting",
      entityId: null,
      details: {
        planTier: tier,
        priority,
        from: {
          firstResponseMinutes: before.firstResponseMinutes,
          resolutionMinutes: before.resolutionMinutes,
        },
        to: { firstResponseMinutes, resolutionMinutes },
      },
    });
  });
  const all = await readTargets(db);
  return all.find((t) => t.planTier === tier && t.priority === priority) as SlaTarget;
}

/** the holidays of `year`, or of this year and the ones after it */
export async function listHolidays(db: Db, year?: number) {
  const where = year
    ? and(gte(holidays.day, `${year}-01-01`), lte(holidays.day, `${year}-12-31`))
    : gte(holidays.day, `${indiaDay(new Date()).slice(0, 4)}-01-01`);
  // at most a few dozen days a year: the holidays of this year and the next ones kept
  return db
    .select({ day: holidays.day, name: holidays.name })
    .from(holidays)
    .where(where)
    .orderBy(asc(holidays.day))
    .limit(200);
}

export async function addHoliday(db: Db, actor: Actor, day: string, name: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await tx.insert(holidays).values({ day, name });
      await recordAudit(tx, {
        actorId: actor.id,
        action: "sla.holiday_add",
        entityType: "setting",
        entityId: null,
        details: { day, name },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(HOLIDAY_TAKEN, { day: HOLIDAY_TAKEN });
    throw err;
  }
}

export async function removeHoliday(db: Db, actor: Actor, day: string): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.delete(holidays).where(eq(holidays.day, day)).returning();
    if (!row) return null;
    await recordAudit(tx, {
      actorId: actor.id,
      action: "sla.holiday_remove",
      entityType: "setting",
      entityId: null,
      details: { day, name: row.name },
    });
    return row;
  });
  if (!removed) throw notFound("This day is not in the holiday calendar");
}

/** pauses or restarts a ticket's SLA clock while it waits on the customer */
export async function setTicketWaiting(db: Db, actor: Actor, id: number, waiting: boolean): Promise<Ticket> {
  return db.transaction(async (tx) => {
    const before = await lockTicket(tx, id);
    if (waiting && (before.status === "resolved" || before.status === "closed")) {
      throw badRequest("A resolved or closed ticket has no clock to pause");
    }
    await tx.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, id));
    const after = await applySlaEvent(tx, id, { kind: "waiting", waiting });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "ticket.waiting",
      entityType: "ticket",
      entityId: id,
      details: { waiting, wasWaiting: before.waitingSince !== null },
    });
    return toTicket(after ?? before);
  });
}
