import { eq, sql } from "drizzle-orm";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import type { Db, Tx } from "../../db/client.ts";
import { sessions } from "../../db/schema.ts";

/**
 * Signed-in users remembered for a few seconds, so that the several requests a page makes
 * at once cost one session read, not one each (src/server/plugins/session.ts reads and
 * fills it). Keyed by the session's hashed id, which no two databases share, so the apps a
 * test or bench process runs side by side can share it.
 *
 * A write that ends a user's sessions or changes what is remembered of them calls
 * `userChanged` in its transaction: this process forgets the user at once, and every other
 * process when the transaction commits (NOTIFY on `USERS_CHANNEL`, naming the user). A
 * change made some other way (by hand in the database) shows within `REMEMBER_MS`.
 */
export const REMEMBER_MS = 5_000;
const REMEMBER_MAX = 10_000;
export const USERS_CHANNEL = "session_users_changed";

export interface Remembered {
  user: PublicUser;
  until: number;
  /** when the session's last use was last written */
  seenAt: number;
}

const remembered = new Map<string, Remembered>();

export function recall(sessionId: string, now: number): Remembered | undefined {
  const hit = remembered.get(sessionId);
  return hit && hit.until > now ? hit : undefined;
}

export function remember(sessionId: string, entry: Remembered) {
  if (remembered.size >= REMEMBER_MAX) remembered.clear();
  remembered.set(sessionId, entry);
}

/** forgets one user's sessions in this process; `payload` is a notification's user id */
export function forgetUser(userId: number | string) {
  const id = Number(userId);
  for (const [sessionId, entry] of remembered) if (entry.user.id === id) remembered.delete(sessionId);
}

export function forgetEveryone() {
  remembered.clear();
}

/**
 * Call after a write that ends a user's sessions, switches the account off or changes their
 * profile, in the same transaction: the other processes are told only if it commits.
 */
export async function userChanged(tx: Db | Tx, userId: number) {
  forgetUser(userId);
  await tx.execute(sql`select pg_notify(${USERS_CHANNEL}, ${String(userId)})`);
}

/** signs the user out everywhere: every session ends, on every process */
export async function endEverySession(tx: Tx, userId: number) {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await userChanged(tx, userId);
}
