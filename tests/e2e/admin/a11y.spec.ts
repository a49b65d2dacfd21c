import AxeBuilder from "@axe-core/playwright";
import { test } from "@playwright/test";
import { routes } from "../../../src/web/routes.tsx";
import { axeIn } from "../fixtures/a11y.ts";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";
import { expect } from "./helpers.ts";

/** the console's pages without parameters (from the route table), and the policies tab */
const PAGES = [
  ...routes.filter((r) => r.access === "office" && !r.path.includes(":")).map((r) => r.path),
  "/admin?tab=policies",
];

for (const theme of ["light", "dark"] as const) {
  test(`admin pages have no axe violations (${theme})`, async ({ page }) => {
    // full pages of 50 rows: axe takes several seconds a page on a busy machine
    test.setTimeout(300_000);
    await loginAs(page, DEMO.admin);
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    const tickets = (await (await page.request.get("/api/admin/tickets")).json()) as {
      ticket: { id: number };
    }[];
    const customers = (await (await page.request.get("/api/admin/customers")).json()) as { id: number }[];
    for (const path of [
      ...PAGES,
      `/admin/tickets/${tickets[0].ticket.id}`,
      `/admin/customers/${customers[0].id}`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("[role=status] .animate-pulse-soft")).toHaveCount(0);
      const results = await axeIn(page, theme).include("main").analyze();
      expect(results.violations, `${path} (${theme})`).toEqual([]);
    }
  });
}

test("the issue-policy dialog is keyboard operable and axe clean", async ({ page }) => {
  test.slow();
  await loginAs(page, DEMO.admin);
  await openPage(page, "/admin?tab=policies");
  const open = page.getByRole("button", { name: "Issue Policy" });
  await open.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Issue a warranty policy" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Customer", { exact: true })).toBeEnabled();
  const results = await new AxeBuilder({ page }).include("[role=dialog]").analyze();
  expect(results.violations).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});
