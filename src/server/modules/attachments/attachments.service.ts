import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Actor } from "../../../shared/access.ts";
import { parseId } from "../../../shared/ids.ts";
import { type Attachment, UPLOAD_QUOTA_BYTES } from "../../../shared/schemas/attachment.ts";
import type { Db, Tx } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { policyItemPhotos, ticketAttachments, ticketMessages, tickets, users } from "../../db/schema.ts";
import { AppError, badRequest, conflict, notFound } from "../../errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { canReachTicket } from "../tickets/ticket-access.ts";
import { type PreparedFile, removePrepared } from "./receive.ts";
import type { FileStorage } from "./storage.ts";

type AttachmentRow = typeof ticketAttachments.$inferSelect;

/**
 * Office staff, or a technician on a ticket assigned to them (tickets/ticket-access.ts); a
 * technician elsewhere is treated like any other person who is not the ticket's owner
 */
const isStaff = (actor: Actor, ticket: { assigneeId: number | null } = { assigneeId: null }) =>
  canReachTicket(actor, ticket);

function toAttachment(row: AttachmentRow): Attachment {
  return {
    ...storedFileView(row, `/api/tickets/${row.ticketId}/attachments/${row.id}`),
    messageId: row.messageId,
  };
}

/**
 * The ticket's files, oldest first. A customer never sees a file on a staff-only note.
 */
export async function listAttachments(
  db: Db,
  ticketId: number,
  includeInternal: boolean,
): Promise<Attachment[]> {
  const rows = await db
    .select({ a: ticketAttachments, internal: ticketMessages.internal })
    .from(ticketAttachments)
    .leftJoin(ticketMessages, eq(ticketMessages.id, ticketAttachments.messageId))
    .where(eq(ticketAttachments.ticketId, ticketId))
    .orderBy(asc(ticketAttachments.id));
  return rows.filter((r) => includeInternal || !r.internal).map((r) => toAttachment(r.a));
}

/**
 * Who may add files to a ticket: its owner (not once it is closed) and staff. Anyone else
 * is told the ticket does not exist. Checked before the upload is read.
 */
export async function checkUploadAllowed(db: Db, actor: Actor, ticketId: number) {
  const [ticket] = await db
    .select({ userId: tickets.userId, status: tickets.status, assigneeId: tickets.assigneeId })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!ticket || (!isStaff(actor, ticket) && ticket.userId !== actor.id)) throw notFound("Ticket not found");
  if (!isStaff(actor, ticket) && ticket.status === "closed")
    throw conflict("This ticket is closed. Please raise a new ticket.");
}

/** `messageId` from the form: one of this ticket's messages, the customer's own when a customer sends it */
export async function checkMessage(
  db: Db,
  actor: Actor,
  ticketId: number,
  raw: string | undefined,
): Promise<number | null> {
  if (raw === undefined || raw === "") return null;
  const id = parseId(raw);
  const [message] =
    id === null
      ? []
      : await db
          .select({ authorId: ticketMessages.authorId, internal: ticketMessages.internal })
          .from(ticketMessages)
          .where(and(eq(ticketMessages.id, id), eq(ticketMessages.ticketId, ticketId)));
  if (!message || (!isStaff(actor) && (message.authorId !== actor.id || message.internal))) {
    throw badRequest("That message is not on this ticket.");
  }
  return id;
}

/** A prepared file moved into storage, under the keys its row will name */
export type StoredFile = PreparedFile & { storageKey: string; thumbnailKey: string | null };

/**
 * Moves prepared files (and their thumbnails) into storage under new random keys. The
 * caller records them in its own table and, when that fails, calls `discard` to remove the
 * stored bytes again. Ticket attachments and the policy items' photos both store this way.
 * The temporary files are gone when it returns, whether or not it succeeded.
 */
async function putPrepared(
  storage: FileStorage,
  files: PreparedFile[],
): Promise<{ entries: StoredFile[]; discard: () => Promise<void> }> {
  const stored: string[] = [];
  const discard = async () => {
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => {})));
  };
  try {
    const entries: StoredFile[] = [];
    for (const f of files) {
      const id = randomUUID();
      const storageKey = `${id}.${f.extension}`;
      await storage.put(storageKey, f.file, f.type);
      stored.push(storageKey);
      let thumbnailKey: string | null = null;
      if (f.thumbnail) {
        thumbnailKey = `${id}-thumb.webp`;
        await storage.put(thumbnailKey, f.thumbnail, "image/webp");
        stored.push(thumbnailKey);
      }
      entries.push({ ...f, storageKey, thumbnailKey });
    }
    return { entries, discard };
  } catch (err) {
    await discard();
    throw err;
  } finally {
    await removePrepared(files);
  }
}

/**
 * Stores prepared files, then records them with `record` (the caller's rows and audit entry,
 * in its own transaction). When recording fails the stored bytes are removed again, so a
 * file is either stored and recorded or gone.
 */
