import { expect, test } from "@playwright/test";
import { openPage } from "../fixtures/site.ts";

test.describe("home page", () => {
  test("keeps the site title and shows every section in order", async ({ page }) => {
    await openPage(page, "/");
    await expect(page).toHaveTitle("Home Interior Project Warranty Solutions");
    await expect(
      page.getByRole("heading", { level: 1, name: "Comprehensive Warranty Solutions for Home Interiors" }),
    ).toBeVisible();
    await expect(page.getByText(/post-installation support for up to 10 years/)).toBeVisible();

    const headings = await page.locator("main h2").allTextContents();
    const order = [
      "Peace of mind that outlasts the installation",
      "Business Partnership Program",
      "What's Covered",
      "Choose Your Protection Plan",
      "How It Works",
      "What Our Customers Say",
      "Frequently Asked Questions",
      "Latest from Our Blog",
    ].map((h) => headings.indexOf(h));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await expect(page.locator("#benefits")).toContainText("Comprehensive Protection");
    await expect(page.locator("#benefits")).toContainText("Zero-Cost Repairs");
    await expect(page.locator("#benefits")).toContainText("Single Point of Contact");
  });

  test("links the hero, business and homeowner calls to action", async ({ page }) => {
    await openPage(page, "/");
    const main = page.locator("main");
    await expect(main.getByRole("link", { name: "B2B Solutions" }).first()).toHaveAttribute("href", "/b2b");
    await expect(main.getByRole("link", { name: "B2C Policies" }).first()).toHaveAttribute("href", "/b2c");
    await expect(page.getByText("FOR BUSINESSES", { exact: true })).toBeVisible();
    await expect(page.getByText("FOR HOMEOWNERS", { exact: true })).toBeVisible();
    await expect(main.getByRole("link", { name: "Partner With Us" })).toHaveAttribute(
      "href",
      "/contact?interest=b2b",
    );
    await expect(main.getByRole("link", { name: "Request Pricing Details" })).toHaveAttribute(
      "href",
      "/contact?interest=b2b",
    );
    await expect(main.getByRole("link", { name: "View Plans" })).toHaveAttribute("href", "#pricing");
    await expect(main.getByRole("link", { name: "Request Custom Quote" })).toHaveAttribute(
      "href",
      "/contact?interest=custom",
    );
    await expect(page.getByRole("heading", { name: "Need a Custom Solution?" })).toBeVisible();
  });

  test("prices the plans in rupees, en-IN", async ({ page }) => {
    await openPage(page, "/");
    const pricing = page.locator("#pricing");
    await expect(pricing.getByText("₹24,999 for 5 years")).toBeVisible();
    await expect(pricing.getByText("₹45,999 for 10 years")).toBeVisible();
    await expect(pricing.getByText("₹79,999 for 10 years")).toBeVisible();
    await expect(pricing.getByText("POPULAR", { exact: true })).toHaveCount(1);
    const selects = pricing.getByRole("link", { name: /^Select Plan/ });
    await expect(selects).toHaveCount(3);
    // each goes to the contact form itself with its own plan chosen
    for (const [i, plan] of ["essential", "premium", "elite"].entries()) {
      await expect(selects.nth(i)).toHaveAttribute("href", `/contact?interest=b2c-${plan}#enquiry`);
    }
    await expect(pricing.getByText("Price includes GST")).toHaveCount(3);
    // the business plans: monthly prices, project allowances and the custom plan
    const business = page.locator("main").getByText("₹4,999/month");
    await expect(business).toBeVisible();
    await expect(page.getByText("Up to 10 projects", { exact: true })).toBeVisible();
    await expect(page.getByText("Custom Pricing", { exact: true })).toBeVisible();
    await expect(page.getByText("Unlimited projects", { exact: true })).toBeVisible();
  });

  test("'Select Plan' and 'Request Custom Quote' open the form with their choice made", async ({ page }) => {
    await openPage(page, "/");
    await page.getByRole("link", { name: "Select Plan: Premium" }).click();
    await expect(page).toHaveURL(/\/contact\?interest=b2c-premium#enquiry$/);
    await expect(page.locator("#contact form").getByLabel("I'm Interested In")).toHaveValue("b2c-premium");
    await openPage(page, "/contact?interest=custom");
    await expect(page.locator("#contact form").getByLabel("I'm Interested In")).toHaveValue("custom");
  });

  test("shows four steps, testimonials and the first three articles", async ({ page }) => {
    await openPage(page, "/");
    for (const step of ["Register", "Report", "Assess", "Resolve"]) {
      await expect(page.getByRole("heading", { level: 3, name: new RegExp(`${step}$`) })).toBeVisible();
    }
    await expect(page.getByRole("img", { name: /Rated [\d.]+ out of 5/ }).first()).toBeVisible();
    const readMore = page.getByRole("link", { name: /^Read More/ });
    await expect(readMore).toHaveCount(3);
    await expect(readMore.first()).toHaveAttribute("href", /^\/blog\/[a-z0-9-]+$/);
    await expect(page.getByRole("link", { name: "View All Articles" })).toHaveAttribute("href", "/blog");
  });

  test("FAQs open one at a time and close again", async ({ page }) => {
    await openPage(page, "/");
    const faq = page.locator("main section", {
      has: page.getByRole("heading", { name: "Frequently Asked Questions" }),
    });
    const triggers = faq.getByRole("button", { expanded: false });
    const first = triggers.nth(0);
    const second = faq.getByRole("button").nth(1);
    await first.click();
    await expect(faq.getByRole("button").nth(0)).toHaveAttribute("aria-expanded", "true");
    await expect(faq.getByRole("region").first()).toBeVisible();
    await second.click();
    await expect(faq.getByRole("button").nth(1)).toHaveAttribute("aria-expanded", "true");
    await expect(faq.getByRole("button").nth(0)).toHaveAttribute("aria-expanded", "false");
    await faq.getByRole("button").nth(1).click();
    await expect(faq.locator('[aria-expanded="true"]')).toHaveCount(0);
  });

  test("the city chooser starts on Bengaluru and visits the chosen city", async ({ page }) => {
    await openPage(page, "/");
    const chooser = page.getByTestId("city-chooser");
    const combobox = chooser.getByRole("combobox", { name: "City" });
    await expect(combobox).toHaveValue("Bengaluru");
    await expect(combobox).toHaveAttribute("aria-expanded", "false");
    await expect(chooser.getByRole("button", { name: "Visit" })).toBeEnabled();
    await combobox.click();
    const list = page.getByRole("listbox", { name: "Cities" });
    await expect(list).toBeVisible();
    await expect(combobox).toHaveAttribute("aria-expanded", "true");
    await expect(combobox).toHaveAttribute("aria-controls", (await list.getAttribute("id"))!);
    for (const group of ["Major Cities", "Tamil Nadu", "South India", "North India", "Other Cities"]) {
      await expect(list.getByRole("group", { name: group })).toBeVisible();
    }
    await expect(list.getByRole("option", { name: /Bengaluru/ })).toHaveAttribute("aria-selected", "true");
    await list
      .getByRole("group", { name: "Tamil Nadu" })
      .getByRole("option", { name: /Madurai/ })
      .click();
    await expect(list).toBeHidden();
    await expect(combobox).toHaveValue("Madurai");
    await chooser.getByRole("button", { name: "Visit" }).click();
    await expect(page).toHaveURL(/\/city\/madurai$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Madurai");
  });

  test("typing filters the cities, and the keyboard alone chooses one (the ARIA combobox pattern)", async ({
    page,
  }) => {
    await openPage(page, "/");
    const combobox = page.getByTestId("city-chooser").getByRole("combobox", { name: "City" });
    const list = page.getByRole("listbox", { name: "Cities" });
    await combobox.focus();
    await expect(combobox).toBeFocused();

    // Down opens the list on the selected city, focus staying in the text box
    await page.keyboard.press("ArrowDown");
    await expect(list).toBeVisible();
    const active = async () => page.locator(`#${await combobox.getAttribute("aria-activedescendant")}`);
    await expect(await active()).toHaveAccessibleName("Bengaluru, Karnataka");
    await expect(combobox).toBeFocused();

    // Escape closes it and keeps the choice
    await page.keyboard.press("Escape");
    await expect(list).toBeHidden();
    await expect(combobox).toHaveAttribute("aria-expanded", "false");
    await expect(combobox).toHaveValue("Bengaluru");

    // typing filters by name (and by state); Down and Up move through the matches, wrapping round
    await combobox.selectText();
    await page.keyboard.type("ch");
    await expect(list).toBeVisible();
    await expect(list.getByRole("option")).toHaveText([
      /^Chennai/,
      /^Tiruchirappalli/,
      /^Chandigarh/,
      /^Kochi/,
      /^Puducherry/,
    ]);
    await page.keyboard.press("ArrowDown");
    await expect(await active()).toHaveAccessibleName("Chennai, Tamil Nadu");
    await page.keyboard.press("ArrowDown");
    await expect(await active()).toHaveAccessibleName("Tiruchirappalli, Tamil Nadu");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(await active()).toHaveAccessibleName("Puducherry, Puducherry");
    await page.keyboard.press("Enter");
    await expect(list).toBeHidden();
    await expect(combobox).toHaveValue("Puducherry");
    await expect(combobox).not.toHaveAttribute("aria-activedescendant");
    await combobox.selectText();
    await page.keyboard.type("kerala");
    await expect(list.getByRole("option")).toHaveText([/^Kochi/, /^Thiruvananthapuram/]);
    await page.keyboard.press("Escape");

    // nothing matches: said so, and Escape puts the chosen city back
    await combobox.selectText();
    await page.keyboard.type("atlantis");
    await expect(page.getByTestId("city-chooser").getByRole("status")).toHaveText(
      "No city matches “atlantis”. Try another spelling.",
    );
    await expect(list.getByRole("option")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(combobox).toHaveValue("Puducherry");

    // Enter on typed text takes the first match; Visit is reached with Tab
    await combobox.selectText();
    await page.keyboard.type("madu");
    await page.keyboard.press("Enter");
    await expect(combobox).toHaveValue("Madurai");
    await page.keyboard.press("Tab");
    await expect(page.getByTestId("city-chooser").getByRole("button", { name: "Visit" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/city\/madurai$/);
  });
});
