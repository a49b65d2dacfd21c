import { describe, expect, it } from "vitest";
import { emailJobsLeft, userByUsername } from "../../../../tests/support/db-rows.ts";
import type { ReceivedMail } from "../../../../tests/support/smtp-peer.ts";
import {
  appForFile,
  createMailTestApp,
  DEMO_PASSWORD,
  login,
  sessionCookie,
} from "../../../../tests/support/test-app.ts";
import { EMAIL_CHANGE_THROUGH_LINK, type PublicUser } from "../../../shared/schemas/auth.ts";
import { WRONG_CURRENT_PASSWORD } from "../auth/current-password.ts";
import { INVALID_SIGN_IN } from "../auth/sign-in.ts";
import { INVALID_CONFIRM_LINK } from "./email-address.ts";

/**
 * Accounts and their addresses: signing in with the address, a profile update that changes
 * only what it is sent, the link that proves an address, and a change of address that takes
 * effect only through the link sent to the new one. E-mails are read from a real SMTP server.
 */
const t = appForFile(() => createMailTestApp());

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: "POST", url, payload, headers: cookie ? { cookie } : {} });
const me = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } })).json<PublicUser>();

/** the e-mails that arrive after `seen`, once the queue has run */
async function mailsSince(seen: number, count: number): Promise<ReceivedMail[]> {
  await t.app.jobs.drain();
  return (await t.peer.waitFor(seen + count)).slice(seen);
}

const confirmToken = (mail: ReceivedMail) => {
  const m = /\/confirm-email#token=([A-Za-z0-9_-]+)/.exec(String(mail.parsed.text));
  expect(m).not.toBeNull();
  return m![1];
};

let signUps = 0;
/** signs up a new customer and answers their session and the e-mails sign-up sent */
async function signUp(): Promise<{ cookie: string; username: string; email: string; mails: ReceivedMail[] }> {
  signUps += 1;
  const username = `owner-${signUps}`;
  const email = `Owner.${signUps}@Example.in`;
  const seen = t.peer.received.length;
  const res = await post("/api/register", {
    firstName: "Meera",
    lastName: "Pillai",
    username,
    email,
    password: "kolam-veranda-41",
  });
  expect(res.statusCode).toBe(201);
  return {
    cookie: sessionCookie(res),
    username,
    email: email.toLowerCase(),
    mails: await mailsSince(seen, 2),
  };
}

describe("POST /api/login with an e-mail address", () => {
  it("signs in by the account's address in any case, and by its username as before", async () => {
    const { email } = await userByUsername(t.database.db, "demo-customer");
    for (const username of [email, email.toUpperCase(), ` ${email} `, "DEMO-customer"]) {
      const res = await post("/api/login", { username, password: DEMO_PASSWORD });
      expect(res.statusCode, username).toBe(200);
      expect(res.json<PublicUser>().username).toBe("demo-customer");
    }
  });

  it("answers a wrong password for an address exactly as for a username", async () => {
    const { email } = await userByUsername(t.database.db, "demo-customer");
    const res = await post("/api/login", { username: email, password: "not-the-password" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: INVALID_SIGN_IN });
  });
});

describe("PATCH /api/user", () => {
  it("changes only the fields it is sent: a GSTIN alone keeps the phone, address and names", async () => {
    const cookie = await login(t.app, "demo-customer-2");
    const before = await me(cookie);
    const set = await t.app.inject({
      method: "PATCH",
      url: "/api/user",
      headers: { cookie },
      payload: { phone: "98400 12345", city: "Madurai" },
    });
    expect(set.statusCode).toBe(200);
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/user",
      headers: { cookie },
      payload: { gstin: "33ABCDE1234F1Z7" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<PublicUser>()).toMatchObject({
      gstin: "33ABCDE1234F1Z7",
      phone: "98400 12345",
      city: "Madurai",
      firstName: before.firstName,
      lastName: before.lastName,
      email: before.email,
      address: before.address,
    });
    // an empty field clears it; the others stay
    const cleared = await t.app.inject({
      method: "PATCH",
      url: "/api/user",
      headers: { cookie },
      payload: { city: "" },
    });
    expect(cleared.json<PublicUser>()).toMatchObject({ city: null, phone: "98400 12345" });
  });

  it("does not change the e-mail address: a different one is refused with the way to do it", async () => {
    const cookie = await login(t.app, "demo-customer-2");
    const before = await me(cookie);
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/user",
      headers: { cookie },
      payload: { email: "someone.else@example.in", phone: "98400 99999" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: EMAIL_CHANGE_THROUGH_LINK });
    expect(await me(cookie)).toMatchObject({ email: before.email, phone: before.phone });
    // the current address sent back with the rest is no change
    const same = await t.app.inject({
      method: "PATCH",
      url: "/api/user",
      headers: { cookie },
      payload: { email: before.email.toUpperCase(), firstName: "Kavya" },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json<PublicUser>().firstName).toBe("Kavya");
  });
});

