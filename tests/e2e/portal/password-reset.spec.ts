import { type APIRequestContext, expect, type PlaywrightWorkerArgs, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import type { OutboxEmail, OutboxItem } from "../../../src/shared/schemas/outbox.ts";
import { DEMO, DEMO_PASSWORD, uniqueUsername } from "../fixtures/auth.ts";
import { sentMail } from "../fixtures/mailbox.ts";
import { openPage } from "../fixtures/site.ts";

test.describe.configure({ timeout: 90_000 });

/**
 * Staff find the reset e-mail in the Outbox, whose copy has the link removed; the test
 * follows the link in the e-mail as the mail server received it.
 */
async function resetEmailFor(staff: APIRequestContext, email: string): Promise<OutboxEmail> {
  let found: OutboxItem | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (await staff.get("/api/admin/outbox?limit=200")).json()) as OutboxItem[];
        found = list.find((e) => e.to === email && e.template === "password_reset" && e.status === "done");
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return (await (await staff.get(`/api/admin/outbox/${found!.id}`)).json()) as OutboxEmail;
}

/** an account of its own, signed in on a separate client so the browser starts signed out */
async function newAccount(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
  firstName: string,
  password: string,
) {
  const guest = await playwright.request.newContext({ baseURL });
  const username = uniqueUsername("reset");
  const email = `${username}@example.com`;
  const made = await guest.post("/api/register", {
    data: { firstName, lastName: "Subramanian", username, email, password },
  });
  expect(made.status()).toBe(201);
  return { guest, username, email };
}

test("a customer who forgot the password sets a new one from the e-mail's link, which then works no more", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { guest, username, email } = await newAccount(playwright, baseURL!, "Kavya", "old-rosewood-1");

  await openPage(page, "/auth");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset your password" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Send reset link" }).click();
  await expect(dialog.getByRole("status")).toContainText("If an account uses that e-mail address");

  const staff = await playwright.request.newContext({ baseURL });
  expect(
    (await staff.post("/api/login", { data: { username: DEMO.admin, password: DEMO_PASSWORD } })).status(),
  ).toBe(200);
  const mail = await resetEmailFor(staff, email);
  expect(mail.subject).toBe("Reset your password");
  expect(mail.text).toContain("link removed");
  const { text } = await sentMail(mail.messageId!);
  const link = /https?:\/\/[^\s"<>]+\/reset-password#token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link).toBeTruthy();
  // the link names the site's public origin; the test server answers on its own address
  const url = new URL(link!);
  const target = `${url.pathname}${url.hash}`;

  await openPage(page, target);
  const form = page.getByRole("form", { name: "Choose a new password" });
  await form.getByLabel("New password", { exact: true }).fill("new-teak-wardrobe-2");
  await form.getByLabel("Confirm new password").fill("new-teak-wardrobe-2");
  await form.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("user-menu")).toContainText("Kavya");

  // the old password no longer signs in, the new one does
  expect((await guest.post("/api/login", { data: { username, password: "old-rosewood-1" } })).status()).toBe(
    401,
  );
  expect(
    (await guest.post("/api/login", { data: { username, password: "new-teak-wardrobe-2" } })).status(),
  ).toBe(200);

  // the link worked once
  await openPage(page, target);
  const again = page.getByRole("form", { name: "Choose a new password" });
  await again.getByLabel("New password", { exact: true }).fill("third-teak-wardrobe-3");
  await again.getByLabel("Confirm new password").fill("third-teak-wardrobe-3");
  await again.getByRole("button", { name: "Set new password" }).click();
  await expect(again.getByRole("alert")).toContainText("not valid or has expired");

  await guest.dispose();
  await staff.dispose();
});

test("with two-factor sign-in on, the reset page asks for the code, and only the right one changes the password", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { guest, username, email } = await newAccount(playwright, baseURL!, "Devi", "old-sandalwood-1");
  // two-factor sign-in turned on as an authenticator app would: the key, then a code from it
  const { secret } = (await (await guest.post("/api/user/two-factor/setup")).json()) as { secret: string };
  const codeFor = (steps: number) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
  // turning it on asks for the current password too
  const confirmed = await guest.post("/api/user/two-factor/confirm", {
    data: { password: "old-sandalwood-1", code: codeFor(0) },
  });
  expect(confirmed.status()).toBe(200);

  const staff = await playwright.request.newContext({ baseURL });
  expect(
    (await staff.post("/api/login", { data: { username: DEMO.admin, password: DEMO_PASSWORD } })).status(),
  ).toBe(200);
  expect((await guest.post("/api/password/forgot", { data: { email } })).status()).toBe(200);
  const mail = await resetEmailFor(staff, email);
  const { text } = await sentMail(mail.messageId!);
  const url = new URL(/https?:\/\/[^\s"<>]+\/reset-password#token=[A-Za-z0-9_-]+/.exec(text)![0]);

  await openPage(page, `${url.pathname}${url.hash}`);
  const form = page.getByRole("form", { name: "Choose a new password" });
  await form.getByLabel("New password", { exact: true }).fill("new-sandalwood-2");
  await form.getByLabel("Confirm new password").fill("new-sandalwood-2");
  await form.getByRole("button", { name: "Set new password" }).click();
  // asked for the code; the password is not changed yet
  const code = form.getByLabel("Authentication code");
  await expect(code).toBeVisible();
  expect(
    (await guest.post("/api/login", { data: { username, password: "new-sandalwood-2" } })).status(),
  ).toBe(401);

  await code.fill("000000");
  await form.getByRole("button", { name: "Set new password" }).click();
  await expect(form.getByText(/That code is not correct/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password/);

  await code.fill(codeFor(1));
  await form.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("user-menu")).toContainText("Devi");

  await guest.dispose();
  await staff.dispose();
});
