import { readFileSync } from "node:fs";
import { type Browser, type Page, test } from "@playwright/test";
import { addDays } from "../../../src/shared/dates.ts";
import { formatDate } from "../../../src/shared/format.ts";
import { GSTIN_MESSAGE } from "../../../src/shared/gstin.ts";
import type { PolicyRenewal } from "../../../src/shared/schemas/renewal.ts";
import { pdfText } from "../../support/pdf-text.ts";
import { apiAs, expect, expectToast, freshCustomer, openSection, tag } from "../admin/helpers.ts";
import { seriousA11yIssues } from "../fixtures/a11y.ts";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { showTheme, sidewaysOverflow } from "../fixtures/layout-checks.ts";
import { b2cPlan, policyEnding } from "../fixtures/policies.ts";

test.describe.configure({ timeout: 300_000 });

/**
 * Renewal: a holder near the end of their cover sees Renew, picks a plan (an upgrade here)
 * and gives a GSTIN; staff activate it in the console with the payment reference; the new
 * policy is on the holder's dashboard with its own GST tax invoice. A lapsed policy needs
 * an inspection first, which staff record. The server's clock cannot be moved, so each
 * policy is issued with a start date that puts its end where the test needs it.
 */

/** Opens a page and waits for hydration (longer than usual: the machine is shared) */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 30_000 });
}

/**
 * A screen at `width`: never sideways scrolling, and no serious WCAG issue in either theme
 * (dark mode's contrast included); screenshots of both when RENEWAL_SHOTS names a folder.
 */
