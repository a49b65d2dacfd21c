import { eq, sql } from "drizzle-orm";
import { formatDateTime } from "../../../shared/format.ts";
import { fullName } from "../../../shared/names.ts";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { tickets, users } from "../../db/schema.ts";
import type { JobHandler } from "../jobs/queue.ts";
import type { Schedule } from "../jobs/runner.ts";
import { queueEmail, STAFF_ADDRESS } from "../mail/outbox.ts";
import { applySlaEvent, currentTarget } from "./sla.service.ts";

export const SLA_SCAN = "sla.scan";

/**
 * Every ten minutes (the runner adds scheduled jobs that often), whichever process adds it
 * first: the period is the ten-minute slot, "2026-11-26T10:2".
 */
export const slaSchedule: Schedule = { kind: SLA_SCAN, period: (now) => now.toISOString().slice(0, 15) };

/** tickets handled per step and scan: a backlog is worked off over a few scans, never in one long one */
const BATCH = 500;

/**
 * The periodic check of service levels:
 * 1. open tickets without targets (raised before service levels existed) get their clock;
 * 2. a running target past its due time is recorded as missed (at its due time);
 * 3. a ticket at 75% of its target gets one e-mail to its assignee (all staff while it has
 *    none), once per ticket and target: the job's unique key holds even if two scans race.
 */
export function slaScanHandler(db: Db, now: () => Date = () => new Date()): JobHandler {
  return async () => {
    const at = now();
    const iso = at.toISOString();

    const unstarted = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(sql`${tickets.status} in ('open', 'in_progress') and ${tickets.slaResponseMinutes} is null`)
      .limit(BATCH);
    for (const { id } of unstarted) {
      await db.transaction(async (tx) => {
        await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, id)).for("update");
        await applySlaEvent(tx, id, { kind: "targets" }, at);
      });
    }

    await db.execute(sql`update tickets set response_breached_at = sla_due_at
      where sla_due_at is not null and sla_due_at <= ${iso}::timestamptz
        and first_responded_at is null and response_breached_at is null`);
    await db.execute(sql`update tickets set resolution_breached_at = sla_due_at
      where sla_due_at is not null and sla_due_at <= ${iso}::timestamptz
        and first_responded_at is not null and resolution_breached_at is null`);

    const atRisk = await rowsOf<{ id: number }>(
      db.execute(sql`select id from tickets
        where sla_warn_at is not null and sla_warned_at is null and sla_warn_at <= ${iso}::timestamptz
        order by sla_warn_at limit ${BATCH}`),
    );
    for (const { id } of atRisk) {
      await db.transaction(async (tx) => {
        const [t] = await tx.select().from(tickets).where(eq(tickets.id, id)).for("update");
        const target = t ? currentTarget(t) : null;
        // re-read under the lock: the ticket may have moved on since the select above
        if (!t || !target || !t.slaDueAt || !t.slaWarnAt || t.slaWarnAt > at || t.slaWarnedAt) return;
        const [assignee] = t.assigneeId
          ? await tx
              .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
              .from(users)
              .where(eq(users.id, t.assigneeId))
          : [];
        await queueEmail(
          tx,
          {
            template: "staff_sla_warning",
            to: assignee?.email ?? STAFF_ADDRESS,
            toName: assignee ? fullName(assignee) : undefined,
            audience: "staff",
            data: {
              ticketId: t.id,
              subject: t.subject,
              target: target === "first_response" ? "first reply" : "resolution",
              due: formatDateTime(t.slaDueAt),
              overdue: t.slaDueAt <= at,
            },
          },
          { ticketId: t.id, uniqueKey: `sla-warning:${t.id}:${target}` },
        );
        await tx.update(tickets).set({ slaWarnedAt: at }).where(eq(tickets.id, t.id));
      });
    }
  };
}
