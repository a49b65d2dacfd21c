import { expect, test } from "@playwright/test";
import { groupButton } from "../admin/helpers.ts";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";

/** Signed-in pages live in their own frame, not inside the marketing site. */
test.describe("the app shell", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("a customer's pages carry their own navigation and a slim footer", async ({ page }) => {
    await loginAs(page, DEMO.customer);
    await openPage(page, "/dashboard");
    const nav = page.getByRole("navigation", { name: "My account" });
    for (const name of ["Dashboard", "Policies", "Tickets", "Profile"]) {
      await expect(nav.getByRole("link", { name })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    // none of the marketing chrome: no city or locality lists, no full footer
    await expect(page.getByRole("link", { name: "Coimbatore", exact: true })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Quick Links" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Warranty Terms" })).toBeVisible();
    const links = await page.locator("a[href]").count();
    expect(links, "links on the dashboard").toBeLessThan(60);

    await nav.getByRole("link", { name: "Tickets" }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=tickets$/);
    await expect(page.getByRole("tab", { name: "Support Tickets" })).toHaveAttribute("aria-selected", "true");
    await expect(nav.getByRole("link", { name: "Tickets" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Policies" }).click();
    await expect(page.getByRole("tab", { name: "My Policies" })).toHaveAttribute("aria-selected", "true");
    await nav.getByRole("link", { name: "Profile" }).click();
    await expect(page.getByRole("button", { name: "Update Profile" })).toBeInViewport();

    // the public pages keep the site's chrome
    await openPage(page, "/b2c");
    await expect(page.getByRole("link", { name: "Coimbatore", exact: true })).toBeVisible();
  });

  test("staff get the console's sections and no chat button", async ({ page }) => {
    await loginAs(page, DEMO.admin);
    await openPage(page, "/admin");
    const staff = page.getByRole("navigation", { name: "Staff" });
    await expect(staff.getByRole("link", { name: "Console" })).toHaveAttribute("aria-current", "page");
    const sections = page.getByRole("navigation", { name: "Admin" });
    await expect(sections.getByRole("link", { name: "Tickets" })).toBeVisible();
    for (const group of ["Customers & policies", "Mail", "Reports"]) {
      await expect(groupButton(page, group)).toBeVisible();
    }
    await expect(page.getByTestId("chat-launcher")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Coimbatore", exact: true })).toHaveCount(0);
  });
});
