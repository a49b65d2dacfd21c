import { expect, test } from "@playwright/test";
import { DEMO, loginAs, registerFreshCustomer } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";
import { issuePolicy } from "./helpers.ts";

test.describe.configure({ timeout: 90_000 });

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

test("staff add a supplier's PDF to a ticket from the console, and the customer sees it", async ({
  page,
  browser,
  baseURL,
}) => {
  // a fresh customer with an active policy and a ticket, so no other test's counts move
  const customer = await registerFreshCustomer(page, "Karthik");
  const { id: purchaseId } = await issuePolicy(baseURL!, customer.id, {
    plan: "Essential",
    address: "4 Temple Street, Mylapore",
    status: "active",
  });
  const created = await page.request.post("/api/tickets", {
    data: {
      purchaseId,
      subject: "Laminate peeling on the study desk",
      description: "The laminate on the study desk edge is lifting off.",
    },
  });
  const ticketId = ((await created.json()) as { id: number }).id;

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
