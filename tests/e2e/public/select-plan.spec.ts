import { expect, type Page, test } from "@playwright/test";
import { openPage, waitForHydration } from "../fixtures/site.ts";

/**
 * 'Select Plan' lands at the enquiry form itself, not at the top of /contact with the form
 * far below, and says which plan was carried there. It is a plain link, so it does so before
 * the page's scripts have loaded as well.
 */

/** the element is wholly inside the window as it is scrolled now */
async function expectOnScreen(page: Page, selector: string) {
  await expect
    .poll(async () =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
    )
    .toBe(true);
}

for (const width of [375, 1280]) {
  test(`at ${width} px 'Select Plan' opens the form with "Premium plan selected" above it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 740 });
    await openPage(page, "/b2c");
    const select = page.getByRole("link", { name: "Select Plan: Premium" });
    await expect(select).toHaveText("Select Plan");
    await select.click();
    await expect(page).toHaveURL(/\/contact\?interest=b2c-premium#enquiry$/);
    const form = page.locator("#enquiry");
    await expect(form.getByTestId("chosen-plan")).toHaveText("Premium plan selected");
    await expect(form.getByLabel("I'm Interested In")).toHaveValue("b2c-premium");
    await expectOnScreen(page, '[data-testid="chosen-plan"]');
    await expectOnScreen(page, "#enquiry h2");
    // the keyboard and a screen reader start at the form
    await expect(form).toBeFocused();
    // another choice in the form: the note no longer claims a plan
    await form.getByLabel("I'm Interested In").selectOption("custom");
    await expect(form.getByTestId("chosen-plan")).toHaveCount(0);
  });

  test(`at ${width} px 'Select Plan' lands at the form before scripts load`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 740 });
    await page.goto("/b2c");
    await page.getByRole("link", { name: "Select Plan: Elite" }).click();
    await expect(page).toHaveURL(/\/contact\?interest=b2c-elite#enquiry$/);
    await expect(page.getByTestId("chosen-plan")).toHaveText("Elite plan selected");
    await expectOnScreen(page, '[data-testid="chosen-plan"]');
    await context.close();
  });
}

test("the page that opened at the form is the usual page scrolled: its top is still there", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/contact?interest=b2c-essential#enquiry");
  await waitForHydration(page);
  await expectOnScreen(page, '[data-testid="chosen-plan"]');
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
});
