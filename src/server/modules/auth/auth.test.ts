import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  appForFile,
  callsAs,
  createDemoTestApp,
  DEMO_PASSWORD,
  login,
  sessionCookie,
} from "../../../../tests/support/test-app.ts";
import { sessions, users } from "../../db/schema.ts";
import { REMEMBER_MS } from "../users/remembered-users.ts";

const t = appForFile(createDemoTestApp);

const newUser = (over: Record<string, unknown> = {}) => ({
  firstName: "Meena",
  lastName: "Krishnan",
  username: "meena.k",
  email: "meena@example.in",
  password: "s3cret-pass",
  role: "admin",
  ...over,
});

describe("register", () => {
  it("creates a customer whatever role is asked for, signs in, and never returns the hash", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/register", payload: newUser() });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ firstName: "Meena", username: "meena.k", role: "customer" });
    expect(JSON.stringify(user)).not.toMatch(/password|argon2/i);
    const cookie = res.cookies.find((c) => c.name === "hipws_sid")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    const me = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { cookie: sessionCookie(res) },
    });
    expect(me.json().username).toBe("meena.k");
  });

  it("refuses a taken username or e-mail with 409 saying which", async () => {
    const byName = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: newUser({ email: "other@example.in", username: "MEENA.K" }),
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().message).toBe("Username already exists");
    const byEmail = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: newUser({ username: "someone-else", email: "Meena@Example.in" }),
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().message).toBe("An account with this email already exists");
  });

  it("answers 400 with the spec's messages by field and stores nothing", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { firstName: "", lastName: "", username: "ab", email: "nope", password: "123" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      username: "Username must be at least 3 characters",
      email: "Please enter a valid email address",
      password: "Password must be at least 6 characters",
    });
    const oneBad = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: newUser({ username: "almost-valid", email: "not-an-email" }),
    });
    expect(oneBad.statusCode).toBe(400);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "almost-valid", password: "s3cret-pass" },
    });
    expect(login.statusCode).toBe(401);
  });
});

describe("login and logout", () => {
  it("gives the same 401 for an unknown user and a wrong password", async () => {
    for (const payload of [
      { username: "nobody-here", password: "whatever1" },
      { username: "demo-customer", password: "wrong-password" },
    ]) {
      const res = await t.app.inject({ method: "POST", url: "/api/login", payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Invalid username or password" });
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("validates with the spec's login messages", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "ab", password: "1" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      username: "Username is required and must be at least 3 characters",
      password: "Password is required and must be at least 6 characters",
    });
  });

  it("issues a new session id on every login and kills the old one", async () => {
    const first = await login(t.app, "demo-customer");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "demo-customer", password: DEMO_PASSWORD },
      headers: { cookie: first },
    });
    const second = sessionCookie(res);
    expect(second).not.toBe(first);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: first } })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: second } })).statusCode,
    ).toBe(200);
  });

  it("logout destroys the session on the server, though its user was remembered", async () => {
    const cookie = await login(t.app, "demo-customer");
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } })).statusCode).toBe(
      200,
    );
    const out = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const replay = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    expect(replay.statusCode).toBe(401);
  });

  it("a signed-in user is remembered only for a few seconds: a change made straight in the database shows after them", async () => {
    // written straight to the database, as a command-line tool would: no write of the app
    // says which user changed, so the remembered answer stands until it runs out
    const cookie = await login(t.app, "demo-admin");
    const me = () => t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    expect((await me()).json().firstName).not.toBe("Renamed");
    await t.database.db.update(users).set({ firstName: "Renamed" }).where(eq(users.username, "demo-admin"));
    await t.database.db.delete(sessions);
    await expect.poll(async () => (await me()).statusCode, { timeout: REMEMBER_MS + 2000 }).toBe(401);
  });

  it("a profile saved is what the next request answers, though the user was remembered", async () => {
    const as = callsAs(t, await login(t.app, "demo-customer-2"));
    const before = (await as.get("/api/user")).json();
    expect((await as.patch("/api/user", { firstName: "Remembered" })).statusCode).toBe(200);
    expect((await as.get("/api/user")).json()).toMatchObject({
      firstName: "Remembered",
      lastName: before.lastName,
    });
  });

  it("a forged or unsigned cookie is a guest", async () => {
    const cookie = await login(t.app, "demo-customer");
    const token = cookie.split("=")[1].split(".")[0];
    const res = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { cookie: `hipws_sid=${token}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("current user and profile", () => {
  it("GET /api/user is 401 for a guest", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/user" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it("PATCH /api/user saves the profile and validates it", async () => {
    const cookie = await login(t.app, "demo-customer-2");
    const ok = await t.app.inject({
      method: "PATCH",
      url: "/api/user",
      headers: { cookie },
      payload: {
        firstName: "Ananya",
        lastName: "Hegde Rao",
        phone: "9886000000",
        address: "12 Lake View Road",
        city: "Bengaluru",
        state: "Karnataka",
        pincode: "560034",
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      lastName: "Hegde Rao",
      pincode: "560034",
      username: "demo-customer-2",
    });
    const bad = await t.app.inject({
      method: "PATCH",
      url: "/api/user",
      headers: { cookie },
      payload: { firstName: "A", lastName: "B", email: "demo-customer@hipws.example", pincode: "12" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.pincode).toBe("Please enter a valid 6-digit PIN code");
    // a phone number follows the spec's rule: at least 10 characters, as Indians write them
    for (const phone of ["98860", "call me maybe"]) {
      const badPhone = await t.app.inject({
        method: "PATCH",
        url: "/api/user",
        headers: { cookie },
        payload: { firstName: "Ananya", lastName: "Rao", email: "ananya.rao@example.in", phone },
      });
      expect(badPhone.statusCode, phone).toBe(400);
      expect(badPhone.json().errors.phone).toBe("Please enter a valid phone number");
    }
    // the address is not changed here (a link sent to the new one does it): refused, nothing saved
    const before = (await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } })).json();
    const taken = await t.app.inject({
      method: "PATCH",
      url: "/api/user",
      headers: { cookie },
      payload: { firstName: "A", lastName: "B", email: "demo-customer@hipws.example" },
    });
    expect(taken.statusCode).toBe(400);
    const me = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    expect(me.json()).toMatchObject({ email: before.email, firstName: "Ananya" });
  });
});