export async function storeAndRecord<T>(
  storage: FileStorage,
  files: PreparedFile[],
  record: (entries: StoredFile[]) => Promise<T>,
): Promise<T> {
  const { entries, discard } = await putPrepared(storage, files);
  try {
    return await record(entries);
  } catch (err) {
    await discard();
    throw err;
  }
}

/** the columns a stored file's row keeps, in the attachments' and the photos' tables alike */
export const storedFileColumns = (f: StoredFile, uploaderId: number) => ({
  uploaderId,
  name: f.name,
  type: f.type,
  size: f.size,
  storageKey: f.storageKey,
  thumbnailKey: f.thumbnailKey,
});

/**
 * What the API says of a stored file (a ticket attachment or a policy item's photo) served at
 * `url`; its thumbnail, when it has one, is served at `url`/thumbnail.
 */
export function storedFileView(
  row: { id: number; name: string; type: string; size: number; thumbnailKey: string | null; createdAt: Date },
  url: string,
) {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    size: row.size,
    url,
    thumbnailUrl: row.thumbnailKey ? `${url}/thumbnail` : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const megabytes = (bytes: number) =>
  (bytes / (1024 * 1024)).toLocaleString("en-IN", { maximumFractionDigits: 1 });

/**
 * A customer keeps at most UPLOAD_QUOTA_BYTES of files in all (ticket files and handover
 * photos they sent), so one account cannot fill the disk; staff and partners are not
 * counted. Called in the transaction that records the files: the uploader's row is locked
 * first, so two uploads at once are counted one after the other. Over the quota it answers
 * 413 and the caller's transaction (and so the stored bytes) is undone.
 */
export async function checkUploadQuota(tx: Tx, actor: Actor, files: { size: number }[]) {
  if (actor.role !== "customer") return;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for("no key update");
  const [{ used }] = await rowsOf<{ used: string | number }>(
    tx.execute(sql`select
      coalesce((select sum(${ticketAttachments.size}) from ${ticketAttachments} where ${ticketAttachments.uploaderId} = ${actor.id}), 0)
      + coalesce((select sum(${policyItemPhotos.size}) from ${policyItemPhotos} where ${policyItemPhotos.uploaderId} = ${actor.id}), 0) as used`),
  );
  const adding = files.reduce((n, f) => n + f.size, 0);
  if (Number(used) + adding > UPLOAD_QUOTA_BYTES) {
    throw new AppError(
      413,
      `Your account may keep ${megabytes(UPLOAD_QUOTA_BYTES)} MB of files in all; ${megabytes(Number(used))} MB are used and these files need ${megabytes(adding)} MB. Please send fewer or smaller files, or remove handover photos you no longer need.`,
    );
  }
}

/** what an audit entry says of the files it recorded */
export const auditedFiles = (rows: { id: number; name: string; type: string; size: number }[]) =>
  rows.map((r) => ({ id: r.id, name: r.name, type: r.type, size: r.size }));

/**
 * Stores the prepared files and records them, all or nothing: the rows and their audit
 * entry in one transaction, and when that fails the stored files are removed again.
 */
export async function saveAttachments(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  ticketId: number,
  messageId: number | null,
  files: PreparedFile[],
): Promise<Attachment[]> {
  const rows = await storeAndRecord(storage, files, (entries) =>
    db.transaction(async (tx) => {
      await checkUploadQuota(tx, actor, entries);
      const inserted = await tx
        .insert(ticketAttachments)
        .values(entries.map((f) => ({ ticketId, messageId, ...storedFileColumns(f, actor.id) })))
        .returning();
      await recordAudit(tx, {
        actorId: actor.id,
        action: "ticket.attach",
        entityType: "ticket",
        entityId: ticketId,
        details: { messageId, files: auditedFiles(inserted) },
      });
      await tx.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, ticketId));
      return inserted;
    }),
  );
  return rows.map(toAttachment);
}

/** one stored file for someone allowed to see it; null (a 404) for anyone else */
export async function findAttachment(
  db: Db,
  actor: Actor,
  ticketId: number,
  attachmentId: number,
): Promise<AttachmentRow | null> {
  const [row] = await db
    .select({
      a: ticketAttachments,
      owner: tickets.userId,
      assigneeId: tickets.assigneeId,
      internal: ticketMessages.internal,
    })
    .from(ticketAttachments)
    .innerJoin(tickets, eq(tickets.id, ticketAttachments.ticketId))
    .leftJoin(ticketMessages, eq(ticketMessages.id, ticketAttachments.messageId))
    .where(and(eq(ticketAttachments.id, attachmentId), eq(ticketAttachments.ticketId, ticketId)));
  if (!row) return null;
  if (!isStaff(actor, row) && (row.owner !== actor.id || row.internal)) return null;
  return row.a;
}
