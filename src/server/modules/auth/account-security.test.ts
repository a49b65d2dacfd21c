import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import {
  appForFile,
  createRealLimitsTestApp,
  DEMO_PASSWORD,
  sessionCookie,
} from "../../../../tests/support/test-app.ts";
import { PASSWORD_IS_NAME_MESSAGE, PASSWORD_REPEATED_MESSAGE } from "../../../shared/schemas/auth.ts";
import { hashLinkToken } from "../mail/email-links.ts";

/**
 * Passwords, session lifetimes, sign-in throttling per account and the security log, as
 * a browser or an API client sees them. Limits at their real values (factor 1); each test
 * signs in from addresses of its own, so the per-address limit of 10 a minute stays out
 * of the way unless it is the subject.
 */
const t = appForFile(() => createRealLimitsTestApp("198.51.100"));
afterEach(() => {
  vi.useRealTimers();
});

const signIn = (username: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/login",
    remoteAddress: t.nextAddress(),
    headers,
    payload: { username, password },
  });

const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });

const run = (query: ReturnType<typeof sql>) => t.database.db.execute(query);

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

/** every session of a user, as the database holds them */
const sessionsOf = (username: string) =>
  rows<{ last_seen_at: Date | string }>(
    sql`select s.last_seen_at from sessions s join users u on u.id = s.user_id where u.username = ${username}`,
  );

let registrations = 0;
const register = (over: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/register",
    remoteAddress: t.nextAddress(),
    payload: {
      firstName: "Lakshmi",
      lastName: "Narayanan",
      username: `lakshmi-${++registrations}`,
      email: `lakshmi-${registrations}@example.in`,
      password: "teak-wardrobe-42",
      ...over,
    },
  });

