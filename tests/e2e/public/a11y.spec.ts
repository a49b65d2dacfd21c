import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { PUBLIC_PAGES } from "../fixtures/site.ts";

/** axe on every public page in both themes: no serious or critical violation. */
for (const theme of ["light", "dark"] as const) {
  for (const path of [...PUBLIC_PAGES, "/city/atlantis", "/no/such/page"]) {
    test(`${path} in the ${theme} theme has no serious accessibility issue`, async ({ browser }) => {
      // axe walks a few thousand nodes per page; a busy 2-core machine needs the time
      test.setTimeout(90_000);
      const context = await browser.newContext();
      await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/);
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      const serious = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map(
          (v) =>
            `${v.id}: ${v.help} (${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 3)
              .join(", ")})`,
        );
      expect(serious).toEqual([]);
      await context.close();
    });
  }
}

test("the open menus, chooser and chat pass axe too", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByTestId("city-chooser").getByRole("combobox").click();
  await expect(page.getByRole("listbox", { name: "Cities" })).toBeVisible();
  let results = await new AxeBuilder({ page }).include("[role=listbox]").analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await page.keyboard.press("Escape");
  await page.getByTestId("chat-launcher").click();
  await expect(page.getByRole("dialog", { name: "Chat assistant" })).toBeVisible();
  results = await new AxeBuilder({ page }).include("[data-testid=chat-panel]").analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await context.close();
});
