import { expect, test } from "@playwright/test";
import { currentToast, registerFreshCustomer } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";

test.describe.configure({ timeout: 90_000 });

test("Change Password checks the current password, refuses a common one, and signs out other devices", async ({
  page,
  browser,
  baseURL,
}) => {
  const me = await registerFreshCustomer(page, "Revathi");
  // the same account, signed in on another device
  const phone = await browser.newContext({ baseURL });
  const signIn = await phone.request.post("/api/login", {
    data: { username: me.username, password: me.password },
  });
  expect(signIn.status()).toBe(200);

  await openPage(page, "/dashboard");
  await page.getByRole("button", { name: "Change Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change Password" });
  const form = dialog.getByRole("form", { name: "Change password" });
  const submit = form.getByRole("button", { name: "Change Password" });

  // checked in the browser first: the spec's length rule, and the confirmation
  await submit.click();
  await expect(form.getByText("Please enter your current password", { exact: true })).toBeVisible();
  await expect(form.getByText("Password must be at least 6 characters", { exact: true })).toBeVisible();
  await form.getByLabel("New Password", { exact: true }).fill("carved-teak-door");
  await form.getByLabel("Confirm New Password").fill("carved-teak-doors");
  await submit.click();
  await expect(form.getByText("Passwords do not match", { exact: true })).toBeVisible();

  // then by the server: the current password, and the list of common passwords
  await form.getByLabel("Current Password").fill("not-my-password");
  await form.getByLabel("Confirm New Password").fill("carved-teak-door");
  await submit.click();
  await expect(form.getByText("Your current password is not correct", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Current Password")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Current Password").fill(me.password);
  await form.getByLabel("New Password", { exact: true }).fill("password123");
  await form.getByLabel("Confirm New Password").fill("password123");
  await submit.click();
  await expect(form.getByText(/one of the most common/)).toBeVisible();

  await form.getByLabel("New Password", { exact: true }).fill("carved-teak-door");
  await form.getByLabel("Confirm New Password").fill("carved-teak-door");
  await submit.click();
  await expect(currentToast(page)).toContainText("Password changed");
  await expect(dialog).toBeHidden();

  // this browser stays signed in; the other device is signed out
  await openPage(page, "/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome, Revathi" })).toBeVisible();
  expect((await phone.request.get("/api/user")).status()).toBe(401);
  // and only the new password opens the account
  const old = await phone.request.post("/api/login", {
    data: { username: me.username, password: me.password },
  });
  expect(old.status()).toBe(401);
  const fresh = await phone.request.post("/api/login", {
    data: { username: me.username, password: "carved-teak-door" },
  });
  expect(fresh.status()).toBe(200);
  await phone.close();
});