describe("passwords", () => {
  it("sign-up keeps the spec's rule of 6 and refuses the most common passwords in any case", async () => {
    const short = await register({ password: "abc12" });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password).toBe("Password must be at least 6 characters");
    for (const common of ["password1", "iloveyou", "Qwerty123", "1q2w3e4r"]) {
      const res = await register({ password: common });
      expect(res.statusCode, common).toBe(400);
      expect(res.json().message).toMatch(/one of the most common/);
      expect(res.json().errors.password).toMatch(/one of the most common/);
    }
    expect((await register({ password: "teak-wardrobe-42" })).statusCode).toBe(201);
  });

  it("change password asks for the current one, applies the rules, and ends every other session", async () => {
    const made = await register({ password: "modular-kitchen-7" });
    expect(made.statusCode).toBe(201);
    const { username } = made.json();
    const here = sessionCookie(made);
    const phone = await t.cookieFor(username, "modular-kitchen-7");
    const change = (body: Record<string, unknown>, cookie = here) =>
      t.app.inject({ method: "POST", url: "/api/user/password", headers: { cookie }, payload: body });

    const guest = await t.app.inject({
      method: "POST",
      url: "/api/user/password",
      payload: { currentPassword: "modular-kitchen-7", newPassword: "granite-counter-9" },
    });
    expect(guest.statusCode).toBe(401);

    const wrong = await change({ currentPassword: "not-my-password", newPassword: "granite-counter-9" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.currentPassword).toBe("Your current password is not correct");
    const short = await change({ currentPassword: "modular-kitchen-7", newPassword: "abc" });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.newPassword).toBe("Password must be at least 6 characters");
    const common = await change({ currentPassword: "modular-kitchen-7", newPassword: "sunshine" });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.newPassword).toMatch(/one of the most common/);
    // nothing changed so far: the other device is still signed in
    expect((await me(phone)).statusCode).toBe(200);

    const ok = await change({ currentPassword: "modular-kitchen-7", newPassword: "granite-counter-9" });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: "Password changed" });
    expect((await me(here)).statusCode).toBe(200);
    await expect.poll(async () => (await me(phone)).statusCode, { timeout: 3000 }).toBe(401);
    expect((await signIn(username, "modular-kitchen-7")).statusCode).toBe(401);
    expect((await signIn(username, "granite-counter-9")).statusCode).toBe(200);
  });

  it("refuses one character repeated and the account's own username or e-mail, wherever a password is set", async () => {
    for (const password of ["aaaaaa", "AaAaAa", "77777777"]) {
      const res = await register({ password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors.password).toBe(PASSWORD_REPEATED_MESSAGE);
    }
    const asName = await register({ username: "teak-lover", password: "Teak-Lover" });
    expect(asName.statusCode).toBe(400);
    expect(asName.json().errors.password).toBe(PASSWORD_IS_NAME_MESSAGE);
    const asEmail = await register({ email: "veena@example.in", password: "VEENA@example.in" });
    expect(asEmail.statusCode).toBe(400);
    expect(asEmail.json().errors.password).toBe(PASSWORD_IS_NAME_MESSAGE);

    // change password: the new one is checked against the account's own names
    const made = await register({ password: "rosewood-shelf-5" });
    expect(made.statusCode).toBe(201);
    const { id, username, email } = made.json();
    const cookie = sessionCookie(made);
    for (const newPassword of [username.toUpperCase(), email, "bbbbbbbb"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/user/password",
        headers: { cookie },
        payload: { currentPassword: "rosewood-shelf-5", newPassword },
      });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json().errors.newPassword).toMatch(/username or e-mail|one character repeated/);
    }

    // a reset link (and an invitation's set-password link, the same call) checks them too
    const token = "a-reset-link-for-the-password-rules-test";
    await run(sql`insert into password_reset_tokens (user_id, token_hash, expires_at)
      values (${id}, ${hashLinkToken(token)}, now() + interval '30 minutes')`);
    const reset = (password: string) =>
      t.app.inject({ method: "POST", url: "/api/password/reset", payload: { token, password } });
    const resetAsEmail = await reset(email.toUpperCase());
    expect(resetAsEmail.statusCode).toBe(400);
    expect(resetAsEmail.json().errors.password).toBe(PASSWORD_IS_NAME_MESSAGE);
    const resetRepeated = await reset("zzzzzzzzzz");
    expect(resetRepeated.statusCode).toBe(400);
    expect(resetRepeated.json().errors.password).toBe(PASSWORD_REPEATED_MESSAGE);
    expect((await signIn(username, "rosewood-shelf-5")).statusCode).toBe(200);

    // staff make a technician's account: a staff password of one character is refused too
    const admin = await t.cookieFor("demo-admin");
    const technician = (password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/technicians",
        headers: { cookie: admin },
        payload: {
          firstName: "Ravi",
          lastName: "Kumar",
          username: "ravi-fitter",
          email: "ravi.fitter@example.in",
          phone: "9876501234",
          password,
        },
      });
    const sameChar = await technician("xxxxxxxxxxxx");
    expect(sameChar.statusCode).toBe(400);
    expect(sameChar.json().errors.password).toBe(PASSWORD_REPEATED_MESSAGE);
    const asAddress = await technician("Ravi.Fitter@example.in");
    expect(asAddress.statusCode).toBe(400);
    expect(asAddress.json().errors.password).toBe(PASSWORD_IS_NAME_MESSAGE);
    expect(await rows(sql`select id from users where username = 'ravi-fitter'`)).toHaveLength(0);
  });

  it("staff passwords need at least 12 characters", async () => {
    const admin = await t.cookieFor("demo-admin");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/password",
      headers: { cookie: admin },
      payload: { currentPassword: DEMO_PASSWORD, newPassword: "Ch3nnai-01" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.newPassword).toBe("Staff passwords must be at least 12 characters");
  });
});

const expiresOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === "hipws_sid")!;

