// A person's copy of everything held about them (their right to access).

import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Actor } from "../../../shared/access.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import {
  type DataExport,
  PRIVACY_NOTICE_VERSION,
  type PrivacyRequestKind,
  type PrivacyRequestStatus,
} from "../../../shared/schemas/privacy.ts";
import type { SecurityEventType } from "../../../shared/schemas/security.ts";
import type { Db } from "../../db/client.ts";
import {
  emails,
  policyTransfers,
  privacyRequests,
  securityEvents,
  ticketMessages,
  ticketRatings,
  tickets,
  ticketVisits,
  users,
} from "../../db/schema.ts";
import { notFound } from "../../errors.ts";
import { listAttachments } from "../attachments/attachments.service.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { invoicesBilledTo } from "../invoices/invoices.service.ts";
import { listPolicies } from "../policies/policies.service.ts";
import { listItems } from "../policy-items/policy-items.service.ts";
import { renewalsOfHolder } from "../renewals/renewals.service.ts";
import { toPublicUser } from "../users/public-user.ts";
import { consentHistory } from "./consent.service.ts";

/** How many sign-in records an export carries: the security log keeps 180 days of them */
const EXPORT_EVENTS_MAX = 5_000;
/** How many e-mails an export carries, the newest: years of a busy customer's mail */
const EXPORT_EMAILS_MAX = 5_000;

/**
 * Everything held about the person: profile, policies, tickets with the conversation they
 * see (staff-only notes never), consents, sign-in history and their own requests. The
 * export itself is audited.
 */
export async function exportData(db: Db, actor: PublicUser & Actor): Promise<DataExport> {
  const [policies, ticketRows, messageRows, consents, events, requests] = await Promise.all([
    listPolicies(db, actor),
    db.select().from(tickets).where(eq(tickets.userId, actor.id)).orderBy(tickets.id),
    db
      .select({
        id: ticketMessages.id,
        ticketId: ticketMessages.ticketId,
        authorId: ticketMessages.authorId,
        body: ticketMessages.body,
        createdAt: ticketMessages.createdAt,
      })
      .from(ticketMessages)
      .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
      .where(and(eq(tickets.userId, actor.id), eq(ticketMessages.internal, false)))
      .orderBy(ticketMessages.ticketId, ticketMessages.id),
    consentHistory(db, actor.id),
    db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, actor.id))
      .orderBy(desc(securityEvents.id))
      .limit(EXPORT_EVENTS_MAX),
    db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.userId, actor.id))
      .orderBy(desc(privacyRequests.id)),
  ]);
  const [row] = await db.select().from(users).where(eq(users.id, actor.id));
  if (!row) throw notFound("User not found");
  const theirs = await recordsOf(
    db,
    actor,
    row.email,
    policies.map((p) => p.purchase.id),
    ticketRows.map((t) => t.id),
  );
  await db.transaction((tx) =>
    recordAudit(tx, {
      actorId: actor.id,
      action: "data_exported",
      entityType: "user",
      entityId: actor.id,
      details: { policies: policies.length, tickets: ticketRows.length, messages: messageRows.length },
    }),
  );
  return {
    exportedAt: new Date().toISOString(),
    noticeVersion: PRIVACY_NOTICE_VERSION,
    profile: toPublicUser(row),
    policies,
    tickets: ticketRows.map((t) => ({
      id: t.id,
      purchaseId: t.purchaseId,
      subject: t.subject,
      description: t.description,
      priority: t.priority,
      status: t.status,
      createdAt: t.createdAt.toISOString(),
      updatedAt: t.updatedAt.toISOString(),
    })),
    messages: messageRows.map((m) => ({
      id: m.id,
      ticketId: m.ticketId,
      from: m.authorId === actor.id ? "you" : "staff",
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    })),
    consents,
    signIns: events.map((e) => ({
      id: e.id,
      type: e.type as SecurityEventType,
      userId: e.userId,
      ip: e.ip,
      requestId: e.requestId,
      route: ((e.details as { route?: string } | null)?.route as string | undefined) ?? null,
      createdAt: e.createdAt.toISOString(),
    })),
    requests: requests.map((r) => ({
      id: r.id,
      kind: r.kind as PrivacyRequestKind,
      status: r.status as PrivacyRequestStatus,
      dueAt: r.dueAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
    })),
    ...theirs,
  };
}

