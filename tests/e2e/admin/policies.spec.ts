import { test } from "@playwright/test";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";
import { contextAs, expect, expectToast, freshCustomer } from "./helpers.ts";

test.describe("admin: warranty policies", () => {
  test("issue a policy, see it on the customer's dashboard, activate it, then cancel it", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const customer = await freshCustomer(baseURL!, "Revathi");
    await loginAs(page, DEMO.admin);
    await openPage(page, "/admin?tab=policies");
    await page.getByRole("button", { name: "Issue Policy" }).click();
    const dialog = page.getByRole("dialog", { name: "Issue a warranty policy" });
    await expect(dialog).toBeVisible();

    // nothing chosen: the shared schema's messages
    await dialog.getByRole("button", { name: "Issue Policy" }).click();
    await expect(dialog.getByText("Please choose a customer")).toBeVisible();

    await expect(dialog.getByText("Property address must be at least 5 characters")).toBeVisible();
    // the customers are searched, never loaded whole
    await dialog.getByLabel("Find a customer").fill(customer.email);
    await expect(dialog.getByText("1 found")).toBeVisible();
    await dialog
      .getByLabel("Customer", { exact: true })
      .selectOption({ label: `${customer.firstName} ${customer.lastName} (${customer.email})` });
    // the property is filled from the customer's profile
    await expect(dialog.getByLabel("Property address")).toHaveValue("12 Temple Street, Mylapore");
    await expect(dialog.getByLabel("City")).toHaveValue("Chennai");
    await expect(dialog.getByText("Property address must be at least 5 characters")).toHaveCount(0);
    await dialog.getByLabel("Plan").selectOption({ label: "Elite: ₹79,999 for 10 years" });
    await dialog.getByLabel("Start date").fill("2026-03-15");
    await expect(dialog).toContainText("cover runs from 15 March 2026 to 14 March 2036");
    await expect(dialog).toContainText("₹79,999");
    await dialog.getByLabel("Pending (activate later)").check();
    await dialog.getByRole("button", { name: "Issue Policy" }).click();
    await expectToast(page, "Policy issued");
    await expect(dialog).toBeHidden();

    const list = (await (await page.request.get(`/api/admin/purchases?userId=${customer.id}`)).json()) as {
      purchase: { id: number; policyNumber: string; status: string; endDate: string; totalAmount: number };
    }[];
    expect(list).toHaveLength(1);
    const policy = list[0].purchase;
    expect(policy.policyNumber).toMatch(/^HIPW-2026-\d{6}$/);
    expect(policy).toMatchObject({ status: "pending", endDate: "2036-03-14", totalAmount: 7_999_900 });

    await page.getByLabel("Status", { exact: true }).selectOption("pending");
    const row = page.getByTestId(`policy-row-${policy.policyNumber}`);
    await expect(row).toContainText(`${customer.firstName} ${customer.lastName}`);
    await expect(row).toContainText("Elite");
    await expect(row).toContainText("15 Mar 2026");
    await expect(row).toContainText("₹79,999");
    await expect(row).toContainText("Pending");

    // the customer sees it on their dashboard
    const { context, page: own } = await contextAs(browser, baseURL!, customer.username, customer.password);
    await own.goto("/dashboard");
    await expect(own.getByText(policy.policyNumber).first()).toBeVisible();

    await row.getByRole("button", { name: `Activate policy ${policy.policyNumber}` }).click();
    await expectToast(page, "Policy activated");
    await page.getByLabel("Status", { exact: true }).selectOption("active");
    await expect(row).toContainText("Active");

    await row.getByRole("button", { name: `Cancel policy ${policy.policyNumber}` }).click();
    const cancel = page.getByRole("dialog", { name: `Cancel policy ${policy.policyNumber}?` });
    await cancel.getByLabel("Reason for cancellation").fill("No");
    await cancel.getByRole("button", { name: "Cancel Policy" }).click();
    await expect(cancel.getByText("Please give a reason of at least 5 characters")).toBeVisible();
    await cancel.getByLabel("Reason for cancellation").fill("Customer sold the flat");
    await cancel.getByRole("button", { name: "Cancel Policy" }).click();
    await expectToast(page, "Policy cancelled");
    await page.getByLabel("Status", { exact: true }).selectOption("cancelled");
    await expect(row).toContainText("Cancelled");
    await expect(row).toContainText("Customer sold the flat");
    await expect(row.getByRole("button")).toHaveCount(0);

    await own.reload();
    await expect(own.getByText(policy.policyNumber).first()).toBeVisible();
    await context.close();
  });

  test("expired policies are shown as expired and offer no actions", async ({ page }) => {
    test.slow();
    await loginAs(page, DEMO.admin);
    await openPage(page, "/admin?tab=policies&policyStatus=expired");
    const table = page.getByRole("table", { name: "Warranty policies" });
    await expect(table.getByText("Expired").first()).toBeVisible();
    await expect(table.getByText("Active")).toHaveCount(0);
    // nothing that changes a policy: no Cancel or Activate (its invoices can still be read)
    await expect(table.locator("tbody").getByRole("button", { name: /cancel|activate/i })).toHaveCount(0);
    await expect(
      table
        .locator("tbody")
        .getByRole("button", { name: /tax invoices/ })
        .first(),
    ).toBeVisible();
  });
});
