import { and, eq, gte, lte } from "drizzle-orm";
import { addDays, todayInIndia } from "../../../shared/dates.ts";
import type { Db } from "../../db/client.ts";
import { purchases } from "../../db/schema.ts";
import type { JobHandler } from "../jobs/queue.ts";
import type { Schedule } from "../jobs/runner.ts";
import { policyFacts } from "./notifications.ts";
import { queueEmail } from "./outbox.ts";

export const REMINDER_SCAN = "reminders.scan";

/** Days before a policy ends when its holder is reminded, each once */
const REMINDER_DAYS = [60, 30, 7] as const;

/** Once per India day, whichever process adds it first */
export const reminderSchedule: Schedule = { kind: REMINDER_SCAN, period: (now) => todayInIndia(now) };

/**
 * Queues the reminders that are due: a policy ending within 60 days gets the 60-day one,
 * within 30 the 30-day one, within 7 the 7-day one. The unique key (policy, step, end date)
 * makes each happen once, however often the scan runs and however many processes run it,
 * and a scan missed for a few days still sends what was due.
 */
export function reminderScanHandler(db: Db, today: () => string = () => todayInIndia()): JobHandler {
  return async () => {
    const day = today();
    for (const [i, days] of REMINDER_DAYS.entries()) {
      const next = REMINDER_DAYS[i + 1] ?? -1;
      const rows = await db
        .select()
        .from(purchases)
        .where(
          and(
            eq(purchases.status, "active"),
            gte(purchases.endDate, addDays(day, next + 1)),
            lte(purchases.endDate, addDays(day, days)),
          ),
        );
      for (const p of rows) {
        await db.transaction(async (tx) => {
          const f = await policyFacts(tx, p);
          if (!f) return;
          const left = Math.round((Date.parse(p.endDate) - Date.parse(day)) / 86_400_000);
          await queueEmail(
            tx,
            {
              template: "policy_reminder",
              to: f.customer.email,
              toName: f.customer.name,
              audience: "customer",
              userId: f.customer.id,
              data: { ...f.facts, days: left },
            },
            { uniqueKey: `reminder:${p.id}:${days}:${p.endDate}` },
          );
        });
      }
    }
  };
}
