import { and, desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { Secret, TOTP } from "otpauth";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  appForFile,
  createRealLimitsTestApp,
  DEMO_PASSWORD,
  sessionCookie,
} from "../../../../tests/support/test-app.ts";
import { STAFF_ENROL_MESSAGE } from "../../../shared/access.ts";
import { auditLog, securityEvents, users, userTwoFactor } from "../../db/schema.ts";
import { WRONG_CURRENT_PASSWORD } from "../auth/current-password.ts";
import { hashPassword } from "../auth/password.ts";

/**
 * Two-factor sign-in as a browser or an API client sees it, with the limits at their real
 * values (factor 1). Each request comes from an address of its own, so the per-address limit
 * of 10 a minute stays out of the way unless it is the subject. Codes are made here with
 * otpauth from the secret the setup answered, as a phone's app would; the clock is moved on
 * 30 seconds whenever a test needs a code of a new step (a code is taken only once).
 */
const t = appForFile(() => createRealLimitsTestApp("203.0.113"));
const STAFF = { username: "tf-staff", password: "staff-password-long-1" };
const TECHNICIAN = { username: "tf-technician", password: "technician-password-long-1" };

beforeAll(async () => {
  await t.database.db.insert(users).values({
    firstName: "Tara",
    lastName: "Staff",
    username: STAFF.username,
    email: "tf-staff@example.in",
    passwordHash: await hashPassword(STAFF.password),
    role: "admin",
  });
  await t.database.db.insert(users).values({
    firstName: "Murugan",
    lastName: "Technician",
    username: TECHNICIAN.username,
    email: "tf-technician@example.in",
    passwordHash: await hashPassword(TECHNICIAN.password),
    role: "technician",
  });
});
afterEach(() => vi.useRealTimers());

/** the clock, moved on one TOTP step at a time so each new code is one not used before */
let clock = Date.now();
function nextStep() {
  clock += 30_000;
  vi.useFakeTimers({ toFake: ["Date"], now: clock, shouldAdvanceTime: true });
}

/** the code an authenticator app shows now for this key */
const codeFor = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() });

function call(method: "GET" | "POST" | "PUT", url: string, cookie?: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    remoteAddress: t.nextAddress(),
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

const pendingCookie = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((x) => x.name === "hipws_2fa");
  if (!c) throw new Error(`no pending sign-in in ${res.statusCode}: ${res.body}`);
  return `hipws_2fa=${c.value}`;
};

const signIn = (username: string, password = DEMO_PASSWORD) =>
  call("POST", "/api/login", undefined, { username, password });

/** setup and confirm (with the account's `password`): answers the secret and the ten recovery codes */
async function enrol(cookie: string, password = DEMO_PASSWORD) {
  const setup = await call("POST", "/api/user/two-factor/setup", cookie);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauthUrl, qrCode } = setup.json();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  nextStep();
  const confirm = await call("POST", "/api/user/two-factor/confirm", cookie, {
    password,
    code: codeFor(secret),
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret: secret as string, codes: confirm.json().recoveryCodes as string[] };
}

async function eventsOf(userId: number, type: string) {
  return t.database.db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.type, type)));
}
async function auditOf(action: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));
}