describe("proving an address", () => {
  it("sign-up e-mails the username and a link; the account works before it, and the link proves the address once", async () => {
    const { cookie, username, email, mails } = await signUp();
    expect(mails.every((m) => m.rcptTo[0] === email)).toBe(true);
    const welcome = mails.find((m) => m.parsed.subject?.startsWith("Welcome"))!;
    expect(String(welcome.parsed.text)).toContain(`username ${username}`);
    const confirm = mails.find((m) => m.parsed.subject === "Confirm your e-mail address")!;
    expect(String(confirm.parsed.text)).toContain(username);
    expect(await me(cookie)).toMatchObject({ username, emailVerified: false });

    const token = confirmToken(confirm);
    const res = await post("/api/email/confirm", { token });
    expect(res.statusCode).toBe(200);
    expect(res.json<PublicUser>()).toMatchObject({ username, email, emailVerified: true });
    expect(await me(cookie)).toMatchObject({ emailVerified: true });
    const again = await post("/api/email/confirm", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: INVALID_CONFIRM_LINK });
  });

  it("sends a new link on request while the address is not proved, and refuses once it is", async () => {
    const { cookie, email } = await signUp();
    const seen = t.peer.received.length;
    expect((await post("/api/user/email/resend", {}, cookie)).statusCode).toBe(200);
    const [mail] = await mailsSince(seen, 1);
    expect(mail.rcptTo).toEqual([email]);
    expect((await post("/api/email/confirm", { token: confirmToken(mail) })).statusCode).toBe(200);
    expect((await post("/api/user/email/resend", {}, cookie)).statusCode).toBe(409);
  });
});

describe("POST /api/user/email (a change of address)", () => {
  it("needs the current password: without it, or with a wrong one, nothing changes and nothing is sent", async () => {
    const { cookie, email } = await signUp();
    const seen = t.peer.received.length;
    const missing = await post("/api/user/email", { email: "new.home@example.in" }, cookie);
    expect(missing.statusCode).toBe(400);
    const wrong = await post(
      "/api/user/email",
      { email: "new.home@example.in", currentPassword: "not-the-password" },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: WRONG_CURRENT_PASSWORD,
      errors: { currentPassword: WRONG_CURRENT_PASSWORD },
    });
    await t.app.jobs.drain();
    expect(await emailJobsLeft(t.database.db)).toBe(0);
    expect(t.peer.received.length).toBe(seen);
    expect((await me(cookie)).email).toBe(email);
  });

  it("takes effect only when the link sent to the new address is followed, and tells the old address", async () => {
    const { cookie, email, username } = await signUp();
    const seen = t.peer.received.length;
    const res = await post(
      "/api/user/email",
      { email: "Meera.New@Example.in", currentPassword: "kolam-veranda-41" },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    const [link] = await mailsSince(seen, 1);
    expect(link.rcptTo).toEqual(["meera.new@example.in"]);
    expect(link.parsed.subject).toBe("Confirm your new e-mail address");
    // nothing changed yet: the old address still signs in, the new one does not
    expect((await me(cookie)).email).toBe(email);
    expect(
      (await post("/api/login", { username: "meera.new@example.in", password: "kolam-veranda-41" }))
        .statusCode,
    ).toBe(401);

    const after = t.peer.received.length;
    const confirmed = await post("/api/email/confirm", { token: confirmToken(link) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<PublicUser>()).toMatchObject({
      email: "meera.new@example.in",
      emailVerified: true,
    });
    const told = await mailsSince(after, 2);
    expect(told.map((m) => m.rcptTo[0]).sort()).toEqual([email, "meera.new@example.in"].sort());
    const toOld = told.find((m) => m.rcptTo[0] === email)!;
    expect(toOld.parsed.subject).toBe("The e-mail address of your account was changed");
    expect(String(toOld.parsed.text)).toContain("meera.new@example.in");
    const signIn = await post("/api/login", {
      username: "MEERA.NEW@example.in",
      password: "kolam-veranda-41",
    });
    expect(signIn.json<PublicUser>().username).toBe(username);
  });
});
