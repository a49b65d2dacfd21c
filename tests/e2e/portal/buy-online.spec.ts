import { expect, test } from "@playwright/test";
import { DEMO, loginAs, registerFreshCustomer, submitLoginForm } from "../fixtures/auth.ts";
import { sidewaysOverflow, widthsAndThemes } from "../fixtures/layout-checks.ts";
import { openPage } from "../fixtures/site.ts";

// the machine running CI is small and shared: a purchase, a confirmation and a policy page
test.describe.configure({ timeout: 120_000 });

/**
 * A homeowner buys a plan on a phone: Buy online beside Select Plan, signs in on the page,
 * gives the property, reviews the price, sees the UPI QR code and reports the UTR; staff
 * confirm the payment in the console; the buyer's policy is then active with its invoice.
 */
test("a plan bought online at 375 px, paid by UPI and confirmed by staff, is active with its invoice", async ({
  page,
  browser,
}) => {
  const buyer = await registerFreshCustomer(page, "Lakshmi");
  await page.request.post("/api/logout");
  await page.setViewportSize({ width: 375, height: 800 });

  await openPage(page, "/b2c");
  // Select Plan still asks to be called; Buy online sits beside it
  await expect(page.getByRole("link", { name: "Select Plan: Premium" })).toHaveAttribute(
    "href",
    "/contact?interest=b2c-premium#enquiry",
  );
  await page.getByRole("link", { name: "Buy online: Premium" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Premium Plan" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Price includes GST");

  // signed in on the page itself
  await submitLoginForm(page, buyer.username, buyer.password);
  await expect(page.getByText(`Signed in as ${buyer.username}`)).toBeVisible();

  const home = page.getByRole("form", { name: "The home to cover" });
  await home.getByLabel("Address").fill("Flat 9A, Sea Breeze Apartments, 3 Beach Road, Besant Nagar");
  await home.getByLabel("City").fill("Chennai");
  await home.getByLabel("State").fill("Tamil Nadu");
  await home.getByLabel("PIN code").fill("600090");
  await home.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByTestId("order-total")).toHaveText("₹45,999");
  await expect(page.getByRole("main")).toContainText("of which GST at 18%");
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: /Place order and pay ₹45,999/ }).click();

  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay ₹45,999 by UPI");
  await expect(page.getByRole("img", { name: /QR code to pay ₹45,999 by UPI for order HIPO/ })).toBeVisible();
  const upi = page.getByRole("link", { name: "Open UPI app" });
  await expect(upi).toBeVisible();
  expect(await upi.getAttribute("href")).toMatch(
    /^upi:\/\/pay\?pa=[^&]+&pn=[^&]+&am=45999\.00&cu=INR&tr=HIPO/,
  );
  const reference = (await page
    .getByText(/^HIPO[A-Z0-9]{8}$/)
    .first()
    .textContent())!;
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  const report = page.getByRole("form", { name: "Report your payment" });
  await report.getByLabel("UTR (12 digits)").fill("41234567890");
  await report.getByRole("button", { name: "Report payment" }).click();
  await expect(report).toContainText("12-digit UTR");
  await report.getByLabel("UTR (12 digits)").fill("412345678901");
  await report.getByRole("button", { name: "Report payment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "we have your UTR" })).toBeVisible();
  await widthsAndThemes(page, "buy-order", process.env.BUY_SHOTS);

  // the pending policy's page leads back to the order while it waits for payment
  const orderPage = page.url();
  const order = await (await page.request.get(`/api/orders/${orderPage.split("/").pop()}`)).json();
  await openPage(page, `/purchases/${order.purchaseId}`);
  await expect(page.getByRole("note")).toContainText("This policy is being activated.");
  await page.getByRole("link", { name: "Pay for this policy" }).click();
  await expect(page).toHaveURL(orderPage);

  // staff confirm it in the console, with the buyer's UTR filled in
  const staff = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const console = await staff.newPage();
  await loginAs(console, DEMO.admin);
  await openPage(console, "/admin/orders");
  const row = console.locator("li", { hasText: reference });
  await expect(row).toContainText("Payment reported");
  await expect(row).toContainText("buyer's UTR 412345678901");
  await widthsAndThemes(console, "admin-orders", process.env.BUY_SHOTS);
  await row.getByRole("button", { name: `Confirm payment of ${reference}` }).click();
  const dialog = console.getByRole("dialog");
  await expect(dialog.getByLabel(/UTR/)).toHaveValue("412345678901");
  await dialog.getByRole("button", { name: "Confirm payment" }).click();
  await expect(console.getByText(/Payment confirmed/).first()).toBeVisible();
  await staff.close();

  // the buyer's order and policy now say so
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "Payment received" })).toBeVisible();
  await page.getByRole("link", { name: "View your policy" }).click();
  await expect(page.getByRole("main")).toContainText("Active");
  await expect(page.getByRole("list", { name: "Tax invoices" }).getByRole("link")).toHaveText(
    /Tax invoice HIP\/\d\d-\d\d\/\d{6}/,
  );
});

test("the buy page's steps at both widths and themes", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openPage(page, "/b2c");
  await page.getByRole("link", { name: "Buy online: Elite" }).click();
  await expect(page.getByRole("tab", { name: "I have an account" })).toBeVisible();
  await widthsAndThemes(page, "buy-guest", process.env.BUY_SHOTS);
  await loginAs(page, DEMO.customer2);
  await page.reload();
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByTestId("order-total")).toHaveText("₹79,999");
  await widthsAndThemes(page, "buy-review", process.env.BUY_SHOTS);
});
