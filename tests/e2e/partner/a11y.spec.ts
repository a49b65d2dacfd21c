import { expect, test } from "@playwright/test";
import { routes } from "../../../src/web/routes.tsx";
import { axeIn } from "../fixtures/a11y.ts";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";

/** the partner's pages (from the route table), as the demo partner's owner sees them */
const PAGES = routes.filter((r) => r.access === "partner").map((r) => r.path);

for (const theme of ["light", "dark"] as const) {
  test(`partner pages have no axe violations (${theme})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await loginAs(page, DEMO.partner);
    for (const path of PAGES) {
      await openPage(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      const results = await axeIn(page, theme).include("main").analyze();
      expect(results.violations, `${path} (${theme})`).toEqual([]);
    }
  });
}
