import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Actor } from "../../../shared/access.ts";
import { formatDate } from "../../../shared/format.ts";
import { fullName } from "../../../shared/names.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import {
  type DataExport,
  type EraseOutcome,
  type Grievance,
  type KeptReason,
  PRIVACY_NOTICE_VERSION,
  type PrivacyRequest,
  type PrivacyRequestKind,
  type PrivacyRequestStatus,
  privacyDeadline,
} from "../../../shared/schemas/privacy.ts";
import type { SecurityEventType } from "../../../shared/schemas/security.ts";
import type { Db, Tx } from "../../db/client.ts";
import {
  emails,
  inquiries,
  policyTransfers,
  privacyRequests,
  purchases,
  securityEvents,
  sessions,
  ticketMessages,
  ticketRatings,
  tickets,
  ticketVisits,
  users,
} from "../../db/schema.ts";
import { conflict, forbidden, notFound } from "../../errors.ts";
import { lockRow } from "../../lib/lock-row.ts";
import { listAttachments } from "../attachments/attachments.service.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { listItems } from "../home-items/home-items.service.ts";
import { invoicesBilledTo } from "../invoices/invoices.service.ts";
import { escapeRegExp, voidLinksOf } from "../mail/email-links.ts";
import { forgetAddress } from "../mail/outbox.ts";
import { listPolicies } from "../policies/policies.service.ts";
import { renewalsOfHolder } from "../renewals/renewals.service.ts";
import { toPublicUser } from "../users/public-user.ts";
import { consentHistory } from "./consent.service.ts";
import { ANONYMISED } from "./retention.ts";

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
 * it theirs and nothing wider: the home records and renewals of the policies they hold, the
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
  const [homeItems, ticketFiles, ratings, visits, invoiceRows, renewals, transfers, mails] =
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
  const photos = homeItems.flatMap((item) =>
    item.photos.map((p) => ({ ...p, ticketId: null, homeItemId: item.id })),
  );
  return {
    homeItems,
    attachments: [...ticketFiles.map((f) => ({ ...f, homeItemId: null })), ...photos],
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

/** What a ticket's text reads where the person's own name, e-mail or phone stood. */
const REMOVED = "[removed]";

/**
 * The person's own details in free text they wrote (a ticket's description, their
 * messages): their e-mail, their phone number however it was spaced, and their first and
 * last names as whole words. Any other e-mail address is removed too: it was most likely theirs.
 */
export function scrubPersonalText(
  text: string,
  person: { firstName: string; lastName: string; email: string; phone: string | null },
): string {
  let out = text.replace(/[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[A-Za-z]{2,}/g, REMOVED);
  const digits = (person.phone ?? "").replace(/\D/g, "").slice(-10);
  if (digits.length >= 6) {
    // the same digits with any spaces, dashes or a +91 between them
    const spaced = digits.split("").join("[\\s\\-().]*");
    out = out.replace(new RegExp(`(?:\\+?91[\\s\\-]*)?${spaced}`, "g"), REMOVED);
  }
  for (const name of [person.firstName, person.lastName]) {
    const word = name.trim();
    if (word.length < 2) continue;
    const escaped = escapeRegExp(word);
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "giu"), REMOVED);
  }
  return out;
}

/** Why some of a person's records must stay for now; an empty list means erase now. */
async function reasonsToKeep(tx: Tx, userId: number): Promise<KeptReason[]> {
  const [cover] = await tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        or(
          eq(purchases.status, "pending"),
          and(
            eq(purchases.status, "active"),
            sql`${purchases.endDate} >= (now() at time zone 'Asia/Kolkata')::date`,
          ),
        ),
      ),
    )
    .limit(1);
  const [claim] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.userId, userId), inArray(tickets.status, ["open", "in_progress"])))
    .limit(1);
  const reasons: KeptReason[] = [];
  if (cover) reasons.push("active_cover");
  if (claim) reasons.push("open_claim");
  return reasons;
}

