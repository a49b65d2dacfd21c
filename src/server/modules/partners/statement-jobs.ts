import { asc, gt } from "drizzle-orm";
import { previousMonth, todayInIndia } from "../../../shared/dates.ts";
import type { Db } from "../../db/client.ts";
import { partners } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import type { JobHandler } from "../jobs/queue.ts";
import type { Schedule } from "../jobs/runner.ts";
import { issueStatement } from "./statements.ts";

export const STATEMENTS_RUN = "partners.statements";

/** Once per India month, on its first scheduling tick, whichever process adds it first */
export const statementSchedule: Schedule = {
  kind: STATEMENTS_RUN,
  period: (now) => todayInIndia(now).slice(0, 7),
};

const BATCH = 100;

/**
 * The monthly run: once a month has ended, every partner whose contract had started gets
 * its statement for it, so no partner waits on staff for its invoice. A statement staff
 * issued already (409) and an Enterprise month with nothing to bill (400) are passed over.
 * Any other failure fails the job, which the queue retries: the statements issued before it
 * stay issued and are passed over next time. Staff still issue any past month by hand.
 */
export function statementsRunHandler(db: Db, today: () => string = () => todayInIndia()): JobHandler {
  return async () => {
    const day = today();
    const month = previousMonth(day);
    let after = 0;
    for (;;) {
      const batch = await db
        .select({ id: partners.id, contractStart: partners.contractStart })
        .from(partners)
        .where(gt(partners.id, after))
        .orderBy(asc(partners.id))
        .limit(BATCH);
      if (batch.length === 0) return;
      for (const p of batch) {
        after = p.id;
        if (p.contractStart.slice(0, 7) > month) continue;
        try {
          await issueStatement(db, null, p.id, month, day);
        } catch (err) {
          if (err instanceof AppError && (err.statusCode === 400 || err.statusCode === 409)) continue;
          throw err;
        }
      }
    }
  };
}
