import { type Page, test } from "@playwright/test";
import { apiAs, expect, expectToast, freshCustomer, issuePolicy, outboxMail, tag } from "../admin/helpers.ts";
import { DEMO, loginAs, uniqueUsername } from "../fixtures/auth.ts";
import { widthsAndThemes } from "../fixtures/layout-checks.ts";
import { openPage } from "../fixtures/site.ts";

test.describe.configure({ timeout: 600_000 });

/**
 * A home is sold: the holder transfers its Premium policy from the policy page, the buyer
 * follows the e-mailed link, creates an account on the way and accepts, staff approve in
 * the console, and the policy changes dashboards. The public verification page says it
 * changed hands, naming nobody. The test server has no mail server: e-mails are read from
 * the Outbox, as staff would.
 */

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** the screenshots of each screen at 375 and 1280 px, light and dark, when TRANSFER_SHOTS names a folder */
const shots = (page: Page, name: string) => widthsAndThemes(page, name, process.env.TRANSFER_SHOTS);

test("a holder transfers a policy to the buyer, who signs up through the e-mail link and accepts; staff approve", async ({
  browser,
  baseURL,
}) => {
  const staffApi = await apiAs(baseURL!, DEMO.admin);
  const seller = await freshCustomer(baseURL!, "Gopal");
  const policy = await issuePolicy(baseURL!, seller.id, {
    plan: "Premium",
    address: "3 Beach Road, Besant Nagar",
    pincode: "600090",
  });

  // the holder starts the transfer from the policy page
  const sellerContext = await browser.newContext({ baseURL });
  const sellerPage = await sellerContext.newPage();
  await loginAs(sellerPage, seller.username, seller.password);
  await openPage(sellerPage, `/purchases/${policy.id}`);
  const card = sellerPage.getByTestId("transfer-card");
  await card.getByRole("button", { name: "Transfer to the buyer" }).click();
  const dialog = sellerPage.getByRole("dialog", { name: "Transfer this policy to the buyer" });
  const buyerUsername = uniqueUsername("buyer");
  const buyerEmail = `${buyerUsername}@example.com`;
  const form = dialog.getByRole("form", { name: "Transfer to the buyer" });
  // the form says what is wrong before anything is sent
  await form.getByRole("button", { name: "Send the link" }).click();
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();
  await form.getByLabel("Buyer's full name").fill(`Revathi Krishnan ${tag()}`);
  await form.getByLabel("Buyer's e-mail").fill(buyerEmail);
  await form.getByLabel("Buyer's phone").fill("+91 98410 12345");
  await shots(sellerPage, "transfer-form");
  await form.getByRole("button", { name: "Send the link" }).click();
  await expectToast(sellerPage, "Transfer started", `We have e-mailed ${buyerEmail} a link to accept.`);
  await expect(card).toContainText("Waiting for Revathi Krishnan");

  // the Outbox's copy has the link removed: it is read from the e-mail as received
  const { mail, link } = await outboxMail(staffApi, buyerEmail, "transfer_invite", "/transfer");
  expect(mail.subject).toBe("Gopal is transferring a home warranty to you");

  // the buyer has no account yet: the link asks them to make one, and brings them back
  const buyerContext = await browser.newContext({ baseURL });
  const buyerPage = await buyerContext.newPage();
  await openPage(buyerPage, link!);
  await expect(buyerPage.getByRole("heading", { name: "A home warranty is waiting for you" })).toBeVisible();
  await buyerPage.getByRole("link", { name: "Create an account" }).click();
  const register = buyerPage.getByRole("form", { name: "Register" });
  await register.getByLabel("First Name").fill("Revathi");
  await register.getByLabel("Last Name").fill("Krishnan");
  await register.getByLabel("Username").fill(buyerUsername);
  await register.getByLabel("Email").fill(buyerEmail);
  await register.getByLabel("Password", { exact: true }).fill("new-home-keys-7");
  await register.getByLabel("Confirm Password").fill("new-home-keys-7");
  await register.getByRole("button", { name: "Create Account" }).click();
  await expect(buyerPage).toHaveURL(/\/transfer#token=/);
  // anyone could have typed this address: the policy waits until its owner proves it
  await expect(buyerPage.getByText(/Please confirm your e-mail address first/)).toBeVisible();
  const confirm = await outboxMail(staffApi, buyerEmail, "email_confirm", "/confirm-email");
  await openPage(buyerPage, confirm.link!);
  await buyerPage.getByRole("button", { name: "Confirm this address" }).click();
  await expect(buyerPage.getByText(`${buyerEmail} is confirmed as your account's address.`)).toBeVisible();
  await openPage(buyerPage, link!);
  await expect(
    buyerPage.getByRole("heading", { name: "Gopal is transferring a home warranty to you" }),
  ).toBeVisible();
  await expect(buyerPage.getByText(policy.policyNumber)).toBeVisible();
  await shots(buyerPage, "transfer-accept");
  await buyerPage.getByRole("button", { name: "Accept the warranty" }).click();
  await expect(
    buyerPage.getByRole("heading", { name: "Thank you: our team is checking the transfer" }),
  ).toBeVisible();

  // staff approve it in the console's Transfers list (accepted ones show first)
  const staffContext = await browser.newContext({ baseURL });
  const staffPage = await staffContext.newPage();
  await loginAs(staffPage, DEMO.admin);
  await openPage(staffPage, "/admin/transfers");
  const row = staffPage.getByRole("listitem").filter({ hasText: policy.policyNumber });
  await expect(row).toContainText("Needs approval");
  await expect(row).toContainText("Revathi Krishnan");
  await shots(staffPage, "transfer-console");
  // approving asks first: the dialog names the policy, plan, seller and buyer, and wants a proof of sale
  await row.getByRole("button", { name: `Approve the transfer of ${policy.policyNumber}` }).click();
  const approve = staffPage.getByRole("dialog", { name: `Approve the transfer of ${policy.policyNumber}?` });
  await expect(approve).toContainText(policy.policyNumber);
  await expect(approve).toContainText("Premium Plan");
  await expect(approve).toContainText("Gopal Narayanan");
  await expect(approve).toContainText("Revathi Krishnan");
  await approve.getByRole("button", { name: "Approve transfer" }).click();
  await expect(approve.getByRole("alert")).toContainText("Please give the proof of sale");
  await approve
    .getByTestId("proof-file")
    .setInputFiles({ name: "sale-deed.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(approve.getByTestId("proof-file-name")).toHaveText("sale-deed.pdf");
  await approve.getByLabel("Reference").fill("Sale deed 4471/2026, SRO Adyar");
  await shots(staffPage, "transfer-approve-dialog");
  await approve.getByRole("button", { name: "Approve transfer" }).click();
  await expectToast(staffPage, "Transfer approved");
  await expect(approve).toBeHidden();
  // the proof stays with the transfer, for whoever looks at it later
  await openPage(staffPage, "/admin/transfers?status=completed");
  const done = staffPage.getByRole("listitem").filter({ hasText: policy.policyNumber });
  const proof = done.getByTestId("proof-of-sale");
  await expect(proof).toContainText("Sale deed 4471/2026, SRO Adyar");
  await shots(staffPage, "transfer-proof");
  const document = proof.getByRole("link", { name: /sale-deed\.pdf/ });
  const doc = await staffPage.request.get((await document.getAttribute("href"))!);
  expect(doc.status()).toBe(200);
  expect(doc.headers()["content-type"]).toBe("application/pdf");

  // the policy is on the buyer's dashboard, and no longer the seller's
  await openPage(buyerPage, "/dashboard");
  await expect(buyerPage.getByTestId("policy-card").filter({ hasText: policy.policyNumber })).toBeVisible();
  await openPage(sellerPage, "/dashboard");
  await expect(sellerPage.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(sellerPage.getByText(policy.policyNumber)).toHaveCount(0);
  await openPage(sellerPage, `/purchases/${policy.id}`);
  await expect(sellerPage.getByRole("heading", { name: "Policy not found" })).toBeVisible();

  // the public verification page: a change of holder, the new initials, no names
  const detail = await (await buyerPage.request.get(`/api/purchases/${policy.id}`)).json();
  const guest = await browser.newContext({ baseURL });
  const guestPage = await guest.newPage();
  await openPage(guestPage, `/verify/${detail.verifyCode}`);
  await expect(guestPage.getByTestId("transferred-on")).toContainText("Transferred to a new holder on");
  await expect(guestPage.getByText("R. K.", { exact: true })).toBeVisible();
  const text = await guestPage.locator("main").innerText();
  expect(text).not.toMatch(/Revathi|Krishnan|Gopal|Narayanan/);

  for (const c of [sellerContext, buyerContext, staffContext, guest]) await c.close();
  await staffApi.dispose();
});