describe("two-factor sign-in for a customer", () => {
  let cookie: string;
  let secret: string;
  let codes: string[];
  let userId: number;

  it("enrols: a wrong code is refused with a message, the right one turns it on with ten recovery codes", async () => {
    cookie = await t.cookieFor("demo-customer");
    userId = (await call("GET", "/api/user", cookie)).json().id;
    expect((await call("GET", "/api/user/two-factor", cookie)).json()).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
      requiredForYou: false,
    });
    const setup = await call("POST", "/api/user/two-factor/setup", cookie);
    secret = setup.json().secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // the secret is stored encrypted, not as the app's key
    const [row] = await t.database.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
    expect(row.secret).not.toContain(secret);
    expect(row.enabledAt).toBeNull();

    const wrong = await call("POST", "/api/user/two-factor/confirm", cookie, {
      password: DEMO_PASSWORD,
      code: "000000",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/That code is not correct/);
    expect((await call("GET", "/api/user/two-factor", cookie)).json().enabled).toBe(false);

    // turning it on asks for the current password too: someone at an unlocked screen has a right code, not it
    nextStep();
    const noPassword = await call("POST", "/api/user/two-factor/confirm", cookie, { code: codeFor(secret) });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors).toHaveProperty("password");
    const wrongPassword = await call("POST", "/api/user/two-factor/confirm", cookie, {
      password: "not-my-password",
      code: codeFor(secret),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ errors: { password: WRONG_CURRENT_PASSWORD } });
    expect(await eventsOf(userId, "current_password_refused")).toHaveLength(1);
    expect((await call("GET", "/api/user/two-factor", cookie)).json().enabled).toBe(false);

    nextStep();
    const ok = await call("POST", "/api/user/two-factor/confirm", cookie, {
      password: DEMO_PASSWORD,
      code: codeFor(secret),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    codes = ok.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect((await call("GET", "/api/user/two-factor", cookie)).json()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    // the secret is not given out again
    const again = await call("POST", "/api/user/two-factor/setup", cookie);
    expect(again.statusCode).toBe(400);
    expect(again.body).not.toContain(secret);
    expect(await eventsOf(userId, "two_factor_enabled")).toHaveLength(1);
    expect((await auditOf("two_factor_enabled"))[0]).toMatchObject({ actorId: userId, entityId: userId });
  });

  it("a correct password starts no session: the answer asks for a code", async () => {
    const res = await signIn("demo-customer");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      twoFactorRequired: true,
      message: "Enter the code from your authenticator app, or a recovery code",
    });
    expect(res.cookies.find((c) => c.name === "hipws_sid")).toBeUndefined();
    expect(pendingCookie(res)).toBeTruthy();
  });

  it("an account without two-factor sign-in gets the user, as before", async () => {
    const res = await signIn("demo-customer-2");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: "demo-customer-2", role: "customer" });
    expect(res.json()).not.toHaveProperty("twoFactorRequired");
    expect(sessionCookie(res)).toBeTruthy();
  });

  it("the second step: no pending sign-in is 401; a wrong code 400 and logged; the right code signs in", async () => {
    const none = await call("POST", "/api/login/two-factor", undefined, { code: "123456" });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toMatch(/sign-in has expired/);

    const pending = pendingCookie(await signIn("demo-customer"));
    const before = (await eventsOf(userId, "two_factor_failed")).length;
    const wrong = await call("POST", "/api/login/two-factor", pending, { code: "000000" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: expect.stringMatching(/not correct/) });
    expect(wrong.cookies.find((c) => c.name === "hipws_sid")).toBeUndefined();
    expect(await eventsOf(userId, "two_factor_failed")).toHaveLength(before + 1);

    nextStep();
    const code = codeFor(secret);
    const ok = await call("POST", "/api/login/two-factor", pending, { code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: userId, username: "demo-customer" });
    const me = await call("GET", "/api/user", sessionCookie(ok));
    expect(me.statusCode).toBe(200);

    // the same code again, within its window: refused
    const again = pendingCookie(await signIn("demo-customer"));
    const replay = await call("POST", "/api/login/two-factor", again, { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/already been used/);
  });

  it("a recovery code signs in once, and is recorded", async () => {
    const pending = pendingCookie(await signIn("demo-customer"));
    const ok = await call("POST", "/api/login/two-factor", pending, { code: codes[0].toUpperCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await eventsOf(userId, "recovery_code_used")).toHaveLength(1);
    expect((await auditOf("two_factor_recovery_code_used"))[0]).toMatchObject({ actorId: userId });
    const cookie2 = sessionCookie(ok);
    expect((await call("GET", "/api/user/two-factor", cookie2)).json().recoveryCodesLeft).toBe(9);

    const pending2 = pendingCookie(await signIn("demo-customer"));
    const reused = await call("POST", "/api/login/two-factor", pending2, { code: codes[0] });
    expect(reused.statusCode).toBe(400);
  });

  it("a pending sign-in ends when the password changes", async () => {
    nextStep();
    const pending = pendingCookie(await signIn("demo-customer"));
    const change = await call("POST", "/api/user/password", cookie, {
      currentPassword: DEMO_PASSWORD,
      newPassword: "another-good-password-7",
    });
    expect(change.statusCode, change.body).toBe(200);
    const res = await call("POST", "/api/login/two-factor", pending, { code: codeFor(secret) });
    expect(res.statusCode).toBe(401);
    const back = await call("POST", "/api/user/password", cookie, {
      currentPassword: "another-good-password-7",
      newPassword: DEMO_PASSWORD,
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it("new recovery codes need the current password and a code, and the old ones stop working", async () => {
    const wrong = await call("POST", "/api/user/two-factor/recovery-codes", cookie, {
      password: DEMO_PASSWORD,
      code: "111111",
    });
    expect(wrong.statusCode).toBe(400);
    nextStep();
    const noPassword = await call("POST", "/api/user/two-factor/recovery-codes", cookie, {
      code: codeFor(secret),
    });
    expect(noPassword.statusCode).toBe(400);
    const wrongPassword = await call("POST", "/api/user/two-factor/recovery-codes", cookie, {
      password: "not-my-password",
      code: codeFor(secret),
    });
    expect(wrongPassword.json()).toMatchObject({ errors: { password: WRONG_CURRENT_PASSWORD } });
    expect(await eventsOf(userId, "recovery_codes_regenerated")).toHaveLength(0);
    nextStep();
    const res = await call("POST", "/api/user/two-factor/recovery-codes", cookie, {
      password: DEMO_PASSWORD,
      code: codeFor(secret),
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh: string[] = res.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[1]);
    expect(await eventsOf(userId, "recovery_codes_regenerated")).toHaveLength(1);

    const pending = pendingCookie(await signIn("demo-customer"));
    const old = await call("POST", "/api/login/two-factor", pending, { code: codes[1] });
    expect(old.statusCode).toBe(400);
    const ok = await call("POST", "/api/login/two-factor", pending, { code: fresh[0] });
    expect(ok.statusCode, ok.body).toBe(200);
    codes = fresh;
  });

  it("a code or a recovery code sent twice at the same moment signs in once", async () => {
    for (const kind of ["totp", "recovery"] as const) {
      const pendings = [
        pendingCookie(await signIn("demo-customer")),
        pendingCookie(await signIn("demo-customer")),
      ];
      if (kind === "totp") nextStep();
      const code = kind === "totp" ? codeFor(secret) : codes[5];
      const answers = await Promise.all(
        pendings.map((pending) => call("POST", "/api/login/two-factor", pending, { code })),
      );
      expect(answers.map((a) => a.statusCode).sort(), kind).toEqual([200, 400]);
    }
  });

  it("turning it off needs the current password and a code", async () => {
    nextStep();
    const badPassword = await call("POST", "/api/user/two-factor/disable", cookie, {
      password: "not-my-password",
      code: codeFor(secret),
    });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().errors).toHaveProperty("password");
    const badCode = await call("POST", "/api/user/two-factor/disable", cookie, {
      password: DEMO_PASSWORD,
      code: "222222",
    });
    expect(badCode.statusCode).toBe(400);
    expect((await call("GET", "/api/user/two-factor", cookie)).json().enabled).toBe(true);

    nextStep();
    const off = await call("POST", "/api/user/two-factor/disable", cookie, {
      password: DEMO_PASSWORD,
      code: codeFor(secret),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await eventsOf(userId, "two_factor_disabled")).toHaveLength(1);
    expect((await auditOf("two_factor_disabled"))[0]).toMatchObject({ actorId: userId });
    const res = await signIn("demo-customer");
    expect(res.json()).toMatchObject({ id: userId });
    expect((await call("GET", "/api/user/two-factor", cookie)).json()).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
  });
});

describe("wrong codes count with the account's failed sign-ins", () => {
  it("ten attempts in 15 minutes (password and codes together), then 429 from any address", async () => {
    const cookie = await t.cookieFor("demo-customer-2");
    const { secret } = await enrol(cookie);
    const pending = pendingCookie(await signIn("demo-customer-2"));
    // the password counted once; nine wrong codes make ten
    for (let i = 0; i < 9; i++) {
      const res = await call("POST", "/api/login/two-factor", pending, { code: "000000" });
      expect(res.statusCode, `attempt ${i}`).toBe(400);
    }
    nextStep();
    const limited = await call("POST", "/api/login/two-factor", pending, { code: codeFor(secret) });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeTruthy();
  });
});

describe("two-factor sign-in required of all staff", () => {
  it("is set by staff who have it themselves, audited, and keeps other staff out of the console until they enrol", async () => {
    const admin = await t.cookieFor("demo-admin");
    const staff = await t.cookieFor(STAFF.username, STAFF.password);
    expect((await call("GET", "/api/admin/settings/two-factor", admin)).json()).toEqual({
      requiredForStaff: false,
    });
    const early = await call("PUT", "/api/admin/settings/two-factor", admin, { requiredForStaff: true });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/your own account first/);

    const { secret: adminSecret } = await enrol(admin);
    const on = await call("PUT", "/api/admin/settings/two-factor", admin, { requiredForStaff: true });
    expect(on.statusCode, on.body).toBe(200);
    expect((await auditOf("staff_two_factor_required"))[0]).toMatchObject({
      entityType: "setting",
      details: { key: "staff_two_factor_required", from: false, to: true },
    });

    // staff without it: the console's calls are refused with a message saying what to do
    const refused = await call("GET", "/api/admin/stats", staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "Two-factor sign-in is required for staff. Please set it up before using the console.",
    );
    expect((await call("GET", "/api/user/two-factor", staff)).json()).toMatchObject({
      enabled: false,
      requiredForYou: true,
    });
    // customers are not affected
    const customer = await t.cookieFor("demo-customer");
    expect((await call("GET", "/api/user/two-factor", customer)).json().requiredForYou).toBe(false);
    expect((await call("GET", "/api/purchases", customer)).statusCode).toBe(200);

    const { secret: staffSecret } = await enrol(staff, STAFF.password);
    expect((await call("GET", "/api/admin/stats", staff)).statusCode).toBe(200);

    // technicians are staff too: their own ticket list waits for their enrolment as well
    const technician = await t.cookieFor(TECHNICIAN.username, TECHNICIAN.password);
    const technicianRefused = await call("GET", "/api/admin/tickets", technician);
    expect(technicianRefused.statusCode).toBe(403);
    expect(technicianRefused.json().message).toBe(STAFF_ENROL_MESSAGE);
    expect((await call("GET", "/api/user/two-factor", technician)).json().requiredForYou).toBe(true);
    await enrol(technician, TECHNICIAN.password);
    expect((await call("GET", "/api/admin/tickets", technician)).statusCode).toBe(200);

    // while it is required, staff cannot turn theirs off
    nextStep();
    const off = await call("POST", "/api/user/two-factor/disable", staff, {
      password: STAFF.password,
      code: codeFor(staffSecret),
    });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toMatch(/required for staff/);

    const optional = await call("PUT", "/api/admin/settings/two-factor", admin, { requiredForStaff: false });
    expect(optional.statusCode).toBe(200);
    expect(await auditOf("staff_two_factor_not_required")).toHaveLength(1);
    const [event] = await eventsOf(
      (await call("GET", "/api/user", admin)).json().id,
      "staff_two_factor_rule_changed",
    );
    expect(event).toBeTruthy();
    expect(adminSecret).not.toBe(staffSecret);
  });
});
