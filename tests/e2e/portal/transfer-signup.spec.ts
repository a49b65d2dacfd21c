import { test } from "@playwright/test";
import { apiAs, expect, freshCustomer, issuePolicy, outboxMail } from "../admin/helpers.ts";
import { DEMO, uniqueUsername } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";

test.describe.configure({ timeout: 120_000 });

/**
 * The buyer of a home follows the transfer e-mail's link without an account: the sign-up it
 * leads to is filled in with the address the invitation went to, the one address that can
 * accept the policy.
 */
test("the sign-up from a transfer link has the invited address filled in", async ({ browser, baseURL }) => {
  const seller = await freshCustomer(baseURL!, "Gopal");
  const policy = await issuePolicy(baseURL!, seller.id, {
    plan: "Premium",
    address: "8 Third Avenue, Adyar",
  });
  const sellerApi = await apiAs(baseURL!, seller.username, seller.password);
  const buyerEmail = `${uniqueUsername("buyer")}@example.com`;
  const started = await sellerApi.post(`/api/purchases/${policy.id}/transfer`, {
    data: { name: "Revathi Krishnan", email: buyerEmail, phone: "+91 98410 12345" },
  });
  expect(started.status()).toBe(201);

  const staffApi = await apiAs(baseURL!, DEMO.admin);
  const { link } = await outboxMail(staffApi, buyerEmail, "transfer_invite", "/transfer");
  // the address travels after the '#': never in a request to the server
  expect(link).toMatch(/^\/transfer#token=[A-Za-z0-9_-]+&email=/);

  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  const requested: string[] = [];
  page.on("request", (r) => requested.push(r.url()));
  await openPage(page, link!);
  await expect(page.getByRole("heading", { name: "A home warranty is waiting for you" })).toBeVisible();
  await page.getByRole("link", { name: "Create an account" }).click();
  const register = page.getByRole("form", { name: "Register" });
  await expect(register.getByLabel("Email")).toHaveValue(buyerEmail);
  expect(
    requested.filter((u) => u.includes(encodeURIComponent(buyerEmail)) || u.includes(buyerEmail)),
  ).toEqual([]);
  await context.close();
});
