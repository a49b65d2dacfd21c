import { expect, test } from "@playwright/test";
import { PUBLIC_PAGES } from "../fixtures/site.ts";

/** Nothing may stick out sideways at the three widths the site is designed for. */
for (const width of [375, 768, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test("no public page scrolls sideways", async ({ page }) => {
      test.setTimeout(90_000);
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    });
  });
}