/**
 * Erasure, once the password has been checked. With no cover to honour and no claim to
 * finish, the account is erased now: its personal fields are replaced (the row stays, so
 * the policies and tickets that point to it stay consistent for the tax records), every
 * session ends, the person's details are removed from their tickets and messages, and
 * enquiries sent from their e-mail are anonymised. Otherwise a request goes to staff with
 * its deadline and the reasons records are kept. Decided under a lock on the user's row,
 * so a policy issued at the same moment is either seen or waits.
 */
export async function eraseAccount(db: Db, actor: PublicUser): Promise<EraseOutcome> {
  if (actor.role === "partner") {
    throw forbidden("Partner accounts are closed by your organisation's owner or by us, not from here");
  }
  if (actor.role !== "customer") {
    throw forbidden("Staff accounts are closed by another administrator, not from here");
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, actor.id)).for("update");
    if (!row || row.erasedAt) throw notFound("User not found");
    const reasons = await reasonsToKeep(tx, actor.id);
    const now = new Date();
    if (reasons.length > 0) {
      const kept: KeptReason[] = [...reasons, "tax_records"];
      // one open request per person: asking again answers with the same request and deadline
      const [existing] = await tx
        .select()
        .from(privacyRequests)
        .where(
          and(
            eq(privacyRequests.userId, actor.id),
            eq(privacyRequests.kind, "erasure"),
            eq(privacyRequests.status, "open"),
          ),
        )
        .limit(1);
      const request =
        existing ??
        (
          await tx
            .insert(privacyRequests)
            .values({
              kind: "erasure",
              userId: actor.id,
              name: fullName(row),
              email: row.email,
              message: "Erase my account and personal data (asked from the dashboard).",
              kept,
              dueAt: privacyDeadline(now),
            })
            .returning()
        )[0];
      if (!existing) {
        await recordAudit(tx, {
          actorId: actor.id,
          action: "erasure_requested",
          entityType: "privacy_request",
          entityId: request.id,
          details: { kept },
        });
      }
      return {
        outcome: "requested",
        message: `We have recorded your request to erase your account. While your cover is active or a claim is open we must keep your details to serve you; our team will erase everything that can go and reply to ${row.email} by ${formatDate(request.dueAt)}.`,
        kept: request.kept as KeptReason[],
        dueAt: request.dueAt.toISOString(),
        requestId: request.id,
      };
    }

    const person = { firstName: row.firstName, lastName: row.lastName, email: row.email, phone: row.phone };
    const ownTickets = await tx
      .select({ id: tickets.id, subject: tickets.subject, description: tickets.description })
      .from(tickets)
      .where(eq(tickets.userId, actor.id));
    for (const t of ownTickets) {
      await tx
        .update(tickets)
        .set({
          subject: scrubPersonalText(t.subject, person),
          description: scrubPersonalText(t.description, person),
        })
        .where(eq(tickets.id, t.id));
    }
    const ownMessages = await tx
      .select({ id: ticketMessages.id, body: ticketMessages.body })
      .from(ticketMessages)
      .where(eq(ticketMessages.authorId, actor.id));
    for (const m of ownMessages) {
      await tx
        .update(ticketMessages)
        .set({ body: scrubPersonalText(m.body, person) })
        .where(eq(ticketMessages.id, m.id));
    }
    const enquiries = await tx
      .update(inquiries)
      .set({ name: ANONYMISED, email: ANONYMISED, phone: ANONYMISED, message: ANONYMISED, anonymisedAt: now })
      .where(
        and(sql`lower(${inquiries.email}) = lower(${row.email})`, sql`${inquiries.anonymisedAt} is null`),
      )
      .returning({ id: inquiries.id });
    // no link sent to the person works any more, and the e-mail records lose their address
    // (an e-mail still waiting for it is not sent)
    await voidLinksOf(tx, row);
    const storedEmails = await forgetAddress(tx, row.email, REMOVED, { cancelPending: true });
    await tx
      .update(users)
      .set({
        firstName: "Erased",
        lastName: "customer",
        username: `erased-${row.id}`,
        email: `erased-${row.id}@erased.invalid`,
        // not an argon2 hash: no password matches it
        passwordHash: "!erased",
        phone: null,
        address: null,
        city: null,
        state: null,
        pincode: null,
        erasedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, row.id));
    await tx.delete(sessions).where(eq(sessions.userId, row.id));
    // an erasure asked for earlier (while cover or a claim held it back) is now done
    const settled = await tx
      .update(privacyRequests)
      .set({
        status: "done",
        closedAt: now,
        closeNote: "Erased by the customer from the dashboard once no cover or open claim held it back.",
        name: "Erased customer",
        email: `erased-${row.id}@erased.invalid`,
      })
      .where(
        and(
          eq(privacyRequests.userId, row.id),
          eq(privacyRequests.kind, "erasure"),
          eq(privacyRequests.status, "open"),
        ),
      )
      .returning({ id: privacyRequests.id });
    for (const r of settled) {
      await recordAudit(tx, {
        actorId: row.id,
        action: "privacy_request_closed",
        entityType: "privacy_request",
        entityId: r.id,
        details: { kind: "erasure", by: "account_erased" },
      });
    }
    await recordAudit(tx, {
      actorId: row.id,
      action: "account_erased",
      entityType: "user",
      entityId: row.id,
      details: {
        tickets: ownTickets.length,
        messages: ownMessages.length,
        enquiries: enquiries.length,
        emails: storedEmails,
      },
    });
    return {
      outcome: "erased",
      message:
        "Your account has been erased and you have been signed out. Policy and payment records stay, without your contact details, for the period the tax laws require.",
      kept: ["tax_records"],
      dueAt: null,
      requestId: null,
    };
  });
}

