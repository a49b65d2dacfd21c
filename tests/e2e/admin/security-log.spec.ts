import { expect, test } from "@playwright/test";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";
import { openSection } from "./helpers.ts";

test("staff read recent sign-ins and refusals in the Security Log", async ({ page, browser, baseURL }) => {
  // a failed sign-in from elsewhere, then staff sign in
  const other = await browser.newContext({ baseURL });
  const failed = await other.request.post("/api/login", {
    data: { username: DEMO.customer2, password: "not-the-password" },
  });
  expect(failed.status()).toBe(401);
  await other.close();
  await loginAs(page, DEMO.admin);

  await openPage(page, "/admin");
  await openSection(page, "Security Log", "Reports");
  await expect(page.getByRole("heading", { name: "Security Log" })).toBeVisible();
  const table = page.getByRole("table", { name: "Security events" });
  // other tests sign in and fail at the same time: narrow to sign-ins, then find the admin's own
  await page.getByLabel("Event", { exact: true }).selectOption("signed_in");
  await expect(page).toHaveURL(/type=signed_in/);
  await expect(
    table.getByRole("row").filter({ hasText: "Signed in" }).filter({ hasText: DEMO.admin }).first(),
  ).toContainText("POST /api/login");

  await page.getByLabel("Event", { exact: true }).selectOption("sign_in_failed");
  await expect(page).toHaveURL(/type=sign_in_failed/);
  const rows = table.getByRole("row").filter({ hasText: "Sign-in failed" });
  await expect(rows.filter({ hasText: DEMO.customer2 }).first()).toContainText("POST /api/login");
  await expect(table.getByRole("row").filter({ hasText: "Signed in" })).toHaveCount(0);
});
