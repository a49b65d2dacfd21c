import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { emailJobsLeft, queryRows, userByUsername } from "../../../../tests/support/db-rows.ts";
import {
  appForFile,
  createMailTestApp,
  createTestApp,
  DEMO_PASSWORD,
  login,
  sessionCookie,
  TEST_SESSION_SECRET,
} from "../../../../tests/support/test-app.ts";
import { FORGOT_PASSWORD_ANSWER } from "../../../shared/schemas/outbox.ts";
import { passwordResetTokens } from "../../db/schema.ts";
import { NO_PASSWORD_YET } from "../auth/password.ts";
import { TwoFactorKeys } from "../two-factor/two-factor.service.ts";
import { hashLinkToken } from "./email-links.ts";
import { INVALID_RESET_LINK } from "./password-reset.service.ts";

/**
 * "Forgot password?" end to end on the server: the answer that tells nothing, the e-mail
 * that arrives at a real SMTP server, and the link that works once, for 30 minutes.
 */
const t = appForFile(() => createMailTestApp());

const forgot = (email: string, ip = "10.0.0.1") =>
  t.app.inject({ method: "POST", url: "/api/password/forgot", payload: { email }, remoteAddress: ip });
const reset = (token: string, password: string, cookie?: string, code?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/password/reset",
    payload: { token, password, ...(code ? { code } : {}) },
    headers: cookie ? { cookie } : {},
  });

const passwordHashOf = async (userId: number) =>
  (
    await queryRows<{ password_hash: string }>(
      t.database.db,
      sql`select password_hash from users where id = ${userId}`,
    )
  )[0].password_hash;

const customerEmail = async (username: string) => (await userByUsername(t.database.db, username)).email;

/** asks for a link and reads the token from the e-mail that arrives */
async function requestLink(email: string): Promise<string> {
  // what earlier steps queued (a "password changed" notice) is sent first, so the next e-mail is the link
  await t.app.jobs.drain();
  expect(await emailJobsLeft(t.database.db)).toBe(0);
  const seen = t.peer.received.length;
  expect((await forgot(email)).statusCode).toBe(200);
  await t.app.jobs.drain();
  // another e-mail to the same person (a password-changed notice) may still be arriving:
  // the reset is the one that carries a reset link
  const link = /http:\/\/localhost:5000\/reset-password#token=([A-Za-z0-9_-]+)/;
  for (let count = seen + 1; ; count++) {
    const mail = (await t.peer.waitFor(count))[count - 1];
    const m = link.exec(String(mail.parsed.text));
    if (!m) continue;
    expect(mail.rcptTo).toEqual([email]);
    return m[1];
  }
}

describe("POST /api/password/forgot", () => {
  it("answers the same whether or not an account uses the address, and e-mails only the account", async () => {
    const email = await customerEmail("demo-customer");
    const seen = t.peer.received.length;
    const known = await forgot(email);
    const unknown = await forgot("no-such-person@example.in");
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    await t.app.jobs.drain();
    expect(await emailJobsLeft(t.database.db)).toBe(0);
    const arrived = t.peer.received.slice(seen);
    expect(arrived.map((m) => m.rcptTo)).toEqual([[email]]);
    expect(arrived[0].parsed.subject).toBe("Reset your password");
    expect(arrived[0].parsed.html).toContain("/reset-password#token=");
  });

  it("sends a 256-bit token and keeps only its hash", async () => {
    const email = await customerEmail("demo-customer");
    const token = await requestLink(email);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const rows = await queryRows<{ token_hash: string; minutes: number }>(
      t.database.db,
      sql`select token_hash, extract(epoch from expires_at - created_at)::int / 60 as minutes
          from password_reset_tokens order by id desc limit 1`,
    );
    expect(rows[0].token_hash).toBe(createHash("sha256").update(token).digest("base64url"));
    expect(rows[0].token_hash).not.toContain(token);
    expect(rows[0].minutes).toBe(30);
  });
});

