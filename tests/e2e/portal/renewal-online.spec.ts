import { test } from "@playwright/test";
import { addDays } from "../../../src/shared/dates.ts";
import { formatDate, formatPaise } from "../../../src/shared/format.ts";
import type { AdminOrder } from "../../../src/shared/schemas/order.ts";
import { apiAs, expect, freshCustomer } from "../admin/helpers.ts";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { sidewaysOverflow, widthsAndThemes } from "../fixtures/layout-checks.ts";
import { b2cPlan, policyEnding } from "../fixtures/policies.ts";
import { openPage } from "../fixtures/site.ts";

test.describe.configure({ timeout: 180_000 });

/**
 * A holder renews on a phone and pays online: the renewal's Pay by UPI button opens the same
 * order page as a purchase (QR code, Open UPI app, the UTR form); staff confirm the order in
 * Orders, and the renewed cover starts the day after the current one ends.
 */
test("a renewal paid online at 375 px: QR shown, UTR reported, confirmed into its own start", async ({
  page,
  baseURL,
}) => {
  const staffApi = await apiAs(baseURL!, DEMO.admin);
  const holder = await freshCustomer(baseURL!, "Revathi");
  const essential = await b2cPlan(staffApi, "Essential");
  const ending = await policyEnding(staffApi, holder, essential, 25);
  const price = formatPaise(essential.price * 100);

  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, holder.username, holder.password);
  await openPage(page, `/purchases/${ending.id}/renew`);
  await page
    .getByRole("form", { name: "Renew the policy" })
    .getByRole("button", { name: "Request renewal" })
    .click();
  const status = page.getByTestId("renewal-status");
  await expect(status).toContainText("Awaiting payment");

  await status.getByRole("button", { name: `Pay ${price} by UPI` }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Pay ${price} by UPI`);
  await expect(
    page.getByRole("img", { name: new RegExp(`QR code to pay ${price} by UPI for order HIPO`) }),
  ).toBeVisible();
  const upi = page.getByRole("link", { name: "Open UPI app" });
  await expect(upi).toBeVisible();
  expect(await upi.getAttribute("href")).toMatch(
    new RegExp(`^upi://pay\\?pa=[^&]+&pn=[^&]+&am=${essential.price}\\.00&cu=INR&tr=HIPO`),
  );
  await expect(page.getByRole("main")).toContainText("your current cover is not affected");
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  const orderId = Number(new URL(page.url()).pathname.split("/").at(-1));

  const report = page.getByRole("form", { name: "Report your payment" });
  await report.getByLabel("UTR (12 digits)").fill("612345678901");
  await report.getByRole("button", { name: "Report payment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "we have your UTR" })).toBeVisible();
  await widthsAndThemes(page, "renewal-order", process.env.RENEWAL_SHOTS);

  // the policy page now links to the open order rather than placing another
  await openPage(page, `/purchases/${ending.id}`);
  await expect(
    page.getByTestId("renewal-card").getByRole("link", { name: `Pay ${price} by UPI` }),
  ).toHaveAttribute("href", `/orders/${orderId}`);
  await widthsAndThemes(
    page,
    "renewal-pay-link",
    process.env.RENEWAL_SHOTS,
    page.getByTestId("renewal-card"),
  );

  // staff see it in Orders with the buyer's UTR and confirm it with the same call as a purchase
  const listed = (await (
    await staffApi.get("/api/admin/orders?status=payment_reported&limit=100")
  ).json()) as AdminOrder[];
  expect(listed.find((o) => o.id === orderId)).toMatchObject({
    reportedUtr: "612345678901",
    renewalId: expect.any(Number),
  });
  expect((await staffApi.post(`/api/admin/orders/${orderId}/confirm`, { data: {} })).status()).toBe(200);

  await openPage(page, `/orders/${orderId}`);
  await expect(
    page.getByRole("status").filter({ hasText: "Payment received: your renewal is active." }),
  ).toBeVisible();
  await page.getByRole("link", { name: "View your policy" }).click();
  const startsOn = addDays(ending.endDate, 1);
  await expect(page.getByTestId("renewal-card").getByTestId("renewal-status")).toContainText(
    `Your renewed cover runs from ${formatDate(startsOn)}`,
  );
});
