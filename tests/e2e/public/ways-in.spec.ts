import { expect, type Page, test } from "@playwright/test";
import { DEMO, loginAs, submitLoginForm } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";

/**
 * A homeowner who already has a policy, or a buyer or bank checking one, finds their way in
 * from the public site: "Report a problem" (the claim form, through sign-in) and "Verify a
 * certificate", in the home page's hero and in every footer.
 */
const hero = (page: Page) => page.locator("main section").first();
const footer = (page: Page) => page.getByRole("contentinfo");

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("the hero and the footer offer both ways in; Report a problem goes through sign-in to the claim form", async ({
      page,
    }) => {
      await openPage(page, "/");
      for (const where of [hero(page), footer(page)]) {
        await expect(where.getByRole("link", { name: "Report a problem" })).toHaveAttribute(
          "href",
          "/auth?next=%2Ftickets%2Fnew",
        );
        await expect(where.getByRole("link", { name: "Verify a certificate" })).toHaveAttribute(
          "href",
          "/verify",
        );
      }
      // on a phone they show on the first screen, under the hero's two buttons
      await expect(hero(page).getByRole("link", { name: "Report a problem" })).toBeInViewport();

      await hero(page).getByRole("link", { name: "Report a problem" }).click();
      await expect(page).toHaveURL(/\/auth\?next=%2Ftickets%2Fnew$/);
      await submitLoginForm(page, DEMO.customer);
      await expect(page).toHaveURL(/\/tickets\/new$/);
      await expect(page.getByRole("heading", { level: 1, name: "Raise a Support Ticket" })).toBeVisible();
    });
  });
}

test("a signed-in homeowner goes straight to the claim form; the certificate check opens from any footer", async ({
  page,
}) => {
  await loginAs(page, DEMO.customer);
  await openPage(page, "/faqs");
  const report = footer(page).getByRole("link", { name: "Report a problem" });
  await expect(report).toHaveAttribute("href", "/tickets/new");
  await footer(page).getByRole("link", { name: "Verify a certificate" }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await openPage(page, "/");
  await hero(page).getByRole("link", { name: "Report a problem" }).click();
  await expect(page).toHaveURL(/\/tickets\/new$/);
});

test.describe("before scripts load", () => {
  test.use({ javaScriptEnabled: false });

  test("the links are in the page the server sends", async ({ page }) => {
    await page.goto("/b2c");
    await expect(footer(page).getByRole("link", { name: "Report a problem" })).toHaveAttribute(
      "href",
      "/auth?next=%2Ftickets%2Fnew",
    );
    await expect(footer(page).getByRole("link", { name: "Verify a certificate" })).toHaveAttribute(
      "href",
      "/verify",
    );
  });
});
