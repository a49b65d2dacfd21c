import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { pdfLinks, pdfText } from "../../support/pdf-text.ts";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";

// the machine running CI is small and shared: give the slower flows room, not flakiness
test.describe.configure({ timeout: 90_000 });

test("a holder downloads the certificate, and its QR code's address shows it valid to anyone", async ({
  page,
  browser,
}) => {
  await loginAs(page, DEMO.customer);
  const policies = (await (await page.request.get("/api/purchases")).json()) as {
    purchase: { id: number; status: string; policyNumber: string };
  }[];
  const active = policies.find((p) => p.purchase.status === "active")!.purchase;

  await openPage(page, `/purchases/${active.id}`);
  await expect(
    page.getByRole("img", { name: `QR code of the verification page of policy ${active.policyNumber}` }),
  ).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${active.policyNumber}.pdf`);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  const text = pdfText(pdf).replace(/\s+/g, " ");
  expect(text).toContain(active.policyNumber);
  expect(text).toContain("Karthik Subramanian");

  // the address the QR code carries (the link laid over it, and printed beneath)
  const verifyAddress = pdfLinks(pdf).find((link) => link.includes("/verify/"))!;
  expect(verifyAddress).toMatch(/^https?:\/\/[^/]+\/verify\/[A-Za-z0-9_-]{43}$/);
  expect(text).toContain(verifyAddress);
  const base = new URL(page.url()).origin;
  expect(new URL(verifyAddress).origin).toBe(base);

  // a stranger (no session) opens it
  const stranger = await browser.newContext({ baseURL: base });
  const guest = await stranger.newPage();
  const response = await openPage(guest, verifyAddress);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-robots-tag"]).toBe("noindex");
  const main = guest.getByRole("main");
  await expect(guest.getByRole("status")).toContainText("Valid");
  await expect(main).toContainText("K. S.");
  await expect(main).toContainText(active.policyNumber);
  await expect(main).not.toContainText("Karthik");
  await expect(main).not.toContainText("Lotus Residency");
  await expect(guest.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const axe = await new AxeBuilder({ page: guest })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
  ).toEqual([]);

  // the certificate without a QR code: policy number and PIN code
  await openPage(guest, "/verify");
  await guest.getByLabel("Policy number").fill(active.policyNumber);
  await guest.getByLabel("PIN code").fill("600041");
  await guest.getByRole("button", { name: "Verify" }).click();
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("No matching certificate");
  await guest.getByLabel("PIN code").fill("600040");
  await guest.getByRole("button", { name: "Verify" }).click();
  await expect(guest.getByRole("status")).toContainText("Valid");
  await expect(guest.getByRole("main")).toContainText("K. S.");
  await stranger.close();
});

test("staff download a customer's certificate from the console", async ({ page }) => {
  const me = await loginAs(page, DEMO.customer);
  const policies = (await (await page.request.get("/api/purchases")).json()) as {
    purchase: { status: string; policyNumber: string };
  }[];
  const active = policies.find((p) => p.purchase.status === "active")!.purchase;
  await page.context().clearCookies();

  await loginAs(page, DEMO.admin);
  await openPage(page, `/admin/customers/${me.id}`);
  const row = page.getByTestId(`policy-row-${active.policyNumber}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    row
      .getByRole("link", { name: `Download the certificate of policy ${active.policyNumber} (PDF)` })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${active.policyNumber}.pdf`);
  const text = pdfText(readFileSync(await download.path())).replace(/\s+/g, " ");
  expect(text).toContain(active.policyNumber);
  expect(text).toContain("Karthik Subramanian");
});