/**
 * The person's records beyond their profile, policies and tickets, each found by what makes
 * it theirs and nothing wider: the policy items and renewals of the policies they hold, the
 * files, ratings and visits of their own tickets (never a file on a staff-only note), the
 * invoices issued to them, the sales they took part in (without the other party's details)
 * and the e-mails sent to their address, as kept (no live link is ever kept).
 */
async function recordsOf(
  db: Db,
  actor: PublicUser & Actor,
  email: string,
  policyIds: number[],
  ticketIds: number[],
): Promise<
  Omit<
    DataExport,
    | "exportedAt"
    | "noticeVersion"
    | "profile"
    | "policies"
    | "tickets"
    | "messages"
    | "consents"
    | "signIns"
    | "requests"
  >
> {
  const ofTheirTickets = ticketIds.length ? inArray(tickets.id, ticketIds) : sql`false`;
  const [policyItems, ticketFiles, ratings, visits, invoiceRows, renewals, transfers, mails] =
    await Promise.all([
      Promise.all(policyIds.map((id) => listItems(db, actor, id))).then((all) => all.flat()),
      Promise.all(ticketIds.map((id) => listAttachments(db, id, false))).then((all) =>
        all.flatMap((files, i) => files.map(({ messageId: _, ...f }) => ({ ...f, ticketId: ticketIds[i] }))),
      ),
      db
        .select({ r: ticketRatings })
        .from(ticketRatings)
        .innerJoin(tickets, eq(tickets.id, ticketRatings.ticketId))
        .where(ofTheirTickets)
        .orderBy(ticketRatings.id),
      db
        .select({ v: ticketVisits })
        .from(ticketVisits)
        .innerJoin(tickets, eq(tickets.id, ticketVisits.ticketId))
        .where(ofTheirTickets)
        .orderBy(ticketVisits.id),
      invoicesBilledTo(db, actor.id),
      renewalsOfHolder(db, actor.id),
      db
        .select()
        .from(policyTransfers)
        .where(or(eq(policyTransfers.fromUserId, actor.id), eq(policyTransfers.toUserId, actor.id)))
        .orderBy(policyTransfers.id),
      db
        .select({ id: emails.id, subject: emails.subject, text: emails.text, sentAt: emails.sentAt })
        .from(emails)
        .where(sql`lower(${emails.toAddress}) = lower(${email})`)
        .orderBy(desc(emails.id))
        .limit(EXPORT_EMAILS_MAX),
    ]);
  const photos = policyItems.flatMap((item) =>
    item.photos.map((p) => ({ ...p, ticketId: null, policyItemId: item.id })),
  );
  return {
    policyItems,
    attachments: [...ticketFiles.map((f) => ({ ...f, policyItemId: null })), ...photos],
    ratings: ratings.map(({ r }) => ({
      ticketId: r.ticketId,
      resolution: r.resolution,
      score: r.score,
      comment: r.comment,
      createdAt: r.createdAt.toISOString(),
    })),
    visits: visits.map(({ v }) => ({
      id: v.id,
      ticketId: v.ticketId,
      startsAt: v.startsAt.toISOString(),
      endsAt: v.endsAt.toISOString(),
      status: v.status,
      outcome: v.outcome,
      createdAt: v.createdAt.toISOString(),
    })),
    invoices: invoiceRows,
    renewals,
    transfers: transfers.map((t) => ({
      id: t.id,
      purchaseId: t.purchaseId,
      role: t.fromUserId === actor.id ? ("seller" as const) : ("buyer" as const),
      status: t.status,
      createdAt: t.createdAt.toISOString(),
      acceptedAt: t.acceptedAt?.toISOString() ?? null,
      closedAt: t.closedAt?.toISOString() ?? null,
    })),
    emails: mails.map((m) => ({ ...m, sentAt: m.sentAt.toISOString() })),
  };
}