/** A grievance from anyone; signed in, it is tied to the account. */
export async function createGrievance(
  db: Db,
  actor: PublicUser | null,
  input: Grievance,
): Promise<{ id: number; message: string; dueAt: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(privacyRequests)
      .values({
        kind: "grievance",
        userId: actor?.id ?? null,
        name: input.name,
        email: input.email,
        message: input.message,
        kept: [],
        dueAt: privacyDeadline(new Date()),
      })
      .returning();
    await recordAudit(tx, {
      actorId: actor?.id ?? null,
      action: "grievance_received",
      entityType: "privacy_request",
      entityId: row.id,
    });
    return {
      id: row.id,
      message: `Thank you. Our Grievance Officer will reply to ${input.email} by ${formatDate(row.dueAt)}.`,
      dueAt: row.dueAt.toISOString(),
    };
  });
}

export function toPrivacyRequest(
  r: typeof privacyRequests.$inferSelect,
  closedBy: string | null,
): PrivacyRequest {
  return {
    id: r.id,
    kind: r.kind as PrivacyRequestKind,
    userId: r.userId,
    name: r.name,
    email: r.email,
    message: r.message,
    kept: r.kept as PrivacyRequest["kept"],
    status: r.status as PrivacyRequestStatus,
    dueAt: r.dueAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    closedAt: r.closedAt?.toISOString() ?? null,
    closedBy,
    closeNote: r.closeNote,
  };
}

/** Staff mark a request done, saying what was done; the row is locked so two staff cannot both close it. */
export async function closePrivacyRequest(
  db: Db,
  actor: PublicUser,
  id: number,
  note: string,
): Promise<PrivacyRequest> {
  return db.transaction(async (tx) => {
    const row = await lockRow(tx, privacyRequests, id, "Request not found");
    if (row.status === "done") throw conflict("This request is already closed");
    // an erasure staff complete while records must stay (cover, a claim): whatever was
    // erased, no link sent to the person works any more and the copies of the e-mails sent
    // lose their address (e-mails still to go about the kept cover are left to go)
    if (row.kind === "erasure" && row.userId !== null) {
      const [person] = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.id, row.userId))
        .for("update");
      if (person) {
        await voidLinksOf(tx, person);
        await forgetAddress(tx, person.email, REMOVED, { cancelPending: false });
      }
    }
    const [closed] = await tx
      .update(privacyRequests)
      .set({ status: "done", closedAt: new Date(), closedById: actor.id, closeNote: note })
      .where(eq(privacyRequests.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: "privacy_request_closed",
      entityType: "privacy_request",
      entityId: id,
      details: { kind: row.kind },
    });
    return toPrivacyRequest(closed, fullName(actor));
  });
}
