import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { MailConfig } from "../../config.ts";
import type { Database, Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { cleanupHandler, cleanupSchedule, JOBS_CLEANUP } from "../jobs/cleanup.ts";
import { enqueue } from "../jobs/queue.ts";
import { JobRunner, type RunnerOptions } from "../jobs/runner.ts";
import { ORDERS_EXPIRE, orderExpiryHandler, orderExpirySchedule } from "../orders/order-jobs.ts";
import { STATEMENTS_RUN, statementSchedule, statementsRunHandler } from "../partners/statement-jobs.ts";
import { hasConsent } from "../privacy/consent.service.ts";
import { ratingKey, ratingUrls } from "../ratings/ratings.service.ts";
import { METRICS_REFRESH, metricsRefreshHandler, metricsSchedule } from "../sla/metrics-snapshots.ts";
import { SLA_SCAN, slaScanHandler, slaSchedule } from "../sla/sla.jobs.ts";
import { visitLinkKey, visitLinkToken } from "../visits/visit-links.ts";
import { createMailer, type Mailer } from "./mailer.ts";
import { EMAIL_JOB, emailJobHandler, recordSentEmails } from "./outbox.ts";
import { REMINDER_SCAN, reminderScanHandler, reminderSchedule } from "./reminders.ts";
import { unsubscribeKey } from "./unsubscribe.ts";

export interface MailSystem {
  mailer: Mailer;
  runner: JobRunner;
  unsubscribeKey: Buffer;
}

/**
 * The mail server (or the Outbox alone) and this process's job runner with its handlers:
 * e-mails, the daily scan that queues policy reminders, partners' monthly statements, and
 * the daily removal of old finished jobs.
 */
export function createMailSystem(options: {
  database: Pick<Database, "db" | "watch">;
  mail: MailConfig;
  origin: string;
  log?: FastifyBaseLogger;
  hasMarketingConsent?: (db: Db, userId: number) => Promise<boolean>;
  runner?: Partial<RunnerOptions>;
  /** the session secret: unsubscribe links are signed with a key derived from it */
  secret: string;
}): MailSystem {
  const { db } = options.database;
  const mailer = createMailer({ smtpUrl: options.mail.smtpUrl, from: options.mail.from });
  const staffAddresses = async () => {
    if (options.mail.staffEmail) return [options.mail.staffEmail];
    const rows = await db.select({ email: users.email }).from(users).where(eq(users.role, "admin"));
    return rows.map((r) => r.email);
  };
  // reminders and news go only to those who gave (and have not withdrawn) marketing consent
  const consent =
    options.hasMarketingConsent ?? ((d: Db, userId: number) => hasConsent(d, userId, "marketing"));
  const rateKey = ratingKey(options.secret);
  const visitKey = visitLinkKey(options.secret);
  const runner = new JobRunner({
    database: options.database,
    log: options.log,
    handlers: {
      [EMAIL_JOB]: emailJobHandler({
        db,
        mailer,
        origin: options.origin,
        staffAddresses,
        unsubscribeKey: unsubscribeKey(options.secret),
        hasMarketingConsent: (userId) => consent(db, userId),
        ratingUrls: (ticketId, resolution, epoch) =>
          ratingUrls(options.origin, rateKey, ticketId, resolution, epoch),
        links: {
          db,
          visitToken: (visitId, sequence, epoch) => visitLinkToken(visitKey, visitId, sequence, epoch),
        },
      }),
      [REMINDER_SCAN]: reminderScanHandler(db),
      [SLA_SCAN]: slaScanHandler(db),
      [METRICS_REFRESH]: metricsRefreshHandler(db),
      [JOBS_CLEANUP]: cleanupHandler(db),
      [STATEMENTS_RUN]: statementsRunHandler(db),
      [ORDERS_EXPIRE]: orderExpiryHandler(db),
    },
    recorders: { [EMAIL_JOB]: recordSentEmails },
    schedules: [
      reminderSchedule,
      cleanupSchedule,
      slaSchedule,
      statementSchedule,
      orderExpirySchedule,
      metricsSchedule,
    ],
    addScheduled: async (d, kind, uniqueKey) => {
      await enqueue(d, { kind, payload: {}, uniqueKey });
    },
    ...options.runner,
  });
  return { mailer, runner, unsubscribeKey: unsubscribeKey(options.secret) };
}
