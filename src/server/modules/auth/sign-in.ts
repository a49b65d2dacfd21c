import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import { AppError, unauthorized } from "../../errors.ts";
import type { RateCounters } from "../../lib/rate-counters.ts";
import { signedCookie } from "../../lib/signatures.ts";

/** Failed attempts allowed for one account in one window, before the rate-limit factor. */
export const ACCOUNT_FAILURES = 10;
export const ACCOUNT_WINDOW_MS = 15 * 60_000;

export const INVALID_SIGN_IN = "Invalid username or password";

/**
 * A browser that has signed in to an account before carries this signed cookie. Guessing
 * one account's password from many addresses is slowed by counting attempts per account;
 * but then anyone could keep a customer out by failing 10 times every 15 minutes. So a
 * browser that proves it signed in to this account before is counted on its own instead,
 * and an attacker without that cookie cannot lock its owner out. The cookie is sent only
 * to the sign-in call.
 */
const DEVICE_COOKIE = "hipws_device";
const DEVICE_COOKIE_PATH = "/api/login";
const DEVICE_DAYS = 365;

/** The generic answer of every limit: the same words whether or not the account exists. */
export function tooManyRequests(reply: FastifyReply, ttlMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  reply.header("retry-after", String(seconds));
  return new AppError(429, `Too many requests. Please try again in ${seconds} seconds.`);
}

function knownDevice(request: FastifyRequest): { userId: number; token: string } | null {
  const value = signedCookie(request, DEVICE_COOKIE);
  const m = value ? /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{16,64})$/.exec(value) : null;
  return m ? { userId: Number(m[1]), token: m[2] } : null;
}

export interface AccountThrottle {
  counters: RateCounters;
  /** attempts allowed per window (10, times the rate-limit factor) */
  max: number;
  secure: boolean;
}

/**
 * Counts a sign-in attempt before the password is checked, so attempts sent in parallel
 * are counted one by one and none slips past the limit. Answers the key to clear when the
 * password proves right; throws the generic 429 when the window is used up. The window is
 * fixed: 15 minutes after its first attempt it is over, whatever came after, so no number
 * of failures locks an account for longer.
 */
export async function countAttempt(
  throttle: AccountThrottle,
  request: FastifyRequest,
  reply: FastifyReply,
  username: string,
  userId: number | undefined,
): Promise<string> {
  const device = knownDevice(request);
  // an account is counted by its id, so typing its username and its e-mail in turn does not
  // double the guesses; a name no account answers to is counted as typed (the answers are
  // the same either way)
  const key =
    device && userId !== undefined && device.userId === userId
      ? `sign-in:device:${device.token}`
      : userId !== undefined
        ? `sign-in:account:${userId}`
        : `sign-in:name:${username.trim().toLowerCase()}`;
  const { count, ttlMs } = await throttle.counters.hit(key, ACCOUNT_WINDOW_MS);
  if (count > throttle.max) throw tooManyRequests(reply, ttlMs);
  return key;
}

/** After a successful sign-in: the account's count starts again, and this browser is known. */
export async function signedIn(
  throttle: AccountThrottle,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  user: PublicUser,
) {
  await throttle.counters.reset(key);
  const device = knownDevice(request);
  const token = device?.userId === user.id ? device.token : randomBytes(18).toString("base64url");
  reply.setCookie(DEVICE_COOKIE, `${user.id}.${token}`, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: "strict",
    secure: throttle.secure,
    signed: true,
    maxAge: DEVICE_DAYS * 86_400,
  });
}

export const invalidSignIn = () => unauthorized(INVALID_SIGN_IN);
