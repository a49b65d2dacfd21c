import { type Page, test } from "@playwright/test";
import sharp from "sharp";
import type { TicketListItem } from "../../../src/shared/schemas/ticket.ts";
import { expect, expectToast, freshCustomer, issuePolicy, tag } from "../admin/helpers.ts";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { showTheme, sidewaysOverflow } from "../fixtures/layout-checks.ts";
import { openPage } from "../fixtures/site.ts";

// uploads and image work on a small shared machine: room, not flakiness
test.describe.configure({ timeout: 180_000 });

/**
 * Policy items and claims that name what failed: a holder on a phone records the
 * kitchen with a handover photo, then raises a claim about it; the plan (Essential) does not
 * cover a modular kitchen, so the form says so before sending, and staff see the claim
 * flagged 'Not in plan' in the queue and on the ticket.
 */

/** each screen at 375 and 1280 px, light and dark, when POLICY_ITEMS_SHOTS names a folder */
async function shots(page: Page, name: string, width = page.viewportSize()?.width ?? 1280) {
  const dir = process.env.POLICY_ITEMS_SHOTS;
  for (const w of [375, 1280]) {
    await page.setViewportSize({ width: w, height: 900 });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    if (!dir) continue;
    for (const theme of ["light", "dark"] as const) {
      await showTheme(page, theme);
      await page.screenshot({ path: `${dir}/${name}-${w}-${theme}.png`, fullPage: true });
    }
    await showTheme(page, "light");
  }
  await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
}

async function kitchenPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <rect width="1600" height="1200" fill="#d9c7a8"/><rect x="200" y="300" width="1200" height="700" fill="#6b4f3a"/>
    <rect x="260" y="360" width="520" height="580" fill="#8a6a4f"/><rect x="820" y="360" width="520" height="580" fill="#8a6a4f"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

test("a holder records the kitchen with a photo on a phone, claims on it, is warned it is not in the plan; staff see the flag", async ({
  browser,
  baseURL,
}) => {
  const holder = await freshCustomer(baseURL!, "Meena");
  const policy = await issuePolicy(baseURL!, holder.id, {
    plan: "Essential",
    address: "7 Gandhi Street, T. Nagar",
    pincode: "600017",
  });

  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await loginAs(page, holder.username, holder.password);
  await openPage(page, `/purchases/${policy.id}`);
  const items = page.getByTestId("policy-items");
  await expect(items).toContainText("No items recorded yet.");

  // the kitchen, with its handover photo
  await items.getByRole("button", { name: "Add item" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an item" });
  await dialog.getByLabel("Room").fill("Kitchen");
  await dialog.getByLabel("Item", { exact: true }).selectOption("modular_kitchen");
  await expect(dialog).toContainText("Your plan does not cover this kind of item. You can still record it.");
  await dialog.getByLabel("Brand").fill("Hettich");
  await dialog.getByLabel("Installed on").fill("2025-06-12");
  await dialog.getByTestId("new-item-photos").setInputFiles({
    name: "kitchen-handover.jpg",
    mimeType: "image/jpeg",
    buffer: await kitchenPhoto(),
  });
  await dialog.getByRole("button", { name: "Add item" }).click();
  await expectToast(page, "Item added");
  const kitchen = items.getByTestId("policy-item").filter({ hasText: "Kitchen" });
  await expect(kitchen).toContainText("Modular kitchen (carcass, shutters, baskets)");
  await expect(kitchen).toContainText("Hettich · Installed 12 June 2025");
  await expect(kitchen).toContainText("Not in your plan");
  const thumb = kitchen.getByRole("img", { name: "kitchen-handover.jpg" });
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // a wardrobe's hinges, which Essential covers
  await items.getByRole("button", { name: "Add item" }).click();
  await dialog.getByLabel("Room").fill("Master bedroom");
  await dialog.getByLabel("Item", { exact: true }).selectOption("hinges");
  await dialog.getByRole("button", { name: "Add item" }).click();
  await expectToast(page, "Item added");
  await expect(items.getByTestId("policy-item").filter({ hasText: "Master bedroom" })).toContainText(
    "Covered",
  );
  await shots(page, "policy-items");

  // the claim: the policy items are the choices
  await openPage(page, `/tickets/new?purchaseId=${policy.id}`);
  const form = page.getByRole("form", { name: "New support ticket" });
  const covered = form.getByLabel("Covered item");
  await expect(covered.locator("option")).toHaveText([
    "Choose the item",
    "Kitchen: Modular kitchen (carcass, shutters, baskets) (Hettich) (not in your plan)",
    "Master bedroom: Hinges, drawer channels and soft-close fittings",
    "Other / not sure",
  ]);
  await covered.selectOption({ label: "Master bedroom: Hinges, drawer channels and soft-close fittings" });
  await expect(page.getByTestId("not-covered-warning")).toHaveCount(0);
  await covered.selectOption({ index: 1 });
  const warning = page.getByTestId("not-covered-warning");
  await expect(warning).toHaveText(
    "Modular kitchen (carcass, shutters, baskets) is not covered by your Essential plan. You can still send this request: our team will look at it and tell you your options, which may include a paid repair.",
  );
  const subject = `Kitchen basket runner broke ${tag()}`;
  await form.getByLabel("Room or item affected").fill("Kitchen, left of the hob");
  await form.getByLabel("Subject").fill(subject);
  await form.getByLabel("Description").fill("The pull-out basket's runner snapped and the basket drops.");
  await shots(page, "claim-warning");
  await form.getByRole("button", { name: "Submit Ticket" }).click();
  await expectToast(page, "Support ticket created");
  await expect(page).toHaveURL("/dashboard");
  const mine = (await (await page.request.get("/api/tickets")).json()) as TicketListItem[];
  const ticket = mine.find((t) => t.subject === subject)!;
  expect(ticket).toMatchObject({ coveredItem: "modular_kitchen", coveredByPlan: false });
  await openPage(page, `/tickets/${ticket.id}`);
  await expect(page.getByTestId("covered-item")).toContainText(
    "Modular kitchen (carcass, shutters, baskets)",
  );
  await expect(page.getByTestId("covered-item")).toContainText("Not included in your plan");
  await expect(page.getByTestId("covered-item")).toContainText("Kitchen · Hettich");
  await context.close();

  // staff: flagged in the queue and on the ticket
  const staffContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const staffPage = await staffContext.newPage();
  await loginAs(staffPage, DEMO.admin);
  await openPage(staffPage, `/admin?q=${encodeURIComponent(subject)}`);
  const row = staffPage.getByRole("row").filter({ hasText: subject });
  await expect(row.getByTestId("not-in-plan")).toHaveText("Not in plan");
  await shots(staffPage, "console-queue");
  await openPage(staffPage, `/admin/tickets/${ticket.id}`);
  await expect(staffPage.getByTestId("not-in-plan").first()).toBeVisible();
  const item = staffPage.getByTestId("covered-item");
  await expect(item).toContainText("Modular kitchen (carcass, shutters, baskets)");
  await expect(item).toContainText("Kitchen · Hettich · installed 12 June 2025");
  await shots(staffPage, "console-ticket");

  // staff keep the same policy items from the console's policy link
  await openPage(staffPage, `/purchases/${policy.id}`);
  await expect(staffPage.getByTestId("policy-item")).toHaveCount(2);
  await expect(
    staffPage.getByTestId("policy-item").filter({ hasText: "Kitchen" }).getByText("Not in plan"),
  ).toBeVisible();
  await staffContext.close();
});
