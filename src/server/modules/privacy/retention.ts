import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { auditLog } from "../../db/schema.ts";

/** What an enquiry's personal fields read once its retention period is over. */
export const ANONYMISED = "[anonymised]";

/**
 * Enquiries are leads: once `months` have passed since one arrived, the sender's name,
 * e-mail, phone and message are overwritten, keeping only what the business counts (the
 * interest, the page, the status, the dates). One UPDATE, so several processes running it
 * at the same moment each anonymise a disjoint set of rows (a row another one took is
 * re-checked after its lock and no longer matches), and a second run finds nothing to do.
 * The run and its count go to the audit log. Returns how many enquiries it anonymised.
 */
export async function anonymiseOldEnquiries({
  db,
  now = new Date(),
  months,
}: {
  db: Db;
  now?: Date;
  months: number;
}): Promise<number> {
  return db.transaction(async (tx) => {
    const anonymised = await rowsOf(
      tx.execute(sql`
      update inquiries
         set name = ${ANONYMISED}, email = ${ANONYMISED}, phone = ${ANONYMISED}, message = ${ANONYMISED},
             anonymised_at = ${now.toISOString()}::timestamptz
       where anonymised_at is null and created_at < ${now.toISOString()}::timestamptz - make_interval(months => ${months}::int)
      returning id`),
    );
    const count = anonymised.length;
    await tx.insert(auditLog).values({
      actorId: null,
      action: "enquiries_anonymised",
      entityType: "inquiry",
      entityId: null,
      details: { count, months, at: now.toISOString() },
    });
    return count;
  });
}

const DAY_MS = 86_400_000;

/**
 * Runs the retention job now and then once a day in this process. Each process of a
 * deployment runs its own timer; the job is safe to run from several at once.
 */
export function startEnquiryRetention({
  db,
  months,
  log,
}: {
  db: Db;
  months: number;
  log: FastifyBaseLogger;
}): () => void {
  const run = () =>
    anonymiseOldEnquiries({ db, months })
      .then((count) => log.info({ count, months }, "enquiry retention: anonymised old enquiries"))
      .catch((err) => log.warn({ err }, "enquiry retention run failed"));
  void run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
