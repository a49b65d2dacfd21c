import { expect, test } from "@playwright/test";
import { openPage } from "../fixtures/site.ts";

/**
 * What the public pages say about the portal is what it does: renewals through the Renew
 * button, claims and their photos through the claim form, never the chat.
 */
test("the FAQ page answers renewal and claims as the portal works", async ({ page }) => {
  await openPage(page, "/faqs");
  const questions = page.locator("main section[aria-label='Questions and answers']");
  await questions.getByRole("button", { name: "How do I renew my plan?" }).click();
  await expect(questions).toContainText("a Renew button appears on your policy page and your dashboard");
  await questions.getByRole("button", { name: "How do I make a claim?" }).click();
  await expect(questions).toContainText("sign in and send the claim form");
  await expect(questions).toContainText("attach photos or PDFs");
  await expect(page.locator("main")).not.toContainText(/chat assistant|call us or send an enquiry/i);
});

test("the warranty terms and the home page's steps send a claim to the claim form and renewals to Renew", async ({
  page,
}) => {
  await openPage(page, "/warranty-terms");
  const main = page.locator("main");
  await expect(main).toContainText("Sign in and report it with the claim form, with photos");
  await expect(main).toContainText("renew it with the Renew button");
  await expect(main).toContainText("start the transfer from your policy page");
  await expect(main).not.toContainText(/chat assistant|We contact you before your plan ends/);
  await openPage(page, "/");
  await expect(page.locator("main")).not.toContainText("chat assistant");
});
