import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { badRequest } from "../../errors.ts";
import type { RateCounters } from "../../lib/rate-counters.ts";
import { verifyPassword } from "./password.ts";
import { ACCOUNT_FAILURES, ACCOUNT_WINDOW_MS, tooManyRequests } from "./sign-in.ts";

export const WRONG_CURRENT_PASSWORD = "Your current password is not correct";

/**
 * The changes that would let someone at an unlocked screen keep an account (its password,
 * its e-mail address, its two-factor sign-in) ask for the current password first. Wrong
 * guesses count like failed sign-ins, 10 in 15 minutes per account across all of these
 * changes, and each is kept in the security log; a right one starts the count again.
 * `field` names the form's password field, for the message under it. Answers the account's row.
 */
export async function checkCurrentPassword(
  deps: { db: Db; counters: RateCounters; rateLimitFactor: number },
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  password: string,
  field = "currentPassword",
) {
  const key = `current-password:${userId}`;
  const { count, ttlMs } = await deps.counters.hit(key, ACCOUNT_WINDOW_MS);
  if (count > Math.ceil(ACCOUNT_FAILURES * deps.rateLimitFactor)) throw tooManyRequests(reply, ttlMs);
  const [row] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!row || !(await verifyPassword(row.passwordHash, password))) {
    await request.server.securityEvents.record(request, "current_password_refused", userId);
    throw badRequest(WRONG_CURRENT_PASSWORD, { [field]: WRONG_CURRENT_PASSWORD });
  }
  await deps.counters.reset(key);
  return row;
}
