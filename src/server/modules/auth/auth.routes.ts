import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { badRequest } from "../../errors.ts";
import { route } from "../../lib/endpoint.ts";
import type { RateCounters } from "../../lib/rate-counters.ts";
import { perAddress } from "../../lib/rate-counters.ts";
import { recordSignUpConsents } from "../privacy/consent.service.ts";
import { confirmEmail, requestEmailChange, resendEmailConfirmation } from "../users/email-address.ts";
import { toPublicUser } from "../users/public-user.ts";
import { changePassword, createUser, findByLogin, updateProfile } from "../users/users.service.ts";
import { checkCurrentPassword } from "./current-password.ts";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password.ts";
import { passwordProblem } from "./password-rules.ts";
import { ACCOUNT_FAILURES, type AccountThrottle, countAttempt, invalidSignIn, signedIn } from "./sign-in.ts";

export async function authRoutes(
  app: FastifyInstance,
  {
    db,
    rateLimitFactor,
    counters,
    production,
  }: { db: Db; rateLimitFactor: number; counters: RateCounters; production: boolean },
) {
  // guessing passwords or making accounts in bulk is slowed down per client address
  const tenPerMinute = perAddress(10 * rateLimitFactor, "1 minute");
  // and guessing one account's password from many addresses, per account (sign-in.ts)
  const throttle: AccountThrottle = {
    counters,
    max: Math.ceil(ACCOUNT_FAILURES * rateLimitFactor),
    secure: production,
  };

  route(
    app,
    "POST /api/register",
    async (req, reply) => {
      const { role: _ignored, ...input } = req.body;
      const problem = passwordProblem(input.password, { ...input, role: "customer" });
      if (problem) throw badRequest(problem, { password: problem });
      const user = await createUser(db, { ...input, role: "customer" }, { welcome: true });
      // the notice was shown with the form; marketing only when its box was ticked
      await recordSignUpConsents(db, user.id, input.marketingConsent === true);
      await app.sessions.start(req, reply, user);
      await app.securityEvents.record(req, "signed_in", user.id);
      return user;
    },
    { rateLimit: tenPerMinute },
  );

  route(
    app,
    "POST /api/login",
    async (req, reply) => {
      // `username` may be the account's e-mail address too
      const { username, password } = req.body;
      const row = await findByLogin(db, username);
      const key = await countAttempt(throttle, req, reply, username, row?.id);
      // a switched-off account (a technician who left) answers like a wrong password
      if (!row || !(await verifyPassword(row.passwordHash, password)) || row.deactivatedAt) {
        // an unknown name costs the same time as a wrong password, and answers the same
        if (!row) await burnPasswordCheck(password);
        await app.securityEvents.record(req, "sign_in_failed", row?.id);
        throw invalidSignIn();
      }
      // a second factor: no session yet, and the attempt stays counted until a code passes
      const challenge = await app.twoFactor.challengeIfNeeded(reply, row);
      if (challenge) return challenge;
      const user = toPublicUser(row);
      await app.sessions.start(req, reply, user);
      await signedIn(throttle, req, reply, key, user);
      await app.securityEvents.record(req, "signed_in", user.id);
      return user;
    },
    { rateLimit: tenPerMinute },
  );

  route(app, "POST /api/logout", async (req, reply) => {
    const user = await req.currentUser();
    await app.sessions.end(req, reply);
    if (user) await app.securityEvents.record(req, "signed_out", user.id);
    return { message: "Logged out" };
  });

  route(app, "GET /api/user", async (req, reply) => {
    reply.header("cache-control", "no-store");
    return req.actor;
  });

  route(app, "PATCH /api/user", async (req) => updateProfile(db, req.actor, req.body));

  const passwordDeps = { db, counters, rateLimitFactor };

  /** a new address takes effect through the link sent to it (users/email-address.ts) */
  route(
    app,
    "POST /api/user/email",
    async (req, reply) => {
      const actor = req.actor;
      await checkCurrentPassword(passwordDeps, req, reply, actor.id, req.body.currentPassword);
      return { message: await requestEmailChange(db, actor, req.body.email) };
    },
    { rateLimit: tenPerMinute },
  );

  route(
    app,
    "POST /api/user/email/resend",
    async (req) => ({ message: await resendEmailConfirmation(db, req.actor) }),
    { rateLimit: perAddress(3 * rateLimitFactor, "1 minute") },
  );

  route(app, "POST /api/email/confirm", async (req) => confirmEmail(db, req.body.token), {
    rateLimit: tenPerMinute,
  });

  /**
   * Change password: the current one proves it is the owner and not someone at an unlocked
   * screen. Every other session of the user ends, so a device signed in with the old
   * password is signed out; this one goes on.
   */
  route(
    app,
    "POST /api/user/password",
    async (req, reply) => {
      const actor = req.actor;
      const { currentPassword, newPassword } = req.body;
      const row = await checkCurrentPassword(passwordDeps, req, reply, actor.id, currentPassword);
      const problem =
        newPassword === currentPassword
          ? "Please choose a new password that differs from the current one"
          : passwordProblem(newPassword, row);
      if (problem) throw badRequest(problem, { newPassword: problem });
      const passwordHash = await hashPassword(newPassword);
      await changePassword(db, actor.id, passwordHash, (tx) => app.sessions.endOthers(req, actor.id, tx));
      await app.securityEvents.record(req, "password_changed", actor.id);
      return { message: "Password changed" };
    },
    { rateLimit: tenPerMinute },
  );
}
