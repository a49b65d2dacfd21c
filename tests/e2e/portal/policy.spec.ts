import { expect, test } from "@playwright/test";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";

// the machine running CI is small and shared: give the slower flows room, not flakiness
test.describe.configure({ timeout: 90_000 });

interface PurchaseItem {
  purchase: {
    id: number;
    policyNumber: string;
    status: string;
    totalAmount: number;
    propertyAddress: string;
  };
  planName: string;
}

async function demoPolicies(page: import("@playwright/test").Page) {
  await loginAs(page, DEMO.customer);
  return (await (await page.request.get("/api/purchases")).json()) as PurchaseItem[];
}

test("the policy page shows the policy in full and raises a ticket on it", async ({ page }) => {
  const policies = await demoPolicies(page);
  const active = policies.find((p) => p.purchase.status === "active")!;
  const detail = await (await page.request.get(`/api/purchases/${active.purchase.id}`)).json();

  await openPage(page, "/dashboard");
  await page
    .getByTestId("policy-card")
    .filter({ hasText: active.purchase.policyNumber })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(`/purchases/${active.purchase.id}`);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${active.planName} Plan`);
  const main = page.getByRole("main");
  await expect(main).toContainText(active.purchase.policyNumber);
  await expect(main).toContainText(active.purchase.propertyAddress);
  await expect(main).toContainText("Karthik");
  const rupees = new Intl.NumberFormat("en-IN", {
    style: "currency",
    currency: "INR",
    maximumFractionDigits: 0,
  });
  await expect(main).toContainText(rupees.format(active.purchase.totalAmount / 100));
  await expect(page.getByTestId("cover-left")).toHaveText(/(years?|months?|days?) left/);
  for (const feature of detail.features.filter((f: { included: boolean }) => f.included)) {
    await expect(page.getByRole("list", { name: "Covered" })).toContainText(feature.name);
  }

  await page.getByRole("link", { name: "Raise a Support Ticket" }).first().click();
  await expect(page).toHaveURL(`/tickets/new?purchaseId=${active.purchase.id}`);
  await expect(page.getByLabel("Property policy")).toHaveValue(String(active.purchase.id));
});

test("an expired policy offers no ticket but a way to renew", async ({ page }) => {
  const policies = await demoPolicies(page);
  const expired = policies.find((p) => p.purchase.status === "expired")!;
  await openPage(page, `/purchases/${expired.purchase.id}`);
  await expect(page.getByRole("main")).toContainText("Expired");
  await expect(page.getByRole("link", { name: "Raise a Support Ticket" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Browse Warranty Plans" })).toBeVisible();
});

test("printing the policy page gives a clean certificate", async ({ page }) => {
  const policies = await demoPolicies(page);
  const active = policies.find((p) => p.purchase.status === "active")!;
  await openPage(page, `/purchases/${active.purchase.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByText("Certificate of Warranty")).toBeVisible();
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("contentinfo").first()).toBeHidden();
  await expect(page.getByRole("button", { name: "Print Certificate" })).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(active.purchase.policyNumber).first()).toBeVisible();
  // the printed certificate carries the PDF's QR code to the verification page
  const printedQr = page.getByTestId("printed-verify-qr");
  await expect(printedQr.getByRole("img", { name: /QR code of the verification page/ })).toBeVisible();
  await expect(page.getByText("NOT IN FORCE")).toHaveCount(0);
});

for (const status of ["pending", "expired"] as const) {
  test(`a ${status} policy offers no certificate, and a page printed anyway says NOT IN FORCE`, async ({
    page,
  }) => {
    const policies = await demoPolicies(page);
    const policy = policies.find((p) => p.purchase.status === status)!;
    await openPage(page, `/purchases/${policy.purchase.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Print Certificate" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Download PDF" })).toHaveCount(0);
    await expect(page.getByText("NOT IN FORCE", { exact: true })).toBeHidden();
    await page.emulateMedia({ media: "print" });
    await expect(page.getByText("NOT IN FORCE", { exact: true })).toBeVisible();
    await expect(page.getByText("Certificate of Warranty")).toHaveCount(0);
    await expect(page.getByTestId("certificate-footer")).toContainText("confirms no cover");
  });
}