describe("POST /api/password/reset", () => {
  it("applies the password rules and leaves the link usable after a refusal", async () => {
    const token = await requestLink(await customerEmail("demo-customer-2"));
    const weak = await reset(token, "password1");
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/common/);
    const ok = await reset(token, "a-brand-new-secret-2");
    expect(ok.statusCode).toBe(200);
    await expect(login(t.app, "demo-customer-2", "a-brand-new-secret-2")).resolves.toBeTruthy();
  });

  it("sets the password once, ends every session, signs this browser in; a second use is refused", async () => {
    const email = await customerEmail("demo-customer");
    const elsewhere = await login(t.app, "demo-customer");
    const token = await requestLink(email);
    const res = await reset(token, "another-fine-secret-3");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: "demo-customer" });
    const mine = sessionCookie(res);
    expect((await t.app.inject({ url: "/api/user", headers: { cookie: mine } })).statusCode).toBe(200);
    // the session made with the old password is over
    expect((await t.app.inject({ url: "/api/user", headers: { cookie: elsewhere } })).statusCode).toBe(401);
    await expect(login(t.app, "demo-customer", DEMO_PASSWORD)).rejects.toThrow();
    await expect(login(t.app, "demo-customer", "another-fine-secret-3")).resolves.toBeTruthy();

    const before = await queryRows<{ password_hash: string }>(
      t.database.db,
      sql`select password_hash from users where username = 'demo-customer'`,
    );
    const again = await reset(token, "yet-another-secret-4");
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(INVALID_RESET_LINK);
    const after = await queryRows<{ password_hash: string }>(
      t.database.db,
      sql`select password_hash from users where username = 'demo-customer'`,
    );
    expect(after).toEqual(before);
  });

  it("refuses an unknown or expired token with a clear 400 and changes nothing", async () => {
    const unknown = await reset("A".repeat(43), "a-good-long-secret-5");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: INVALID_RESET_LINK });

    const token = await requestLink(await customerEmail("demo-customer"));
    await t.database.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 minute' where used_at is null`,
    );
    const expired = await reset(token, "a-good-long-secret-5");
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(INVALID_RESET_LINK);
    await expect(login(t.app, "demo-customer", "a-good-long-secret-5")).rejects.toThrow();
  });

  it("on a two-factor account checks the code first: a wrong one changes nothing, the right one changes all at once", async () => {
    const made = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: {
        firstName: "Anitha",
        lastName: "Krishnan",
        username: "anitha-2fa",
        email: "anitha.2fa@example.in",
        password: "anitha-first-secret-1",
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    // the welcome e-mail goes now, so the next to arrive is the reset link's
    await t.app.jobs.drain();
    const u = await userByUsername(t.database.db, "anitha-2fa");
    const secret = new Secret().base32;
    await t.database.db.execute(
      sql`insert into user_two_factor (user_id, secret, enabled_at)
          values (${u.id}, ${new TwoFactorKeys(TEST_SESSION_SECRET).encrypt(secret)}, now())`,
    );
    try {
      const elsewhere = sessionCookie(made);
      const passwordBefore = await passwordHashOf(u.id);
      const token = await requestLink(u.email);
      const changedNothing = async () => {
        expect(await passwordHashOf(u.id)).toBe(passwordBefore);
        expect((await t.app.inject({ url: "/api/user", headers: { cookie: elsewhere } })).statusCode).toBe(
          200,
        );
      };

      // without a code: asked for one, with no session and nothing changed
      const asked = await reset(token, "a-secret-with-2fa-6");
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toMatchObject({ twoFactorRequired: true });
      expect(asked.cookies.find((c) => c.name === "hipws_sid")).toBeUndefined();
      await changedNothing();

      // a wrong code: refused on the code field, nothing changed, the link still works
      const wrong = await reset(token, "a-secret-with-2fa-6", undefined, "000000");
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toHaveProperty("code");
      await changedNothing();

      // the right code: the password changes, the other session ends, this browser is signed in
      const right = await reset(
        token,
        "a-secret-with-2fa-6",
        undefined,
        TOTP.generate({ secret: Secret.fromBase32(secret) }),
      );
      expect(right.statusCode, right.body).toBe(200);
      expect(right.json()).toMatchObject({ username: "anitha-2fa" });
      expect(
        (await t.app.inject({ url: "/api/user", headers: { cookie: sessionCookie(right) } })).statusCode,
      ).toBe(200);
      expect(await passwordHashOf(u.id)).not.toBe(passwordBefore);
      expect((await t.app.inject({ url: "/api/user", headers: { cookie: elsewhere } })).statusCode).toBe(401);
    } finally {
      await t.database.db.execute(sql`delete from user_two_factor where user_id = ${u.id}`);
      // the "password changed" notice goes out now, not into the next test's count
      await t.app.jobs.drain();
    }
  });
});

