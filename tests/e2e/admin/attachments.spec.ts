import { expect, test } from "@playwright/test";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";
import { signedInCustomerWithTicket } from "./helpers.ts";

test.describe.configure({ timeout: 90_000 });

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

test("staff add a supplier's PDF to a ticket from the console, and the customer sees it", async ({
  page,
  browser,
  baseURL,
}) => {
  const ticketId = await signedInCustomerWithTicket(page, baseURL!, "Karthik");

  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staffPage = await staff.newPage();
  await loginAs(staffPage, DEMO.admin);
  await openPage(staffPage, `/admin/tickets/${ticketId}`);
  const box = staffPage.getByTestId("staff-attachments");
  await box.getByTestId("attachment-input").setInputFiles({
    name: "supplier-invoice.pdf",
    mimeType: "application/pdf",
    buffer: PDF,
  });
  await expect(box.getByTestId("chosen-files")).toContainText("supplier-invoice.pdf");
  await box.getByRole("button", { name: "Add to ticket" }).click();
  await expect(box.getByTestId("chosen-files")).toHaveCount(0);
  await expect(staffPage.getByRole("link", { name: /supplier-invoice\.pdf/ })).toBeVisible();
  await staff.close();

  await openPage(page, `/tickets/${ticketId}`);
  const link = page.getByRole("link", { name: /supplier-invoice\.pdf/ });
  await expect(link).toBeVisible();
  const file = await page.request.get((await link.getAttribute("href"))!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toMatch(/^attachment; filename="supplier-invoice.pdf"/);
});
