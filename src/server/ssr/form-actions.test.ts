import { existsSync } from "node:fs";
import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import {
  appForFile,
  createSignedInTestApp,
  createTestApp,
  DEMO_PASSWORD,
} from "../../../tests/support/test-app.ts";
import { COMPANY } from "../../web/lib/company.ts";

// The pages are rendered by the production build; `npm test` builds before running this file.
const built = existsSync("dist/client/index.html") && existsSync("dist/server/entry-server.js");

const t = appForFile(createSignedInTestApp);

/** a form as a browser without scripts posts it: form-encoded, to the page it is on */
const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: new URLSearchParams(fields).toString(),
  });

/** the Login form, posted */
const postLogin = (username: string, password: string, url = "/auth") =>
  post(url, { _action: "login", username, password });

const sessionFrom = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === "hipws_sid");
  return c ? `hipws_sid=${c.value}` : undefined;
};

describe("forms posted without scripts", () => {
  it("has a build to render pages with", () => {
    expect(built, "no build in dist/: run `npm run build` first").toBe(true);
  });

  it("signs in and redirects where the script goes; a refusal shows the page again, username kept, password not", async () => {
    const wrong = await postLogin("demo-customer", "not-the-password");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers["content-type"]).toContain("text/html");
    expect(wrong.body).toContain("Invalid username or password");
    expect(wrong.body).toContain('value="demo-customer"');
    expect(wrong.body).not.toContain("not-the-password");
    expect(sessionFrom(wrong)).toBeUndefined();

    const short = await postLogin("ab", "x");
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain("Username is required and must be at least 3 characters");
    expect(short.body).toContain("Password is required and must be at least 6 characters");

    const right = await postLogin("demo-customer", DEMO_PASSWORD);
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe("/dashboard");
    const cookie = sessionFrom(right);
    expect(cookie).toBeDefined();
    const me = await t.call("GET", "/api/user", cookie);
    expect(me.json()).toMatchObject({ username: "demo-customer" });

    const onward = await postLogin("demo-customer-2", DEMO_PASSWORD, "/auth?next=%2Ftickets%2Fnew");
    expect(onward.statusCode).toBe(303);
    expect(onward.headers.location).toBe("/tickets/new");
  });

  it("goes through the API's own checks as the visitor: their address is in the security log", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/auth",
      remoteAddress: "203.0.113.7",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "_action=login&username=demo-customer-2&password=guessing-again",
    });
    expect(res.statusCode).toBe(401);
    const log = await t.call("GET", "/api/admin/security-events?type=sign_in_failed", t.admin);
    expect(log.json()).toContainEqual(
      expect.objectContaining({ username: "demo-customer-2", ip: "203.0.113.7", route: "POST /api/login" }),
    );
  });

  it("asks an account with two-factor sign-in for its code, and signs in with it", async () => {
    const account = { username: "padma-2fa", password: "temple-bells-ring" };
    const made = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { firstName: "Padma", lastName: "Iyer", email: "padma.2fa@example.com", ...account },
    });
    const cookie = sessionFrom(made);
    // the current password rides along for a setup that asks for it; a body without a field for it drops it
    const setup = await t.call("POST", "/api/user/two-factor/setup", cookie, { password: account.password });
    const { secret } = setup.json<{ secret: string }>();
    const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
    const confirm = await t.call("POST", "/api/user/two-factor/confirm", cookie, {
      code,
      password: account.password,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const [recoveryCode] = confirm.json<{ recoveryCodes: string[] }>().recoveryCodes;

    const first = await postLogin(account.username, account.password);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain("Two-factor sign-in is on for this account");
    expect(sessionFrom(first)).toBeUndefined();
    const pending = first.cookies.find((c) => c.name === "hipws_2fa");
    expect(pending).toBeDefined();
    const asPending = { cookie: `hipws_2fa=${pending?.value}` };

    const wrong = await post("/auth", { _action: "second-factor", code: "000000" }, asPending);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain("Authentication code");
    expect(wrong.body).toContain("That code is not correct.");
    expect(wrong.body).not.toContain('value="000000"');

    // a sign-in that is no longer waiting for a code: back to the Login form, saying why
    const lapsed = await post(
      "/auth",
      { _action: "second-factor", code: recoveryCode },
      { cookie: "hipws_2fa=lapsed" },
    );
    expect(lapsed.statusCode).toBe(401);
    expect(lapsed.body).toContain('aria-label="Login"');
    expect(lapsed.body).toContain("Login failed");
    expect(lapsed.body).not.toContain(recoveryCode);

    const right = await post("/auth", { _action: "second-factor", code: recoveryCode }, asPending);
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe("/dashboard");
    expect((await t.call("GET", "/api/user", sessionFrom(right))).json()).toMatchObject({
      username: account.username,
    });
  });

  it("signs up, or shows the sign-up form again with its messages and what was typed", async () => {
    const form = {
      _action: "register",
      firstName: "Lakshmi",
      lastName: "Narayanan",
      username: "lakshmi-n",
      email: "lakshmi.n@example.com",
      password: "kolam-at-dawn",
      confirmPassword: "kolam-at-dusk",
      phone: "",
      address: "",
      city: "Madurai",
      state: "",
      pincode: "",
    };
    const mismatch = await post("/auth", form);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain("Passwords do not match");
    expect(mismatch.body).toContain('value="Lakshmi"');
    expect(mismatch.body).toContain('value="Madurai"');
    expect(mismatch.body).not.toContain("kolam-at-");
    // nothing was made
    expect((await postLogin("lakshmi-n", "kolam-at-dawn")).statusCode).toBe(401);

    const taken = await post("/auth", { ...form, username: "demo-customer", confirmPassword: form.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toMatch(/username/i);
    expect(taken.body).toContain('value="lakshmi.n@example.com"');

    const made = await post("/auth", { ...form, confirmPassword: form.password, marketingConsent: "on" });
    expect(made.statusCode).toBe(303);
    expect(made.headers.location).toBe("/dashboard");
    const me = await t.call("GET", "/api/user", sessionFrom(made));
    expect(me.json()).toMatchObject({ username: "lakshmi-n", firstName: "Lakshmi", city: "Madurai" });
  });

  it("a failure on our side says that nothing was sent, to try again, and the number to call", async () => {
    // a real failure: the enquiries table is out of the database's reach while the form is posted
    await t.database.db.execute(sql`alter table inquiries rename to inquiries_away`);
    const fields = {
      _action: "enquiry",
      name: "Ravi Shankar",
      email: "ravi.shankar@example.com",
      phone: "+91 98400 12345",
      interest: "b2c-premium",
      message: "Our wardrobe hinges in Adyar need a look, please call.",
    };
    const failed = await post("/contact", fields).finally(() =>
      t.database.db.execute(sql`alter table inquiries_away rename to inquiries`),
    );
    expect(failed.statusCode).toBe(500);
    expect(failed.body).toContain("Nothing was sent");
    expect(failed.body).toContain("Please try again");
    expect(failed.body).toContain(COMPANY.phones[0]);
    expect(failed.body).not.toMatch(/Internal Server Error|Something went wrong|inquiries/);
    // what was typed is kept for the next try
    expect(failed.body).toContain('value="ravi.shankar@example.com"');
  });

  it("sends an enquiry, or shows the form again with the spec's messages", async () => {
    const bad = await post("/contact", {
      _action: "enquiry",
      name: "R",
      email: "ravi@",
      phone: "12",
      interest: "",
      message: "Hi",
    });
    expect(bad.statusCode).toBe(400);
    for (const message of [
      "Name must be at least 2 characters",
      "Please enter a valid email address",
      "Please enter a valid phone number",
      "Please select your area of interest",
      "Message must be at least 10 characters",
    ])
      expect(bad.body).toContain(message);

    const message = "Our wardrobe hinges in Adyar need a look, please call.";
    const good = await post("/contact", {
      _action: "enquiry",
      name: "Ravi Shankar",
      email: "ravi.shankar@example.com",
      phone: "+91 98400 12345",
      interest: "b2c-premium",
      message,
    });
    expect(good.statusCode).toBe(200);
    expect(good.body).toContain("Thank You!");
    expect(good.body).toContain("Message sent successfully!");
    const inbox = await t.call("GET", "/api/admin/inquiries?q=ravi.shankar%40example.com", t.admin);
    expect(inbox.json()).toEqual([expect.objectContaining({ name: "Ravi Shankar", message })]);
  });

  it("answers a forgotten password with the same words as the script shows", async () => {
    const res = await post("/auth?tab=forgot", { _action: "forgot", email: "nobody@example.com" });
    expect(res.statusCode).toBe(200);
    const api = await t.app.inject({
      method: "POST",
      url: "/api/password/forgot",
      payload: { email: "nobody-else@example.com" },
    });
    expect(res.body).toContain(api.json<{ message: string }>().message.replace(/'/g, "&#x27;"));
  });

  it("refuses a form posted from another site, and stores nothing", async () => {
    const res = await post(
      "/contact",
      {
        _action: "enquiry",
        name: "Cross Site",
        email: "cross.site@example.com",
        phone: "9840012345",
        interest: "custom",
        message: "Posted by a page on another site.",
      },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    );
    expect(res.statusCode).toBe(403);
    const inbox = await t.call("GET", "/api/admin/inquiries?q=cross.site%40example.com", t.admin);
    expect(inbox.json()).toEqual([]);
  });

  it("shows the page again for any other form's early post, and keeps the API on JSON", async () => {
    const other = await post("/dashboard", { subject: "A hinge is loose" });
    expect(other.statusCode).toBe(303);
    expect(other.headers.location).toBe("/dashboard");
    const api = await post("/api/login", { username: "demo-customer", password: DEMO_PASSWORD });
    expect(api.statusCode).toBe(415);
  });
});

describe("posting forms in bulk", () => {
  it("is limited per address, as the page renders each post", async () => {
    const app = await createTestApp({ rateLimitFactor: 1 });
    try {
      const send = () =>
        app.app.inject({
          method: "POST",
          url: "/contact",
          remoteAddress: "198.51.100.20",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: "_action=enquiry&name=x",
        });
      for (let i = 0; i < 30; i++) expect((await send()).statusCode).toBe(400);
      const over = await send();
      expect(over.statusCode).toBe(429);
      expect(over.headers["retry-after"]).toBeDefined();
    } finally {
      await app.close();
    }
  });
});
