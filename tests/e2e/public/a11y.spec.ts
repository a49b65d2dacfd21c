import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { axeIn, findingLine, isSeriousFinding } from "../fixtures/a11y.ts";
import { PUBLIC_PAGES, waitForHydration } from "../fixtures/site.ts";

/**
 * axe on every public page in both themes (the dark one for its colours, see axeIn): no serious or critical violation of WCAG 2.1
 * AA, and none at all of the further checks Lighthouse's accessibility score counts:
 * targets of at least 24 px (WCAG 2.2), names that contain the visible text of their
 * control, and headings that skip no level.
 */
const LIGHTHOUSE_RULES = ["target-size", "label-content-name-mismatch", "heading-order"];

for (const theme of ["light", "dark"] as const) {
  for (const path of [...PUBLIC_PAGES, "/city/atlantis", "/no/such/page"]) {
    test(`${path} in the ${theme} theme has no serious accessibility issue`, async ({ browser }) => {
      // axe walks a few thousand nodes per page; a busy 2-core machine needs the time
      test.setTimeout(90_000);
      const context = await browser.newContext();
      await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
      const page = await context.newPage();
      await page.goto(path);
      await waitForHydration(page);
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/);
      const results = await axeIn(page, theme, (axe) =>
        axe
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
          .options({ rules: Object.fromEntries(LIGHTHOUSE_RULES.map((id) => [id, { enabled: true }])) }),
      ).analyze();
      const serious = results.violations
        .filter((v) => isSeriousFinding(v) || LIGHTHOUSE_RULES.includes(v.id))
        .map(findingLine);
      expect(serious).toEqual([]);
      await context.close();
    });
  }
}

test("the open menus, chooser and chat pass axe too", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  await waitForHydration(page);
  await page.getByTestId("city-chooser").getByRole("combobox").click();
  await expect(page.getByRole("listbox", { name: "Cities" })).toBeVisible();
  // a city and its state are read as two words, not run together ("ChennaiTamil Nadu")
  await expect(page.getByRole("option", { name: "Chennai, Tamil Nadu", exact: true })).toBeVisible();
  let results = await new AxeBuilder({ page }).include("[role=listbox]").analyze();
  expect(results.violations.filter(isSeriousFinding)).toEqual([]);
  await page.keyboard.press("Escape");
  await page.getByTestId("chat-launcher").click();
  await expect(page.getByRole("dialog", { name: "Chat assistant" })).toBeVisible();
  results = await new AxeBuilder({ page }).include("[data-testid=chat-panel]").analyze();
  expect(results.violations.filter(isSeriousFinding)).toEqual([]);
  await context.close();
});
