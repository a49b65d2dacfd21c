import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect } from "../admin/helpers.ts";
import { openPage } from "../fixtures/site.ts";

/** The partner tests' steps that more than one journey takes, as a person takes them in the browser */

/** the invited person opens the e-mailed link and chooses a password; the form is returned */
export async function choosePassword(page: Page, link: string, password: string, opened = false) {
  if (!opened) await openPage(page, link);
  const form = page.getByRole("form", { name: "Choose a new password" });
  await form.getByLabel("New password", { exact: true }).fill(password);
  await form.getByLabel("Confirm new password").fill(password);
  await form.getByRole("button", { name: "Set new password" }).click();
  return form;
}

/**
 * The invited person opens the e-mailed link in a browser of their own and chooses a password:
 * they are signed in, on the partner dashboard. Closing the page's context ends their visit.
 */
export async function acceptInvitationInBrowser(
  browser: Browser,
  baseURL: string | undefined,
  link: string,
  password: string,
): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await choosePassword(page, link, password);
  await expect(page).toHaveURL(/\/partner$/);
  return page;
}

/**
 * From the dashboard's "Register a home" link, the handover form filled with one covered item
 * of a kitchen, and sent
 */
export async function registerHandover(
  page: Page,
  home: {
    name: string;
    email: string;
    phone: string;
    address: string;
    pincode: string;
    planId: number;
    installer: string;
    item: string;
    brand: string;
  },
) {
  await page.getByRole("link", { name: "Register a home" }).first().click();
  await expect(page).toHaveURL(/\/partner\/handovers\/new$/);
  await page.getByLabel("Full name").fill(home.name);
  await page.getByLabel("E-mail").fill(home.email);
  await page.getByLabel("Phone").fill(home.phone);
  await page.getByLabel("Property address").fill(home.address);
  await page.getByLabel("PIN code").fill(home.pincode);
  await page.getByLabel("Plan").selectOption(String(home.planId));
  await page.getByLabel("Installer or fitting team").fill(home.installer);
  await page.getByRole("button", { name: "Add an item" }).click();
  await page.getByLabel("Room").fill("Kitchen");
  await page.getByLabel("Item", { exact: true }).selectOption(home.item);
  await page.getByLabel("Brand / material").fill(home.brand);
  await page.getByRole("button", { name: "Register the home" }).click();
  await expect(page).toHaveURL(/\/partner\?/);
}

/**
 * The dashboard shows the one open claim on a kitchen item, and its scorecard counts it (one
 * claim on one home) under the installer and under the brand.
 */
export async function expectClaimOnDashboard(
  page: Page,
  claim: { ticketId: number; homeownerFirstName: string; installer: string; brand: string },
) {
  await openPage(page, "/partner");
  const row = page.getByTestId(`partner-claim-${claim.ticketId}`);
  await expect(row).toContainText(`#${claim.ticketId}`);
  await expect(row).toContainText("Open");
  await expect(row).toContainText("Hinges, drawer channels and soft-close fittings");
  await expect(row).toContainText(`Kitchen · ${claim.brand}`);
  await expect(row).toContainText(claim.homeownerFirstName);
  const scorecard = page.getByTestId("scorecard");
  await expect(scorecard).toContainText("1 claim raised");
  const team = scorecard.getByRole("row", { name: new RegExp(claim.installer) });
  await expect(team.getByRole("cell")).toHaveText(["1", "1", "100.0"]);
  const brand = scorecard
    .getByRole("table", { name: /brand or material/ })
    .getByRole("row", { name: new RegExp(claim.brand) });
  await expect(brand.getByRole("cell")).toHaveText(["1", "1", "100.0"]);
}

/** the homeowner raises a claim on their policy's first policy item, as the claim form sends it; its ticket id */
export async function claimOnFirstItem(
  homeowner: APIRequestContext,
  policyId: number,
  claim: { subject: string; description: string },
) {
  const items = (await (await homeowner.get(`/api/purchases/${policyId}/items`)).json()) as { id: number }[];
  const res = await homeowner.post("/api/tickets", {
    data: { purchaseId: policyId, ...claim, policyItemId: items[0].id },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** an owner invites a member from /partner/members (already open), and finds them among the users */
export async function inviteMemberInBrowser(
  page: Page,
  person: { email: string; firstName: string; lastName: string },
) {
  await page.getByRole("button", { name: "Invite a user" }).click();
  const invite = page.getByRole("dialog", { name: "Invite a user" });
  await invite.getByLabel("E-mail").fill(person.email);
  await invite.getByLabel("First name").fill(person.firstName);
  await invite.getByLabel("Last name").fill(person.lastName);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("list", { name: "Users" }).getByText(person.email)).toBeVisible();
}
