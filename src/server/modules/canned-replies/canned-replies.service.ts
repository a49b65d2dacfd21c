import { asc, eq, sql } from "drizzle-orm";
import type { Actor } from "../../../shared/access.ts";
import type { CannedReply, CannedReplyInput } from "../../../shared/schemas/canned-reply.ts";
import type { Db, Tx } from "../../db/client.ts";
import { cannedReplies, users } from "../../db/schema.ts";
import { badRequest, notFound } from "../../errors.ts";
import { lockRow } from "../../lib/lock-row.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { isUniqueViolation } from "../users/users.service.ts";

const TITLE_TAKEN = "A canned reply with this title already exists";

/** canned replies as staff see them: with who changed each last */
function selectReplies(db: Db | Tx) {
  return db
    .select({
      id: cannedReplies.id,
      title: cannedReplies.title,
      body: cannedReplies.body,
      updatedAt: cannedReplies.updatedAt,
      updatedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(cannedReplies)
    .leftJoin(users, eq(users.id, cannedReplies.updatedById))
    .$dynamic();
}

const answer = (row: { updatedAt: Date } & Omit<CannedReply, "updatedAt">): CannedReply => ({
  ...row,
  updatedAt: row.updatedAt.toISOString(),
});

async function readOne(db: Db | Tx, id: number): Promise<CannedReply | null> {
  const [row] = await selectReplies(db).where(eq(cannedReplies.id, id));
  return row ? answer(row) : null;
}

/** The title check runs before the write for a clear message; the unique index settles a race. */
async function titleTaken(db: Db | Tx, title: string, exceptId?: number) {
  const rows = await db
    .select({ id: cannedReplies.id })
    .from(cannedReplies)
    .where(sql`lower(${cannedReplies.title}) = lower(${title})`);
  return rows.some((r) => r.id !== exceptId);
}

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(TITLE_TAKEN, { title: TITLE_TAKEN });
    throw err;
  }
}

/** every canned reply, by title */
export async function listCannedReplies(db: Db): Promise<CannedReply[]> {
  const rows = await selectReplies(db).orderBy(
    asc(sql`lower(${cannedReplies.title})`),
    asc(cannedReplies.id),
  );
  return rows.map(answer);
}

export async function createCannedReply(db: Db, actor: Actor, input: CannedReplyInput): Promise<CannedReply> {
  if (await titleTaken(db, input.title)) throw badRequest(TITLE_TAKEN, { title: TITLE_TAKEN });
  const id = await saving(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(cannedReplies)
        .values({ ...input, createdById: actor.id, updatedById: actor.id })
        .returning({ id: cannedReplies.id });
      await recordAudit(tx, {
        actorId: actor.id,
        action: "canned_reply_created",
        entityType: "canned_reply",
        entityId: row.id,
        details: { title: input.title },
      });
      return row.id;
    }),
  );
  return (await readOne(db, id)) as CannedReply;
}

export async function updateCannedReply(
  db: Db,
  actor: Actor,
  id: number,
  input: CannedReplyInput,
): Promise<CannedReply> {
  await saving(() =>
    db.transaction(async (tx) => {
      // decided under the row's lock: two edits at once each record the title they really
      // replaced, and an edit that waited behind a deletion finds nothing to change
      const before = await lockRow(tx, cannedReplies, id, "Canned reply not found");
      if (await titleTaken(tx, input.title, id)) throw badRequest(TITLE_TAKEN, { title: TITLE_TAKEN });
      await tx
        .update(cannedReplies)
        .set({ ...input, updatedById: actor.id, updatedAt: new Date() })
        .where(eq(cannedReplies.id, id));
      await recordAudit(tx, {
        actorId: actor.id,
        action: "canned_reply_updated",
        entityType: "canned_reply",
        entityId: id,
        details: { from: before.title, to: input.title, bodyChanged: before.body !== input.body },
      });
    }),
  );
  return (await readOne(db, id)) as CannedReply;
}

export async function deleteCannedReply(db: Db, actor: Actor, id: number): Promise<void> {
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(cannedReplies)
      .where(eq(cannedReplies.id, id))
      .returning({ title: cannedReplies.title });
    if (!row) return null;
    await recordAudit(tx, {
      actorId: actor.id,
      action: "canned_reply_deleted",
      entityType: "canned_reply",
      entityId: id,
      details: { title: row.title },
    });
    return row;
  });
  if (!deleted) throw notFound("Canned reply not found");
}