async function shots(page: Page, name: string, width: number) {
  const dir = process.env.RENEWAL_SHOTS;
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(() => window.scrollTo({ top: 0 }));
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  for (const theme of ["light", "dark"] as const) {
    await showTheme(page, theme);
    expect(await seriousA11yIssues(page, theme), `${name} in ${theme}`).toEqual([]);
    if (dir) await page.screenshot({ path: `${dir}/${name}-${width}-${theme}.png`, fullPage: true });
  }
  await showTheme(page, "light");
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function signedIn(browser: Browser, baseURL: string, username: string, password?: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await loginAs(page, username, password);
  return page;
}

/** Rupees in the invoice's text, "Rs. 45,999.00" after `label` */
function rupeesAfter(text: string, label: string): number {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const m = new RegExp(`${escaped}\\s*Rs\\.\\s*([\\d,]+\\.\\d{2})`).exec(text);
  expect(m, `${label} on the invoice`).toBeTruthy();
  return Math.round(Number(m![1].replaceAll(",", "")) * 100);
}

test("a holder renews on a higher plan with a GSTIN; staff activate it; the new policy and its tax invoice follow", async ({
  browser,
  baseURL,
}) => {
  const staffApi = await apiAs(baseURL!, DEMO.admin);
  const holder = await freshCustomer(baseURL!, "Kavya");
  const essential = await b2cPlan(staffApi, "Essential");
  const premium = await b2cPlan(staffApi, "Premium");
  const ending = await policyEnding(staffApi, holder, essential, 30);
  // a policy far from its end: renewal opens 60 days before the end
  const fresh = await policyEnding(staffApi, holder, premium, 400);

  const page = await signedIn(browser, baseURL!, holder.username, holder.password);
  await open(page, "/dashboard");
  const endingCard = page.getByTestId("policy-card").filter({ hasText: ending.policyNumber });
  const freshCard = page.getByTestId("policy-card").filter({ hasText: fresh.policyNumber });
  await expect(endingCard.getByRole("link", { name: `Renew policy ${ending.policyNumber}` })).toBeVisible();
  await expect(freshCard.getByRole("link", { name: /View policy/ })).toBeVisible();
  await expect(freshCard.getByRole("link", { name: /Renew/ })).toHaveCount(0);
  await shots(page, "dashboard", 375);

  // the policy far from its end says calmly when renewal opens, with no button
  await open(page, `/purchases/${fresh.id}`);
  const freshRenewal = page.getByTestId("renewal-card");
  await expect(freshRenewal).toContainText(
    `You can renew this policy from ${formatDate(addDays(fresh.endDate, -60))}`,
  );
  await expect(freshRenewal.getByRole("link", { name: /Renew/ })).toHaveCount(0);

  // the renewal page, from the dashboard card: the current plan is chosen to begin with
  await open(page, "/dashboard");
  await endingCard.getByRole("link", { name: `Renew policy ${ending.policyNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/purchases/${ending.id}/renew$`));
  await expect(page.getByRole("heading", { name: "Renew your cover" })).toBeVisible();
  const form = page.getByRole("form", { name: "Renew the policy" });
  const essentialRadio = form.getByRole("radio", { name: /Essential Plan/ });
  const premiumRadio = form.getByRole("radio", { name: /Premium Plan/ });
  await expect(essentialRadio).toBeChecked();
  await expect(premiumRadio).not.toBeChecked();
  await expect(form.getByText("Your current plan")).toBeVisible();
  await expect(form.getByText(`₹${new Intl.NumberFormat("en-IN").format(premium.price)}`)).toBeVisible();
  await premiumRadio.check();
  await expect(essentialRadio).not.toBeChecked();

  // a GSTIN with the wrong check character is refused at the field, and nothing is sent
  const gstin = form.getByLabel("GSTIN");
  await gstin.fill("33ABCDE1234F1Z0");
  await form.getByRole("button", { name: "Request renewal" }).click();
  await expect(form.getByText(GSTIN_MESSAGE)).toBeVisible();
  await expect(gstin).toHaveAttribute("aria-invalid", "true");
  const untouched = (await (
    await staffApi.get(`/api/purchases/${ending.id}/renewal`)
  ).json()) as PolicyRenewal;
  expect(untouched.renewal).toBeNull();
  await shots(page, "renewal-view", 375);
  await gstin.fill("33abcde1234f1z7");
  await expect(form.getByText(GSTIN_MESSAGE)).toHaveCount(0);
  await form.getByRole("button", { name: "Request renewal" }).click();
  await expectToast(page, "Renewal requested", "We will call you to take the payment.");
  // the page now says how the renewal stands, and so does the policy page
  await expect(page.getByTestId("renewal-status")).toContainText("Awaiting payment");
  await shots(page, "renewal-requested", 375);
  await page.getByRole("link", { name: "Go to the policy" }).click();
  await expect(page).toHaveURL(new RegExp(`/purchases/${ending.id}$`));
  await shots(page, "policy-renewal", 375);
  const card = page.getByTestId("renewal-card");
  await expect(card.getByTestId("renewal-status")).toContainText("Awaiting payment");
  await expect(card).toContainText("Premium Plan");
  await expect(card.getByRole("link", { name: /Renew/ })).toHaveCount(0);

  // staff take the payment and activate it in the console
  const staff = await signedIn(browser, baseURL!, DEMO.admin);
  await open(staff, "/admin");
  await openSection(staff, "Renewals", "Customers & policies");
  await expect(staff).toHaveURL(/\/admin\/renewals$/);
  const row = staff
    .getByRole("list", { name: "Renewals" })
    .getByRole("listitem")
    .filter({ hasText: ending.policyNumber });
  await expect(row).toContainText("Awaiting payment");
  await expect(row).toContainText("Kavya Narayanan");
  await shots(staff, "admin-renewals", 1280);
  await row.getByRole("button", { name: `Activate the renewal of ${ending.policyNumber}` }).click();
  const dialog = staff.getByRole("dialog", { name: `Activate the renewal of ${ending.policyNumber}` });
  await dialog.getByRole("button", { name: "Activate", exact: true }).click();
  await expect(dialog.getByText("Please enter the payment reference")).toBeVisible();
  await dialog.getByLabel("Payment reference").fill(`UTR${tag()}`);
  await dialog.getByRole("button", { name: "Activate", exact: true }).click();
  await expectToast(staff, "Renewal activated");
  await expect(dialog).toBeHidden();
  // done: it leaves the list of what waits for staff
  await expect(
    staff
      .getByRole("list", { name: "Renewals" })
      .getByRole("listitem")
      .filter({ hasText: ending.policyNumber }),
  ).toHaveCount(0);

  // the holder's policy page links to the new policy, which is on the dashboard
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 30_000 });
  await expect(card.getByTestId("renewal-status")).toContainText("Activated");
  const newLink = card.getByRole("link", { name: /View the new policy/ });
  const newNumber = ((await newLink.textContent()) ?? "").replace("View the new policy", "").trim();
  expect(newNumber).toMatch(/\S/);
  await open(page, "/dashboard");
  const newCard = page.getByTestId("policy-card").filter({ hasText: newNumber });
  await expect(newCard).toContainText("Premium Plan");
  await expect(newCard).toContainText(formatDate(addDays(ending.endDate, 1)));

  // its GST tax invoice: taxable value and tax add up to the total paid, with the GSTIN given
  await newCard.getByRole("link", { name: /View policy/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Premium Plan" })).toBeVisible();
  const invoice = page.getByRole("link", { name: /^Tax invoice HIP\/\d{2}-\d{2}\/\d{6}$/ });
  await expect(invoice).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent("download"), invoice.click()]);
  const text = pdfText(readFileSync(await download.path())).replace(/\s+/g, " ");
  expect(text).toContain("TAX INVOICE");
  expect(text).toContain(newNumber);
  expect(text).toContain("GSTIN 33ABCDE1234F1Z7");
  const taxable = rupeesAfter(text, "Taxable value");
  const cgst = rupeesAfter(text, "CGST @ 9%");
  const sgst = rupeesAfter(text, "SGST @ 9%");
  const total = rupeesAfter(text, "Total (tax included)");
  expect(taxable).toBeGreaterThan(0);
  expect(taxable + cgst + sgst).toBe(total);
  expect(total).toBe(premium.price * 100);
  await staffApi.dispose();
});

