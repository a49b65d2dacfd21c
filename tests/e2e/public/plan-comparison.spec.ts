import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { controlsUnderDock } from "../fixtures/layout-checks.ts";
import { openPage } from "../fixtures/site.ts";

interface B2CPlan {
  plan: { name: string; price: number; duration: number };
  features: { name: string; included: boolean }[];
}

test("/b2c compares the three plans in a table: plans as columns, features as rows, from the plan content", async ({
  page,
  request,
}) => {
  const plans = (await (await request.get("/api/plans/B2C")).json()) as B2CPlan[];
  expect(plans.map((p) => p.plan.name)).toEqual(["Essential", "Premium", "Elite"]);

  // rendered by the server: the table is in the HTML itself
  const html = await (await request.get("/b2c")).text();
  expect(html).toContain("Essential, Premium, Elite plans compared");
  expect(html).toContain('<th scope="row"');

  await openPage(page, "/b2c");
  const table = page.getByRole("region", { name: "Compare the plans" }).getByRole("table");
  await expect(table).toHaveAccessibleName(
    "Essential, Premium, Elite plans compared: price, years of cover and each feature",
  );
  await expect(table.locator('thead th[scope="col"]')).toHaveText([
    "Feature",
    /^Essential/,
    /^Premium/,
    /^Elite/,
  ]);

  const rowNames = await table.locator('tbody th[scope="row"]').allTextContents();
  const features = plans[0].features.map((f) => f.name);
  expect(rowNames).toEqual(["Price GST included", "Years of cover", ...features, "Choose a plan"]);
  // each cell says what that plan's content says, no more
  for (const name of features) {
    const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
    const expected = plans.map((p) =>
      p.features.find((f) => f.name === name)?.included ? "Included" : "Not included",
    );
    await expect(row.getByRole("cell")).toHaveText(expected);
  }
  const price = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^Price/ }) });
  await expect(price.getByRole("cell")).toHaveText(["₹24,999", "₹45,999", "₹79,999"]);
  const years = table
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "Years of cover" }) });
  await expect(years.getByRole("cell")).toHaveText(plans.map((p) => `${p.plan.duration} years`));

  await table.getByRole("link", { name: "Choose Elite" }).click();
  await expect(page).toHaveURL("/contact?interest=b2c-elite#enquiry");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("the table scrolls inside itself with plan and feature names held in view, and the help bar covers none of it", async ({
    page,
  }) => {
    await openPage(page, "/b2c");
    // measured against the phone's 375 px (a phone widens its layout to fit what sticks out)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const box = page.getByTestId("plan-comparison");
    await box.scrollIntoViewIfNeeded();
    const sizes = await box.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      scrollHeight: el.scrollHeight,
      clientHeight: el.clientHeight,
    }));
    // wider and taller than its box on a phone: it scrolls inside itself, not the page sideways
    expect(sizes.scrollWidth).toBeGreaterThan(sizes.clientWidth);
    expect(sizes.scrollHeight).toBeGreaterThan(sizes.clientHeight);

    // two plans fit beside the feature names before any swipe, so a row compares them at a glance
    const boxArea = (await box.boundingBox())!;
    for (const plan of [/^Essential/, /^Premium/]) {
      const head = (await box.getByRole("columnheader", { name: plan }).boundingBox())!;
      expect(head.x + head.width, String(plan)).toBeLessThanOrEqual(boxArea.x + boxArea.width);
    }

    const featureName = box.getByRole("rowheader", { name: "24-hour priority service response" });
    const eliteHeader = box.getByRole("columnheader", { name: /^Elite/ });
    const before = {
      feature: (await featureName.boundingBox())!,
      elite: (await eliteHeader.boundingBox())!,
      boxTop: (await box.boundingBox())!.y,
    };
    // sideways to the end, and down to the end
    await box.evaluate((el) =>
      el.scrollTo({ left: el.scrollWidth, top: el.scrollHeight, behavior: "instant" }),
    );
    const after = {
      feature: (await featureName.boundingBox())!,
      elite: (await eliteHeader.boundingBox())!,
      boxTop: (await box.boundingBox())!.y,
    };
    // the feature names stay at the left edge while the plans slide under them ...
    expect(after.feature.x).toBeCloseTo(before.feature.x, 0);
    expect(after.elite.x).toBeLessThan(before.elite.x);
    // ... and the plan names stay at the top while the rows slide under them
    expect(after.elite.y).toBeCloseTo(after.boxTop, -1);
    expect(after.feature.y).toBeLessThan(before.feature.y);
    // the held names are opaque: the cells sliding beneath them never show through
    for (const held of [featureName, eliteHeader]) {
      const background = await held.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(background).not.toMatch(/transparent|rgba\(|\/\s*0?\.\d/);
    }

    // the phone's Call / Get a quote bar never sits on the table's links
    await box.evaluate((el) => el.scrollTo({ left: 0, top: 0, behavior: "instant" }));
    const covered = await controlsUnderDock(page, true);
    expect(covered.filter((c) => c.startsWith('a "Choose'))).toEqual([]);
    for (const name of ["Choose Essential", "Choose Premium", "Choose Elite"]) {
      await expect(box.getByRole("link", { name })).toBeVisible();
    }
    await box.getByRole("link", { name: "Choose Premium" }).tap();
    await expect(page).toHaveURL("/contact?interest=b2c-premium#enquiry");
  });

  test("the comparison passes axe", async ({ page }) => {
    await openPage(page, "/b2c");
    const results = await new AxeBuilder({ page })
      .include("[data-testid=plan-comparison]")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });
});
