import { expect, type Page, test } from "@playwright/test";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";

test.describe.configure({ timeout: 90_000 });

/**
 * On a phone the policies start on the first screen: Update Profile stays at the top (the
 * spec names it), while Change Password, My Data and Two-factor sign-in live in "Account &
 * security" under the policies, reachable from Update Profile.
 */

const top = (page: Page, name: string) =>
  page
    .getByRole("button", { name, exact: true })
    .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);

for (const width of [375, 1280]) {
  test(`at ${width} px the first policy shows before the account settings`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    await loginAs(page, DEMO.customer);
    await openPage(page, "/dashboard");
    await expect(page.getByRole("button", { name: "Update Profile" })).toBeInViewport();

    const first = page.getByTestId("policy-card").first();
    const box = (await first.boundingBox())!;
    // the policy's name and number, and its top, on the first screen
    expect(box.y).toBeLessThan(740);
    await expect(first.getByRole("heading", { level: 3 })).toBeInViewport({ ratio: 1 });
    if (width === 375) expect(box.y).toBeLessThan(740 - 160);

    const policiesTop = box.y;
    const account = page.getByRole("region", { name: "Account & security" });
    for (const name of ["Change Password", "My Data", "Two-factor sign-in"]) {
      await expect(account.getByRole("button", { name, exact: true })).toBeVisible();
      expect(await top(page, name)).toBeGreaterThan(policiesTop);
    }
  });
}

test("Update Profile leads on to Account & security", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await loginAs(page, DEMO.customer);
  await openPage(page, "/dashboard");
  await page.getByRole("button", { name: "Update Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Update Profile" });
  await dialog.getByRole("link", { name: "Account & security" }).click();
  await expect(dialog).toBeHidden();
  const account = page.getByRole("region", { name: "Account & security" });
  await expect(account).toBeFocused();
  await expect(account.getByRole("button", { name: "Change Password" })).toBeInViewport();
  await account.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByRole("dialog", { name: "Change Password" })).toBeVisible();
});