test("a lapsed policy's renewal shows 'Inspection required' until staff record a passed inspection", async ({
  browser,
  baseURL,
}) => {
  const staffApi = await apiAs(baseURL!, DEMO.admin);
  const holder = await freshCustomer(baseURL!, "Arjun");
  const essential = await b2cPlan(staffApi, "Essential");
  const lapsed = await policyEnding(staffApi, holder, essential, -10);

  const page = await signedIn(browser, baseURL!, holder.username, holder.password);
  await open(page, `/purchases/${lapsed.id}`);
  const card = page.getByTestId("renewal-card");
  await expect(card).toContainText("an inspection visit comes first");
  await card.getByRole("link", { name: `Renew policy ${lapsed.policyNumber}` }).click();
  const form = page.getByRole("form", { name: "Renew the policy" });
  await expect(form.getByRole("radio", { name: /Essential Plan/ })).toBeChecked();
  await expect(form).toContainText("from the day it is activated");
  await form.getByRole("button", { name: "Request renewal" }).click();
  await expectToast(page, "Renewal requested", "We will call you to book the inspection visit.");
  await expect(page.getByTestId("renewal-status")).toContainText("Inspection required");
  await page.getByRole("link", { name: "Go to the policy" }).click();
  await expect(card.getByTestId("renewal-status")).toContainText("Inspection required");

  // staff record the visit: a failure needs a note, then it passed
  const staff = await signedIn(browser, baseURL!, DEMO.admin);
  await open(staff, "/admin/renewals");
  const row = staff
    .getByRole("list", { name: "Renewals" })
    .getByRole("listitem")
    .filter({ hasText: lapsed.policyNumber });
  await expect(row).toContainText("Inspection required");
  await expect(row).toContainText("lapsed");
  await shots(staff, "admin-renewals-inspection", 1280);
  await row.getByRole("button", { name: `Record inspection of ${lapsed.policyNumber}` }).click();
  const dialog = staff.getByRole("dialog", { name: `Inspection of ${lapsed.policyNumber}` });
  await dialog.getByRole("button", { name: "Save the result" }).click();
  await expect(dialog.getByText("Please choose passed or failed")).toBeVisible();
  await dialog.getByRole("radio", { name: "Failed" }).check();
  await dialog.getByRole("button", { name: "Save the result" }).click();
  await expect(dialog.getByText("Please say what failed (at least 5 characters)")).toBeVisible();
  await dialog.getByRole("radio", { name: "Passed" }).check();
  await dialog.getByRole("button", { name: "Save the result" }).click();
  await expectToast(staff, "Inspection passed");
  await expect(row).toContainText("Awaiting payment");
  await expect(row).toContainText("inspection passed");

  // a colleague activates it meanwhile: the console says why it cannot be done twice
  await row.getByRole("button", { name: `Activate the renewal of ${lapsed.policyNumber}` }).click();
  const activate = staff.getByRole("dialog", { name: `Activate the renewal of ${lapsed.policyNumber}` });
  const listed = (await (await staffApi.get(`/api/purchases/${lapsed.id}/renewal`)).json()) as PolicyRenewal;
  const done = await staffApi.post(`/api/admin/renewals/${listed.renewal!.id}/activate`, {
    data: { paymentReference: `UTR${tag()}` },
  });
  expect(done.status()).toBe(200);
  await activate.getByLabel("Payment reference").fill(`UTR${tag()}`);
  await activate.getByRole("button", { name: "Activate", exact: true }).click();
  await expect(activate.getByRole("alert")).toHaveText("This renewal is already activated");

  // the holder sees the inspection passed and the renewal through
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 30_000 });
  await expect(card.getByTestId("renewal-status")).toContainText("Activated");
  await staffApi.dispose();
});
