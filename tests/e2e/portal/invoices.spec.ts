import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { pdfText } from "../../support/pdf-text.ts";
import { DEMO, loginAs, registerFreshCustomer } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";

test.describe.configure({ timeout: 90_000 });

test("a policy issued by staff comes with a GST tax invoice the holder and staff download", async ({
  page,
  browser,
  baseURL,
}) => {
  const me = await registerFreshCustomer(page, "Meera");

  // staff issue a policy on a home in Chennai
  const staff = await browser.newContext({ baseURL });
  const staffPage = await staff.newPage();
  await loginAs(staffPage, DEMO.admin);
  const plans = (await (await staffPage.request.get("/api/plans/B2C")).json()) as {
    plan: { id: number; name: string; price: number };
  }[];
  const premium = plans.find((p) => p.plan.name === "Premium")!.plan;
  const issued = await staffPage.request.post("/api/admin/purchases", {
    data: {
      userId: me.id,
      planId: premium.id,
      propertyAddress: "7 Temple Street, Mylapore",
      propertyCity: "Chennai",
      propertyState: "Tamil Nadu",
      propertyPincode: "600004",
      startDate: new Date().toISOString().slice(0, 10),
    },
  });
  expect(issued.status()).toBe(201);
  const policy = (await issued.json()) as { id: number; policyNumber: string };

  // the holder downloads it from the policy page
  await openPage(page, `/purchases/${policy.id}`);
  const link = page.getByRole("link", { name: /^Tax invoice HIP\/\d{2}-\d{2}\/\d{6}$/ });
  await expect(link).toBeVisible();
  const number = ((await link.textContent()) ?? "").replace("Tax invoice", "").trim();
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`${number.replaceAll("/", "-")}.pdf`);
  const text = pdfText(readFileSync(await download.path())).replace(/\s+/g, " ");
  expect(text).toContain("TAX INVOICE");
  expect(text).toContain(number);
  expect(text).toContain(policy.policyNumber);
  expect(text).toContain("CGST @ 9%");
  expect(text).toContain(`Rs. ${new Intl.NumberFormat("en-IN").format(premium.price)}.00`);
  expect(text).toContain("Rupees Forty-Five Thousand Nine Hundred Ninety-Nine only");

  if (process.env.INVOICE_SHOTS) {
    for (const width of [375, 1280]) {
      for (const scheme of ["light", "dark"] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: `${process.env.INVOICE_SHOTS}/policy-${width}-${scheme}.png` });
      }
    }
  }

  // staff find it in the console's row for the policy
  await openPage(staffPage, `/admin/customers/${me.id}`);
  const row = staffPage.getByTestId(`policy-row-${policy.policyNumber}`);
  await row.getByRole("button", { name: `Show the tax invoices of policy ${policy.policyNumber}` }).click();
  const [staffDownload] = await Promise.all([
    staffPage.waitForEvent("download"),
    row.getByRole("link", { name: `Download tax invoice ${number} (PDF)` }).click(),
  ]);
  expect(pdfText(readFileSync(await staffDownload.path()))).toContain(number);
  if (process.env.INVOICE_SHOTS) {
    await staffPage.setViewportSize({ width: 1280, height: 900 });
    await staffPage.screenshot({ path: `${process.env.INVOICE_SHOTS}/console-1280.png` });
  }
  await staff.close();
});
