// The signed links of a visit's e-mail: the customer confirms the slot or asks for another without signing in.

import { eq } from "drizzle-orm";
import type { VisitLink } from "../../../shared/schemas/visit.ts";
import type { Db, Tx } from "../../db/client.ts";
import { tickets, ticketVisits, users } from "../../db/schema.ts";
import { badRequest, conflict } from "../../errors.ts";
import { parseVisitLinkToken, visitLinkSigned } from "./visit-links.ts";

import { type Answer, answerVisit, lockVisit, type VisitDeps } from "./visits.service.ts";

const VISIT_LINK_INVALID =
  "This link is not valid. Please open your ticket from your dashboard to answer the visit.";

async function visitOfToken(db: Db | Tx, key: Buffer, token: string) {
  const parsed = parseVisitLinkToken(token);
  if (!parsed) throw badRequest(VISIT_LINK_INVALID);
  const [row] = await db
    .select({ visit: ticketVisits, subject: tickets.subject, epoch: users.linkEpoch })
    .from(ticketVisits)
    .innerJoin(tickets, eq(tickets.id, ticketVisits.ticketId))
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(eq(ticketVisits.id, parsed.visitId));
  // a link for a visit that is gone (its ticket erased), or signed before the customer's links
  // were voided, says the same as one we never signed
  if (!row || !visitLinkSigned(key, parsed, row.epoch)) throw badRequest(VISIT_LINK_INVALID);
  return { visit: row.visit, subject: row.subject, sequence: parsed.sequence };
}

/** What an e-mail link shows: the slot, and whether it is still the one on offer */
export async function readVisitLink(deps: VisitDeps, token: string): Promise<VisitLink> {
  const { visit, subject, sequence } = await visitOfToken(deps.db, deps.linkKey, token);
  return {
    ticketId: visit.ticketId,
    subject,
    startsAt: visit.startsAt.toISOString(),
    endsAt: visit.endsAt.toISOString(),
    status: visit.status,
    current: visit.sequence === sequence,
  };
}

/** The e-mail's buttons post here: the link stands for the customer it was sent to */
export async function answerVisitLink(deps: VisitDeps, token: string, answer: Answer): Promise<VisitLink> {
  await deps.db.transaction(async (tx) => {
    const found = await visitOfToken(tx, deps.linkKey, token);
    const { ticket, visit } = await lockVisit(tx, found.visit.ticketId, found.visit.id);
    if (visit.sequence !== found.sequence)
      throw conflict(
        "This time has changed since that e-mail. Please answer the newest e-mail or your ticket page.",
      );
    await answerVisit(tx, ticket.userId, ticket, visit, answer);
  });
  return readVisitLink(deps, token);
}
