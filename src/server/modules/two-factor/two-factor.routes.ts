import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isStaffRole, type PublicUser } from "../../../shared/schemas/auth.ts";
import { TWO_FACTOR_CHALLENGE_MESSAGE, type TwoFactorChallenge } from "../../../shared/schemas/two-factor.ts";
import type { Db } from "../../db/client.ts";
import { badRequest, unauthorized } from "../../errors.ts";
import { route } from "../../lib/endpoint.ts";
import type { RateCounters } from "../../lib/rate-counters.ts";
import { perAddress } from "../../lib/rate-counters.ts";
import { sameSignature, signedCookie } from "../../lib/signatures.ts";
import { checkCurrentPassword } from "../auth/current-password.ts";
import {
  ACCOUNT_FAILURES,
  ACCOUNT_WINDOW_MS,
  type AccountThrottle,
  countAttempt,
  signedIn,
  tooManyRequests,
} from "../auth/sign-in.ts";
import { toPublicUser } from "../users/public-user.ts";
import {
  auditOwnTwoFactor,
  checkSecondFactor,
  codeProblem,
  disableTwoFactor,
  enableTwoFactor,
  needsSecondFactor,
  normalizeCode,
  passwordFingerprint,
  pendingAccount,
  readStaffRule,
  regenerateRecoveryCodes,
  startEnrolment,
  TwoFactorKeys,
  totpStep,
  twoFactorRow,
  unusedRecoveryCodes,
  writeStaffRule,
} from "./two-factor.service.ts";

/** A sign-in waiting for its second step: a signed cookie, sent only to the sign-in calls. */
const PENDING_COOKIE = "hipws_2fa";
const PENDING_PATH = "/api/login";
const PENDING_MS = 5 * 60_000;
const SIGN_IN_EXPIRED = "Your sign-in has expired. Please enter your username and password again.";
/** the staff rule is read at most this often per process (every change in this process applies at once) */
const RULE_CACHE_MS = 10_000;

declare module "fastify" {
  interface FastifyInstance {
    twoFactor: {
      /**
       * For every way of signing in, once its first factor (a password, a reset link) has
       * proved right: when the account has two-factor sign-in on, no session is started;
       * this sets the pending cookie and answers the challenge for the browser. Null means
       * no second factor is needed: start the session as usual.
       */
      challengeIfNeeded(
        reply: FastifyReply,
        user: { id: number; passwordHash: string },
      ): Promise<TwoFactorChallenge | null>;
      /** whether the staff rule is on (cached for a few seconds) */
      staffRule(): Promise<boolean>;
      setStaffRule(value: boolean): void;
    };
  }
}

interface Deps {
  db: Db;
  production: boolean;
}

/**
 * Two-factor sign-in at the level of the whole app: the challenge every sign-in path asks
 * for, and the staff rule (whether it holds for a caller is part of the caller the access
 * check resolves: plugins/access.ts).
 */
export function registerTwoFactor(app: FastifyInstance, { db, production }: Deps) {
  let rule: { value: boolean; until: number } | null = null;

  async function staffRule(): Promise<boolean> {
    if (rule && rule.until > Date.now()) return rule.value;
    const value = await readStaffRule(db);
    rule = { value, until: Date.now() + RULE_CACHE_MS };
    return value;
  }

  app.decorate("twoFactor", {
    async challengeIfNeeded(reply: FastifyReply, user: { id: number; passwordHash: string }) {
      if (!(await needsSecondFactor(db, user.id))) return null;
      const until = Date.now() + PENDING_MS;
      reply.setCookie(PENDING_COOKIE, `${user.id}.${until}.${passwordFingerprint(user.passwordHash)}`, {
        path: PENDING_PATH,
        httpOnly: true,
        sameSite: "strict",
        secure: production,
        signed: true,
        maxAge: PENDING_MS / 1000,
      });
      return { twoFactorRequired: true as const, message: TWO_FACTOR_CHALLENGE_MESSAGE };
    },
    staffRule,
    setStaffRule(value: boolean) {
      rule = { value, until: Date.now() + RULE_CACHE_MS };
    },
  });
}

