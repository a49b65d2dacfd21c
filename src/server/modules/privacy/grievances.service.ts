// Grievances and data requests: raised by anyone, closed by staff with an answer.

import { eq } from "drizzle-orm";
import { formatDate } from "../../../shared/format.ts";
import { fullName } from "../../../shared/names.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import {
  type Grievance,
  type PrivacyRequest,
  type PrivacyRequestKind,
  type PrivacyRequestStatus,
  privacyDeadline,
} from "../../../shared/schemas/privacy.ts";
import type { Db } from "../../db/client.ts";
import { privacyRequests, users } from "../../db/schema.ts";
import { conflict } from "../../errors.ts";
import { lockRow } from "../../lib/lock-row.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { voidLinksOf } from "../mail/email-links.ts";
import { forgetAddress } from "../mail/outbox.ts";
import { REMOVED } from "./privacy.service.ts";

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
