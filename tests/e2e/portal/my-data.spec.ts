import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { currentToast, submitLoginForm, uniqueUsername } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";

test.describe.configure({ timeout: 120_000 });

test("a new customer downloads their data, changes their password, erases the account and cannot sign in again", async ({
  page,
}) => {
  // a fresh account through the form, marketing ticked, the notice beside the button
  const username = uniqueUsername("mydata");
  await openPage(page, "/auth?tab=register");
  const register = page.getByRole("form", { name: "Register" });
  await expect(register.getByRole("link", { name: "Privacy Notice" })).toHaveAttribute("href", "/privacy");
  const marketing = register.getByRole("checkbox", { name: /offers and news/ });
  await expect(marketing).not.toBeChecked();
  await register.getByLabel("First Name").fill("Nandini");
  await register.getByLabel("Last Name").fill("Krishnan");
  await register.getByLabel("Username").fill(username);
  await register.getByLabel("Email").fill(`${username}@example.com`);
  await register.getByLabel("Password", { exact: true }).fill("banyan-shelf-7");
  await register.getByLabel("Confirm Password").fill("banyan-shelf-7");
  await marketing.check();
  await register.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // My Data: the marketing choice made at sign-up, then the download
  await page.getByRole("button", { name: "My Data" }).click();
  const dialog = page.getByRole("dialog", { name: "My Data" });
  const offers = dialog.getByRole("checkbox", { name: /offers and news/ });
  await expect(offers).toBeChecked();
  const downloading = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^hipws-my-data-\d{4}-\d\d-\d\d\.json$/);
  const data = JSON.parse(readFileSync((await download.path())!, "utf8"));
  expect(data.profile).toMatchObject({ username, firstName: "Nandini", email: `${username}@example.com` });
  expect(data.consents.map((c: { purpose: string; given: boolean }) => [c.purpose, c.given])).toEqual(
    expect.arrayContaining([
      ["privacy_notice", true],
      ["marketing", true],
    ]),
  );
  expect(data.signIns.some((e: { type: string }) => e.type === "signed_in")).toBe(true);

  // withdrawing marketing is one click, and stays withdrawn
  // (a click, not uncheck(): the box shows the choice while it is saved, a render later)
  await offers.click();
  // (the toast sits outside the modal dialog, hidden from the accessibility tree while it is open)
  await expect(dialog.getByText(/^Withdrawn on \d+ \w+ \d{4}\./)).toBeVisible();
  await expect(offers).not.toBeChecked();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // the existing Change Password dialog
  await page.getByRole("button", { name: "Change Password" }).click();
  const change = page.getByRole("dialog", { name: "Change Password" });
  await change.getByLabel("Current Password").fill("banyan-shelf-7");
  await change.getByLabel("New Password", { exact: true }).fill("rosewood-door-9");
  await change.getByLabel("Confirm New Password").fill("rosewood-door-9");
  await change.getByRole("button", { name: "Change Password" }).click();
  await expect(currentToast(page)).toContainText("Password changed");
  await expect(change).toBeHidden();

  // erase: the old password is refused and nothing changes; the current one erases
  await page.getByRole("button", { name: "My Data" }).click();
  await expect(dialog.getByRole("checkbox", { name: /offers and news/ })).not.toBeChecked();
  const erase = dialog.getByRole("form", { name: "Erase my account" });
  await erase.getByLabel("Current Password").fill("banyan-shelf-7");
  await erase.getByRole("button", { name: "Erase my account" }).click();
  await expect(erase.getByText("Your password is not correct; nothing was changed")).toBeVisible();
  await expect(erase.getByLabel("Current Password")).toHaveAttribute("aria-invalid", "true");
  expect((await page.request.get("/api/user")).status()).toBe(200);

  await erase.getByLabel("Current Password").fill("rosewood-door-9");
  await erase.getByRole("button", { name: "Erase my account" }).click();
  await expect(currentToast(page)).toContainText("Account erased");
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get("/api/user")).status()).toBe(401);

  // neither password opens the account any more
  await openPage(page, "/auth");
  const _login = await submitLoginForm(page, username, "rosewood-door-9");
  await expect(currentToast(page)).toContainText("Invalid username or password");
  await expect(page).toHaveURL(/\/auth/);
  const old = await page.request.post("/api/login", { data: { username, password: "banyan-shelf-7" } });
  expect(old.status()).toBe(401);
});
