import { expect, test } from "@playwright/test";
import { DEMO, loginAs, submitLoginForm } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";

// the machine running CI is small and shared: give the slower flows room, not flakiness
test.describe.configure({ timeout: 90_000 });

test.describe("signed-in guard", () => {
  for (const path of ["/dashboard", "/tickets/new", "/purchases/1", "/tickets/1"]) {
    test(`a guest opening ${path} is sent to /auth, remembering the page`, async ({ page }) => {
      await openPage(page, path);
      await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(path)}`);
      await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
    });
  }

  test("after logging in the visitor lands on the page they were going to", async ({ page }) => {
    await openPage(page, "/tickets/new");
    await expect(page).toHaveURL("/auth?next=%2Ftickets%2Fnew");
    await submitLoginForm(page, DEMO.customer);
    await expect(page).toHaveURL("/tickets/new");
    await expect(page.getByRole("heading", { name: "Raise a Support Ticket" })).toBeVisible();
  });

  test("the guard also works on client-side navigation after logout", async ({ page }) => {
    await loginAs(page, DEMO.customer);
    await openPage(page, "/dashboard");
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    await page.evaluate(() => {
      history.pushState(null, "", "/dashboard");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect(page).toHaveURL("/auth?next=%2Fdashboard");
  });

  test("an off-site next is ignored", async ({ page }) => {
    await openPage(page, "/auth?next=%2F%2Fevil.example%2Fsteal");
    await submitLoginForm(page, DEMO.customer);
    // the customer's own landing page, never the other site
    await expect(page).toHaveURL("/dashboard");
  });
});

test.describe("admin guard", () => {
  test("a guest opening /admin is sent to /auth", async ({ page }) => {
    await openPage(page, "/admin");
    await expect(page).toHaveURL("/auth?next=%2Fadmin");
  });

  test("a signed-in customer opening /admin is sent home", async ({ page }) => {
    await loginAs(page, DEMO.customer);
    await openPage(page, "/admin");
    await expect(page).toHaveURL("/");
  });

  test("an admin gets in", async ({ page }) => {
    await loginAs(page, DEMO.admin);
    await openPage(page, "/admin");
    await expect(page).toHaveURL("/admin");
  });
});