describe("session lifetime", () => {
  it("a customer's cookie lasts 30 days; a staff cookie is a session cookie, without Expires", async () => {
    const customer = expiresOf(await signIn("demo-customer", DEMO_PASSWORD));
    const days = ((customer.expires as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const staff = await signIn("demo-admin", DEMO_PASSWORD);
    const header = [staff.headers["set-cookie"]].flat().find((c) => String(c).startsWith("hipws_sid="));
    expect(header).toBeDefined();
    expect(header).not.toMatch(/expires=|max-age=/i);
  });

  it("staff: 30 minutes idle or 12 hours in all ends the session", async () => {
    const idle = await t.cookieFor("demo-admin");
    await run(sql`update sessions set last_seen_at = now() - interval '31 minutes'`);
    expect((await me(idle)).statusCode).toBe(401);

    const fresh = await t.cookieFor("demo-admin");
    await run(sql`update sessions set last_seen_at = now() - interval '29 minutes'`);
    expect((await me(fresh)).statusCode).toBe(200);

    const long = await t.cookieFor("demo-admin");
    await run(sql`update sessions set created_at = now() - interval '12 hours 1 minute'`);
    expect((await me(long)).statusCode).toBe(401);
  });

  it("customers: 7 days idle or 30 days in all", async () => {
    const week = await t.cookieFor("demo-customer");
    await run(sql`update sessions set last_seen_at = now() - interval '6 days 23 hours'`);
    expect((await me(week)).statusCode).toBe(200);
    const idle = await t.cookieFor("demo-customer");
    await run(sql`update sessions set last_seen_at = now() - interval '7 days 1 minute'`);
    expect((await me(idle)).statusCode).toBe(401);
    const month = await t.cookieFor("demo-customer");
    await run(
      sql`update sessions set created_at = now() - interval '30 days 1 minute', last_seen_at = now()`,
    );
    expect((await me(month)).statusCode).toBe(401);
  });

  it("last use is written at most once a minute per session", async () => {
    await run(sql`delete from sessions`);
    const cookie = await t.cookieFor("demo-customer-2");
    await run(sql`update sessions set last_seen_at = now() - interval '2 minutes'`);
    const before = new Date((await sessionsOf("demo-customer-2"))[0].last_seen_at).getTime();
    expect((await me(cookie)).statusCode).toBe(200);
    const touched = new Date((await sessionsOf("demo-customer-2"))[0].last_seen_at).getTime();
    expect(touched - before).toBeGreaterThan(100_000);
    for (let i = 0; i < 5; i++) expect((await me(cookie)).statusCode).toBe(200);
    const after = new Date((await sessionsOf("demo-customer-2"))[0].last_seen_at).getTime();
    expect(after).toBe(touched);
  });
});

describe("sign-in throttling per account", () => {
  /** ends the 15-minute window: the database's clock on PostgreSQL, this process's on PGlite */
  async function afterTheWindow() {
    if (t.database.kind === "postgres")
      await run(sql`update rate_limits set reset_at = now() - interval '1 second'`);
    else {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 15 * 60_000 + 1000);
    }
  }

  it("after 10 failures in 15 minutes the account waits, with the generic answer; never for good", async () => {
    // this browser signed in before, on its owner's phone
    const earlier = await signIn("demo-customer-2", DEMO_PASSWORD);
    const device = earlier.cookies.find((c) => c.name === "hipws_device");
    expect(device).toBeDefined();
    for (let i = 0; i < 10; i++) {
      const res = await signIn("demo-customer-2", `wrong-guess-${i}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Invalid username or password" });
    }
    // from yet another address, even with the right password
    const held = await signIn("demo-customer-2", DEMO_PASSWORD);
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    expect(Number(held.headers["retry-after"])).toBeGreaterThan(800);
    expect(held.cookies.find((c) => c.name === "hipws_sid")).toBeUndefined();

    // a name that does not exist is answered exactly the same way: nothing tells them apart
    for (let i = 0; i < 10; i++)
      expect((await signIn("no-such-customer", `guess-${i}`)).statusCode).toBe(401);
    const unknown = await signIn("no-such-customer", "guess-x");
    expect(unknown.statusCode).toBe(429);
    expect(Object.keys(unknown.json())).toEqual(["message"]);

    // the owner's own browser is not locked out by someone else's guesses
    const owner = await signIn("demo-customer-2", DEMO_PASSWORD, {
      cookie: `hipws_device=${device!.value}`,
    });
    expect(owner.statusCode).toBe(200);

    await afterTheWindow();
    expect((await signIn("demo-customer-2", DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe("security events", () => {
  it("sign-ins, failures, sign-outs, refusals and password changes reach the console, without secrets", async () => {
    const customer = await t.cookieFor("demo-customer");
    await signIn("demo-customer", "typed-it-wrong");
    const forbidden = await t.app.inject({
      method: "GET",
      url: "/api/admin/stats",
      headers: { cookie: customer },
    });
    expect(forbidden.statusCode).toBe(403);
    const guest = await t.app.inject({ method: "GET", url: "/api/tickets", remoteAddress: "192.0.2.77" });
    expect(guest.statusCode).toBe(401);
    await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: customer } });

    const admin = await t.cookieFor("demo-admin");
    const page = await t.app.inject({
      method: "GET",
      url: "/api/admin/security-events?limit=200",
      headers: { cookie: admin },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    const events =
      page.json<
        {
          type: string;
          username: string | null;
          ip: string | null;
          requestId: string | null;
          route: string | null;
        }[]
      >();
    const find = (type: string, username: string | null) =>
      events.find((e) => e.type === type && e.username === username);
    expect(find("signed_in", "demo-customer")).toMatchObject({ route: "POST /api/login" });
    expect(find("sign_in_failed", "demo-customer")).toMatchObject({ route: "POST /api/login" });
    expect(find("forbidden", "demo-customer")).toMatchObject({ route: "GET /api/admin/stats" });
    expect(find("signed_out", "demo-customer")).toMatchObject({ route: "POST /api/logout" });
    expect(events.find((e) => e.type === "unauthorized" && e.ip === "192.0.2.77")).toMatchObject({
      route: "GET /api/tickets",
    });
    expect(events.find((e) => e.type === "password_changed")).toBeDefined();
    expect(events.find((e) => e.type === "rate_limited")).toBeDefined();
    for (const e of events) {
      expect(e.ip).toBeTruthy();
      expect(e.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
    // newest first
    expect(events[0].username).toBe("demo-admin");
    expect(page.body).not.toMatch(/typed-it-wrong|demo-password|wrong-guess|hipws_sid|argon2/);

    const firstPage = await t.app.inject({
      method: "GET",
      url: "/api/admin/security-events?limit=2&type=sign_in_failed",
      headers: { cookie: admin },
    });
    expect(firstPage.json()).toHaveLength(2);
    expect(Number(firstPage.headers["x-total-count"])).toBeGreaterThan(2);
    const next = /<([^>]+)>; rel="next"/.exec(String(firstPage.headers.link))![1];
    const second = await t.app.inject({ method: "GET", url: next, headers: { cookie: admin } });
    expect(second.statusCode).toBe(200);
    const ids = [...firstPage.json(), ...second.json()].map((e: { id: number }) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const bad = await t.app.inject({
      method: "GET",
      url: "/api/admin/security-events?cursor=0x10",
      headers: { cookie: admin },
    });
    expect(bad.statusCode).toBe(400);
  });
});

// last in the file: its refusals would crowd the security log the test above reads
describe("sign-in throttling by username or e-mail", () => {
  it("counts an account once whether it is named by its username or its e-mail, in any case", async () => {
    const [{ email }] = await rows<{ email: string }>(
      sql`select email from users where username = 'demo-customer'`,
    );
    const names = ["demo-customer", email, email.toUpperCase()];
    // ten wrong guesses spread over the three ways of naming it (earlier tests may have
    // counted one more: the window is the account's, whatever it was called)
    for (let i = 0; i < 10; i++)
      expect([401, 429]).toContain((await signIn(names[i % names.length], `wrong-guess-${i}`)).statusCode);
    expect((await signIn(email, DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await signIn("demo-customer", DEMO_PASSWORD)).statusCode).toBe(429);
  });
});
