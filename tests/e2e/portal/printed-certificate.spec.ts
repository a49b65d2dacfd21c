import { expect, test } from "@playwright/test";
import { formatDate } from "../../../src/shared/format.ts";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";

// the machine running CI is small and shared: give the slower flows room, not flakiness
test.describe.configure({ timeout: 90_000 });

interface Policy {
  purchase: { id: number; status: string; policyNumber: string; createdAt: string };
  planName: string;
}

/** Pages in a PDF that Chromium printed: one page object each (its /Pages tree node aside). */
const pageCount = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;

test("a printed policy page is one A4 certificate with the company's logo and the policy's issue date", async ({
  page,
}) => {
  await loginAs(page, DEMO.customer);
  const policies = (await (await page.request.get("/api/purchases")).json()) as Policy[];
  // every status prints; Elite lists the most covered items, the longest certificate
  expect(policies.map((p) => p.purchase.status).sort()).toEqual(["active", "expired", "pending"]);
  const today = formatDate(new Date());

  for (const { purchase, planName } of policies) {
    await openPage(page, `/purchases/${purchase.id}`);
    await page.emulateMedia({ media: "print" });
    const certificate = page.locator(".policy-certificate");
    const letterhead = page.getByTestId("certificate-letterhead");
    await expect(letterhead).toBeVisible();
    const logo = letterhead.getByRole("img", { name: "Home Interior Project Warranty Solutions logo" });
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(letterhead).toContainText(`Issued on ${formatDate(purchase.createdAt)}`);
    // the demo policies were issued long before today, so the date printed is theirs, not the printer's
    expect(formatDate(purchase.createdAt), purchase.policyNumber).not.toBe(today);
    await expect(certificate).not.toContainText(today);
    await expect(certificate.getByRole("heading", { level: 1 })).toHaveText(`${planName} Plan`);
    // what is for the screen only stays off the paper
    await expect(page.getByRole("button", { name: "Print Certificate" })).toBeHidden();
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByTestId("help-dock")).toBeHidden();

    const pdf = await page.pdf({ format: "A4", printBackground: true });
    expect(pageCount(pdf), `${purchase.policyNumber} (${planName}, ${purchase.status})`).toBe(1);
    await page.emulateMedia({ media: null });
  }
});

test("staff opening a customer's policy see, and print, the customer as its holder, not themselves", async ({
  page,
}) => {
  const customer = await loginAs(page, DEMO.customer);
  const policies = (await (await page.request.get("/api/purchases")).json()) as Policy[];
  const active = policies.find((p) => p.purchase.status === "active")!.purchase;
  await page.context().clearCookies();
  const staff = await loginAs(page, DEMO.admin);

  await openPage(page, `/purchases/${active.id}`);
  const holder = page.locator("dt", { hasText: "Policy holder" }).locator("xpath=following-sibling::dd[1]");
  await expect(holder).toHaveText(`${customer.firstName} ${customer.lastName}`);
  await page.emulateMedia({ media: "print" });
  await expect(holder).toHaveText(`${customer.firstName} ${customer.lastName}`);
  await expect(page.locator(".policy-certificate")).not.toContainText(`${staff.firstName} ${staff.lastName}`);
});
