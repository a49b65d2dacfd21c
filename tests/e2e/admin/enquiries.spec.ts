import { readFileSync } from "node:fs";
import { test } from "@playwright/test";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";
import { expect, expectToast, openSection, tag } from "./helpers.ts";

test("an enquiry sent on /contact reaches the inbox, is followed up and exported as CSV", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const name = `Sundar Rajan ${tag()}`;
  const email = `sundar.${tag()}@example.com`;
  const guestContext = await browser.newContext({ baseURL });
  const guest = await guestContext.newPage();
  await openPage(guest, "/contact");
  const form = guest.getByRole("region", { name: "Send Us a Message" });
  await form.getByLabel("Full Name").fill(name);
  await form.getByLabel("Phone Number").fill("9876543210");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("I'm Interested In").selectOption("b2b");
  await form
    .getByLabel("Message")
    .fill("We build 40 apartments a year in Tambaram and want to offer your warranty.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(guest.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await guestContext.close();

  await loginAs(page, DEMO.admin);
  await openPage(page, "/admin");
  await openSection(page, /Enquiries/, "Mail");
  await expect(page.getByRole("heading", { name: "Enquiry Inbox", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Enquiries" });
  // newest first: on the first page, among the newest (other tests running beside this one
  // send enquiries too, so it is not always the very first row)
  const first = table.getByRole("row").filter({ hasText: name });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  expect(
    await table
      .getByRole("row")
      .evaluateAll((rows, who) => rows.findIndex((r) => r.textContent?.includes(who)), name),
  ).toBeLessThanOrEqual(5);
  await expect(first).toContainText(name);
  await expect(first).toContainText(email);
  await expect(first).toContainText("9876543210");
  await expect(first).toContainText("B2B Partnership");
  await expect(first).toContainText("We build 40 apartments");
  await expect(first).toContainText("New");

  await first.getByLabel(`Status of the enquiry from ${name}`).selectOption("contacted");
  await expectToast(page, "Enquiry updated");

  await page.getByLabel("Status", { exact: true }).selectOption("contacted");
  await page.getByLabel("Interest", { exact: true }).selectOption("b2b");
  await expect(page).toHaveURL(/status=contacted/);
  const row = table.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Contacted");

  const exportLink = page.getByRole("link", { name: "Export CSV" });
  await expect(exportLink).toHaveAttribute("href", "/api/admin/inquiries.csv?status=contacted&interest=b2b");
  const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv).toContain(name);
  expect(csv).toContain(email);
  expect(csv).toContain("contacted");

  // the other filters leave it out of the list and the export
  await page.getByLabel("Status", { exact: true }).selectOption("new");
  await expect(table.getByText(name)).toHaveCount(0);
  const csvNew = await (await page.request.get("/api/admin/inquiries.csv?status=new")).text();
  expect(csvNew).not.toContain(email);
});
