import { test } from "@playwright/test";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";
import { customerWithTicket, expect, openSection } from "./helpers.ts";

test("find a customer, see their policies and tickets, and open a ticket", async ({ page, baseURL }) => {
  test.slow();
  const { customer, purchase, ticket } = await customerWithTicket(baseURL!);
  await loginAs(page, DEMO.admin);
  await openPage(page, "/admin");
  await openSection(page, "Customers", "Customers & policies");
  await page.getByLabel("Find a customer").fill(customer.email);
  const table = page.getByRole("table", { name: "Customers" });
  await expect(table.getByRole("row")).toHaveCount(2);
  const row = table.getByRole("row").nth(1);
  await expect(row).toContainText("9840098400");
  await expect(row.getByRole("cell").nth(3)).toHaveText("1");
  await expect(row.getByRole("cell").nth(4)).toHaveText("1");

  await row.getByRole("link", { name: `${customer.firstName} ${customer.lastName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${customer.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `${customer.firstName} ${customer.lastName}`,
  );
  await expect(page.getByText(customer.email)).toBeVisible();
  await expect(page.getByRole("table", { name: "Warranty policies" })).toContainText(purchase.policyNumber);
  await page
    .getByRole("table", { name: "Support tickets" })
    .getByRole("link", { name: ticket.subject })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/tickets/${ticket.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ticket.subject);
});
