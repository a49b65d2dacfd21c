import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Page } from "../../../shared/endpoints/define.ts";
import type {
  JobStatus,
  OutboxEmail,
  OutboxItem,
  TicketNotification,
} from "../../../shared/schemas/outbox.ts";
import type { Db, Tx } from "../../db/client.ts";
import { emails, jobs, tickets } from "../../db/schema.ts";
import { conflict, notFound } from "../../errors.ts";
import { newestFirstPage } from "../../lib/keyset.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { retryDeadJob } from "../jobs/queue.ts";
import { EMAIL_JOB } from "./outbox.ts";

const columns = {
  id: jobs.id,
  payload: jobs.payload,
  status: jobs.status,
  attempts: jobs.attempts,
  maxAttempts: jobs.maxAttempts,
  lastError: jobs.lastError,
  ticketId: jobs.ticketId,
  createdAt: jobs.createdAt,
  runAt: jobs.runAt,
  subject: emails.subject,
  toAddress: emails.toAddress,
  transport: emails.transport,
  sentAt: emails.sentAt,
};

type Row = {
  id: number;
  payload: unknown;
  status: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  ticketId: number | null;
  createdAt: Date;
  runAt: Date;
  subject: string | null;
  toAddress: string | null;
  transport: string | null;
  sentAt: Date | null;
};

function toItem(r: Row): OutboxItem {
  const p = r.payload as { template: string; to: string };
  return {
    id: r.id,
    template: p.template,
    to: r.toAddress ?? p.to,
    subject: r.subject,
    status: r.status as JobStatus,
    attempts: r.attempts,
    maxAttempts: r.maxAttempts,
    lastError: r.lastError,
    transport: r.transport,
    ticketId: r.ticketId,
    createdAt: r.createdAt.toISOString(),
    runAt: r.runAt.toISOString(),
    sentAt: r.sentAt ? r.sentAt.toISOString() : null,
  };
}

/** The Outbox: every e-mail job, newest first, a page at a time. */
export async function listOutbox(
  db: Db,
  query: { limit: number; cursor?: string; status?: JobStatus },
): Promise<Page<OutboxItem>> {
  const where = and(eq(jobs.kind, EMAIL_JOB), query.status ? eq(jobs.status, query.status) : undefined);
  const rows = await db
    .select(columns)
    .from(jobs)
    .leftJoin(emails, eq(emails.jobId, jobs.id))
    .where(and(where, query.cursor ? lt(jobs.id, Number(query.cursor)) : undefined))
    .orderBy(desc(jobs.id))
    .limit(query.limit + 1);
  return newestFirstPage(db, jobs, where, rows, query.limit, toItem);
}

export async function getOutboxItem(db: Db | Tx, id: number): Promise<OutboxItem> {
  const [row] = await db
    .select(columns)
    .from(jobs)
    .leftJoin(emails, eq(emails.jobId, jobs.id))
    .where(and(eq(jobs.id, id), eq(jobs.kind, EMAIL_JOB)));
  if (!row) throw notFound("E-mail not found");
  return toItem(row);
}

export async function getOutboxEmail(db: Db, id: number): Promise<OutboxEmail> {
  const [row] = await db
    .select({ ...columns, messageId: emails.messageId, html: emails.html, text: emails.text })
    .from(jobs)
    .leftJoin(emails, eq(emails.jobId, jobs.id))
    .where(and(eq(jobs.id, id), eq(jobs.kind, EMAIL_JOB)));
  if (!row) throw notFound("E-mail not found");
  return { ...toItem(row), messageId: row.messageId, html: row.html, text: row.text };
}

/**
 * The e-mails about one ticket, oldest first. `customerId`: as that customer sees them,
 * only those sent to its owner, and another customer's ticket is "not found" as on the
 * ticket page; null: as staff see them, every one.
 */
export async function ticketNotifications(
  db: Db,
  ticketId: number,
  customerId: number | null,
): Promise<TicketNotification[]> {
  const [ticket] = await db.select({ userId: tickets.userId }).from(tickets).where(eq(tickets.id, ticketId));
  if (!ticket || (customerId !== null && ticket.userId !== customerId)) throw notFound("Ticket not found");
  const customerOnly = customerId !== null;
  const rows = await db
    .select(columns)
    .from(jobs)
    .leftJoin(emails, eq(emails.jobId, jobs.id))
    .where(
      and(
        eq(jobs.ticketId, ticketId),
        eq(jobs.kind, EMAIL_JOB),
        customerOnly ? sql`${jobs.payload} ->> 'audience' = 'customer'` : undefined,
      ),
    )
    .orderBy(jobs.createdAt, jobs.id)
    .limit(200);
  return rows.map((r) => {
    const item = toItem(r);
    const audience = (r.payload as { audience?: string }).audience ?? "customer";
    return {
      id: item.id,
      template: item.template,
      audience,
      to: customerOnly ? null : item.to,
      subject: item.subject,
      status: item.status,
      createdAt: item.createdAt,
      sentAt: item.sentAt,
    };
  });
}

/** Sends again an e-mail that stopped after its last attempt, audited; any other is refused. */
export async function retryEmail(db: Db, actorId: number, id: number): Promise<OutboxItem> {
  await db.transaction(async (tx) => {
    if (!(await retryDeadJob(tx, id))) {
      // inside the transaction: the embedded database has one connection, held by it
      await getOutboxItem(tx, id);
      throw conflict("Only an e-mail that stopped after its last attempt can be retried");
    }
    await recordAudit(tx, { actorId, action: "email.retry", entityType: "job", entityId: id });
  });
  return getOutboxItem(db, id);
}