describe("limits", () => {
  it("limits reset e-mails per address, whatever the client address", async () => {
    const strict = await createTestApp({ rateLimitFactor: 1 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await strict.app.inject({
          method: "POST",
          url: "/api/password/forgot",
          payload: { email: "someone@example.in" },
          remoteAddress: `10.1.0.${i + 1}`,
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
      // and per client address
      const fromOne: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await strict.app.inject({
          method: "POST",
          url: "/api/password/forgot",
          payload: { email: `person${i}@example.in` },
          remoteAddress: "10.2.0.1",
        });
        fromOne.push(res.statusCode);
      }
      expect(fromOne).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe("a change of e-mail address", () => {
  it("tells the old address and the new one", async () => {
    const cookie = await login(t.app, "demo-customer-2", "a-brand-new-secret-2");
    const me = (await t.app.inject({ url: "/api/user", headers: { cookie } })).json();
    const asked = t.peer.received.length;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/email",
      headers: { cookie },
      payload: { email: "moved-here@example.in", currentPassword: "a-brand-new-secret-2" },
    });
    expect(res.statusCode).toBe(200);
    // the change takes effect through the link sent to the new address
    await t.app.jobs.drain();
    const [link] = (await t.peer.waitFor(asked + 1)).slice(asked);
    const token = /\/confirm-email#token=([A-Za-z0-9_-]+)/.exec(String(link.parsed.text))?.[1];
    const seen = t.peer.received.length;
    const confirmed = await t.app.inject({ method: "POST", url: "/api/email/confirm", payload: { token } });
    expect(confirmed.statusCode).toBe(200);
    await t.app.jobs.drain();
    const mails = (await t.peer.waitFor(seen + 2)).slice(seen);
    expect(mails.map((m) => m.rcptTo[0]).sort()).toEqual([me.email, "moved-here@example.in"].sort());
    for (const m of mails) expect(m.parsed.text).toContain(`from ${me.email} to moved-here@example.in`);
  });
});

describe("an account someone else made", () => {
  it("records the privacy notice's acceptance when its person sets the first password, and not at a reset", async () => {
    // as a partner's handover makes a homeowner's account: no password yet, a link to choose one
    const [made] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into users (first_name, last_name, username, email, password_hash, role)
          values ('Lakshmi', 'Iyer', 'lakshmi-invited', 'lakshmi.iyer@example.in', ${NO_PASSWORD_YET}, 'customer')
          returning id`,
    );
    const token = randomBytes(32).toString("base64url");
    await t.database.db.insert(passwordResetTokens).values({
      userId: made.id,
      tokenHash: hashLinkToken(token),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const consents = () =>
      queryRows<{ purpose: string; given: boolean; source: string }>(
        t.database.db,
        sql`select purpose, given, source from consents where user_id = ${made.id} order by id`,
      );
    expect(await consents()).toEqual([]);
    expect((await reset(token, "lakshmi-first-secret-4")).statusCode).toBe(200);
    expect(await consents()).toEqual([{ purpose: "privacy_notice", given: true, source: "invitation" }]);

    // a later "Forgot password" is a reset of a password the person chose: nothing more recorded
    const again = await requestLink("lakshmi.iyer@example.in");
    expect((await reset(again, "lakshmi-second-secret-5")).statusCode).toBe(200);
    expect(await consents()).toHaveLength(1);
  });
});
