import { sql } from "drizzle-orm";
import { todayInIndia } from "../../../shared/dates.ts";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { deleteExpiredImports } from "../partners/imports.service.ts";
import { foldTicketCounts } from "../tickets/ticket-counts.ts";
import type { JobHandler } from "./queue.ts";
import type { Schedule } from "./runner.ts";

export const JOBS_CLEANUP = "jobs.cleanup";

/**
 * Finished jobs are kept this long, then deleted with the copy of their e-mail (the Outbox
 * and a ticket's timeline show the last 180 days of e-mails). Longer than the earliest policy
 * reminder (60 days): a reminder's job, and so its unique key, outlives the days in which the
 * daily scan could queue it again. Dead jobs are kept until staff retry or look at them.
 */
export const DONE_JOB_RETENTION_DAYS = 180;

/**
 * Once per India day, whichever process adds it first: old jobs, partner import previews past
 * their days, and the day's rows of the ticket counters folded into one per status
 */
export const cleanupSchedule: Schedule = { kind: JOBS_CLEANUP, period: (now) => todayInIndia(now) };

/** rows deleted per statement: a backlog of months goes in short transactions, not one long one */
const CHUNK = 5000;

/** Deletes done jobs that finished more than `days` days ago; the number deleted. */
export async function deleteFinishedJobs(db: Db, days = DONE_JOB_RETENTION_DAYS): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await rowsOf<{ n: number }>(
      db.execute(sql`
      with gone as (
        delete from jobs where id in (
          select id from jobs
          where status = 'done' and finished_at < clock_timestamp() - make_interval(days => ${days})
          limit ${CHUNK})
        returning id
      )
      select count(*)::int as n from gone`),
    );
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < CHUNK) return total;
  }
}

export function cleanupHandler(db: Db, days = DONE_JOB_RETENTION_DAYS): JobHandler {
  return async () => {
    await deleteFinishedJobs(db, days);
    await deleteExpiredImports(db);
    await foldTicketCounts(db);
  };
}