function readPending(request: FastifyRequest): { userId: number; fingerprint: string } | null {
  const value = signedCookie(request, PENDING_COOKIE);
  const m = value ? /^([1-9][0-9]{0,9})\.([0-9]{13})\.([A-Za-z0-9_-]{16})$/.exec(value) : null;
  if (!m || Number(m[2]) < Date.now()) return null;
  return { userId: Number(m[1]), fingerprint: m[3] };
}

export async function twoFactorRoutes(
  app: FastifyInstance,
  {
    db,
    sessionSecret,
    rateLimitFactor,
    counters,
    production,
  }: { db: Db; sessionSecret: string; rateLimitFactor: number; counters: RateCounters; production: boolean },
) {
  const keys = new TwoFactorKeys(sessionSecret);
  const passwordDeps = { db, counters, rateLimitFactor };
  const tenPerMinute = perAddress(10 * rateLimitFactor, "1 minute");
  const throttle: AccountThrottle = {
    counters,
    max: Math.ceil(ACCOUNT_FAILURES * rateLimitFactor),
    secure: production,
  };
  const clearPending = (reply: FastifyReply) =>
    reply.clearCookie(PENDING_COOKIE, {
      path: PENDING_PATH,
      httpOnly: true,
      sameSite: "strict",
      secure: production,
    });

  /** Codes typed in the profile count per account too: 10 wrong ones in 15 minutes, then 429. */
  async function countCodeAttempt(reply: FastifyReply, userId: number): Promise<string> {
    const key = `two-factor:${userId}`;
    const { count, ttlMs } = await counters.hit(key, ACCOUNT_WINDOW_MS);
    if (count > throttle.max) throw tooManyRequests(reply, ttlMs);
    return key;
  }

  async function refuseCode(
    req: FastifyRequest,
    userId: number,
    check: "replayed" | "wrong",
  ): Promise<never> {
    await app.securityEvents.record(req, "two_factor_failed", userId);
    const message = codeProblem(check);
    throw badRequest(message, { code: message });
  }

  /** the account's code (from the app, or a recovery code) checked: a wrong or reused one is refused */
  async function acceptCode(req: FastifyRequest, userId: number, code: string) {
    const check = await checkSecondFactor(db, keys, userId, code);
    if (check === "wrong" || check === "replayed") await refuseCode(req, userId, check);
    return check;
  }

  /** the signed-in user, whose two-factor sign-in must be on */
  async function userWithTwoFactor(req: { actor: PublicUser }) {
    const user = req.actor;
    if (!(await needsSecondFactor(db, user.id))) throw badRequest("Two-factor sign-in is not on.");
    return user;
  }

  route(
    app,
    "POST /api/login/two-factor",
    async (req, reply) => {
      const pending = readPending(req);
      if (!pending) throw unauthorized(SIGN_IN_EXPIRED);
      const row = await pendingAccount(db, pending.userId);
      if (
        !row ||
        !sameSignature(pending.fingerprint, passwordFingerprint(row.passwordHash)) ||
        !(await needsSecondFactor(db, row.id))
      ) {
        clearPending(reply);
        throw unauthorized(SIGN_IN_EXPIRED);
      }
      // wrong codes count with the account's failed passwords (sign-in.ts)
      const key = await countAttempt(throttle, req, reply, row.username, row.id);
      const check = await acceptCode(req, row.id, req.body.code);
      const user = toPublicUser(row);
      if (check === "recovery") {
        await auditOwnTwoFactor(db, user.id, "two_factor_recovery_code_used", {
          left: await unusedRecoveryCodes(db, user.id),
        });
        await app.securityEvents.record(req, "recovery_code_used", user.id);
      }
      clearPending(reply);
      await app.sessions.start(req, reply, user);
      await signedIn(throttle, req, reply, key, user);
      await app.securityEvents.record(req, "signed_in", user.id);
      return user;
    },
    { rateLimit: tenPerMinute },
  );

  route(app, "GET /api/user/two-factor", async (req) => {
    const user = req.actor;
    const row = await twoFactorRow(db, user.id);
    const enabled = Boolean(row?.enabledAt);
    return {
      enabled,
      enabledAt: row?.enabledAt ? row.enabledAt.toISOString() : null,
      recoveryCodesLeft: enabled ? await unusedRecoveryCodes(db, user.id) : 0,
      requiredForYou: isStaffRole(user.role) && (await app.twoFactor.staffRule()),
    };
  });

  route(
    app,
    "POST /api/user/two-factor/setup",
    async (req) => {
      const user = req.actor;
      if (await needsSecondFactor(db, user.id))
        throw badRequest("Two-factor sign-in is already on. Turn it off first to move it to another app.");
      return startEnrolment(db, keys, user);
    },
    { rateLimit: tenPerMinute },
  );

  route(
    app,
    "POST /api/user/two-factor/confirm",
    async (req, reply) => {
      const user = req.actor;
      const row = await twoFactorRow(db, user.id);
      if (row?.enabledAt) throw badRequest("Two-factor sign-in is already on.");
      if (!row) throw badRequest("Please start the setup first.");
      await checkCurrentPassword(passwordDeps, req, reply, user.id, req.body.password, "password");
      const throttleKey = await countCodeAttempt(reply, user.id);
      const secret = keys.decrypt(row.secret);
      const step = secret ? totpStep(secret, normalizeCode(req.body.code)) : null;
      if (step === null) await refuseCode(req, user.id, "wrong");
      const fresh = await enableTwoFactor(db, keys, user.id, step as number);
      if (!fresh) await refuseCode(req, user.id, "replayed");
      await counters.reset(throttleKey);
      await app.securityEvents.record(req, "two_factor_enabled", user.id);
      return { recoveryCodes: fresh as string[] };
    },
    { rateLimit: tenPerMinute },
  );

  route(
    app,
    "POST /api/user/two-factor/recovery-codes",
    async (req, reply) => {
      const user = await userWithTwoFactor(req);
      await checkCurrentPassword(passwordDeps, req, reply, user.id, req.body.password, "password");
      const throttleKey = await countCodeAttempt(reply, user.id);
      await acceptCode(req, user.id, req.body.code);
      const fresh = await regenerateRecoveryCodes(db, keys, user.id);
      await counters.reset(throttleKey);
      await app.securityEvents.record(req, "recovery_codes_regenerated", user.id);
      return { recoveryCodes: fresh };
    },
    { rateLimit: tenPerMinute },
  );

  route(
    app,
    "POST /api/user/two-factor/disable",
    async (req, reply) => {
      const user = await userWithTwoFactor(req);
      if (isStaffRole(user.role) && (await app.twoFactor.staffRule()))
        throw badRequest("Two-factor sign-in is required for staff, so it cannot be turned off.");
      await checkCurrentPassword(passwordDeps, req, reply, user.id, req.body.password, "password");
      const throttleKey = await countCodeAttempt(reply, user.id);
      await acceptCode(req, user.id, req.body.code);
      await disableTwoFactor(db, user.id);
      await counters.reset(throttleKey);
      await app.securityEvents.record(req, "two_factor_disabled", user.id);
      return { message: "Two-factor sign-in is off" };
    },
    { rateLimit: tenPerMinute },
  );

  route(app, "GET /api/admin/settings/two-factor", async () => ({
    requiredForStaff: await readStaffRule(db),
  }));

  route(app, "PUT /api/admin/settings/two-factor", async (req) => {
    const { actor } = req;
    const { requiredForStaff } = req.body;
    // whoever turns it on must not lock themselves out of the console with it
    if (requiredForStaff && !(await needsSecondFactor(db, actor.id)))
      throw badRequest("Please turn on two-factor sign-in for your own account first.");
    await writeStaffRule(db, actor.id, requiredForStaff);
    app.twoFactor.setStaffRule(requiredForStaff);
    await app.securityEvents.record(req, "staff_two_factor_rule_changed", actor.id);
    return { requiredForStaff };
  });
}
