import { expect, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { loginAs, submitLoginForm } from "../fixtures/auth.ts";
import { TWO_FACTOR_STAFF } from "../fixtures/global-setup.ts";
import { openPage } from "../fixtures/site.ts";

test.describe.configure({ timeout: 90_000 });

/** the code an authenticator app shows for this key, `steps` periods of 30 seconds from now */
const codeFor = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

test("staff set up two-factor sign-in in the console, then sign in with a code from the app", async ({
  page,
  browser,
  baseURL,
}) => {
  // an account of its own: the demo admin other tests sign in as keeps signing in with a password
  await loginAs(page, TWO_FACTOR_STAFF.username, TWO_FACTOR_STAFF.password);
  await openPage(page, "/admin/security");
  const own = page.getByRole("region", { name: "Your two-factor sign-in" });
  await own.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(own.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  // the key as a person would type it into the app by hand
  const secret = ((await own.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  const form = own.getByRole("form", { name: "Turn on" });
  // turning it on asks for the current password as well as a code
  await form.getByLabel("Current Password").fill(TWO_FACTOR_STAFF.password);
  await form.getByLabel("Code from the app").fill("000000");
  await form.getByRole("button", { name: "Turn on" }).click();
  await expect(form.getByText(/That code is not correct/)).toBeVisible();
  await form.getByLabel("Code from the app").fill(codeFor(secret));
  await form.getByRole("button", { name: "Turn on" }).click();

  const codes = own.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
  await own.getByRole("button", { name: "I have saved these codes" }).click();
  await expect(own.getByText("10 of 10 recovery codes left.")).toBeVisible();
  await expect(own.getByText("On", { exact: true })).toBeVisible();

  // another browser: the password alone opens nothing
  const other = await browser.newContext({ baseURL });
  const tab = await other.newPage();
  await openPage(tab, "/auth?next=/admin");
  await submitLoginForm(tab, TWO_FACTOR_STAFF.username, TWO_FACTOR_STAFF.password);
  const second = tab.getByRole("form", { name: "Two-factor sign-in" });
  await expect(second.getByLabel("Authentication code")).toBeVisible();
  expect((await tab.request.get("/api/user")).status()).toBe(401);

  await second.getByLabel("Authentication code").fill("123456");
  await second.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(second.getByText(/That code is not correct/)).toBeVisible();
  await expect(second.getByLabel("Authentication code")).toHaveAttribute("aria-invalid", "true");

  // the code of the next period: the one shown at enrolment has been used
  await second.getByLabel("Authentication code").fill(codeFor(secret, 1));
  await second.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(tab).toHaveURL(/\/admin$/);
  await expect(tab.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  expect((await tab.request.get("/api/user")).status()).toBe(200);
  await other.close();
});
