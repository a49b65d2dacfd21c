import { and, eq, inArray, or, sql } from "drizzle-orm";
import { INDIA_TIME_ZONE } from "../../../shared/dates.ts";
import { formatDate } from "../../../shared/format.ts";
import { fullName } from "../../../shared/names.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import { type EraseOutcome, type KeptReason, privacyDeadline } from "../../../shared/schemas/privacy.ts";
import type { Db, Tx } from "../../db/client.ts";
import { inquiries, privacyRequests, purchases, ticketMessages, tickets, users } from "../../db/schema.ts";
import { forbidden, notFound } from "../../errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { escapeRegExp, voidLinksOf } from "../mail/email-links.ts";
import { forgetAddress } from "../mail/outbox.ts";
import { endEverySession } from "../users/remembered-users.ts";
import { ANONYMISED } from "./retention.ts";

/** What a ticket's text reads where the person's own name, e-mail or phone stood. */
export const REMOVED = "[removed]";

/**
 * The person's own details in free text they wrote (a ticket's description, their
 * messages): their e-mail, their phone number however it was spaced, and their first and
 * last names as whole words. Any other e-mail address is removed too: it was most likely theirs.
 */
function scrubPersonalText(
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
            sql`${purchases.endDate} >= (now() at time zone ${INDIA_TIME_ZONE})::date`,
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
    await endEverySession(tx, row.id);
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
