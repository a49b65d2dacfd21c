import { expect, test } from "@playwright/test";
import { openPage, recordApiCalls } from "../fixtures/site.ts";

test("the chat assistant runs in the browser without calling the API", async ({ page }) => {
  await openPage(page, "/");
  const calls = recordApiCalls(page);
  await page.getByTestId("chat-launcher").click();
  const chat = page.getByRole("dialog", { name: "Chat assistant" });
  const log = chat.getByRole("log");
  await expect(log).toContainText("May I know your name?");
  const input = chat.getByLabel("Your message");

  await input.fill("Meena");
  await input.press("Enter");
  await expect(log).toContainText("Nice to meet you, Meena!", { timeout: 5000 });

  await input.fill("meena.k@example.in, 98400 12345");
  await input.press("Enter");
  await expect(log).toContainText("meena.k@example.in", { timeout: 5000 });
  await expect(log).toContainText("9840012345");
  for (const option of [
    "Check Warranty Status",
    "Raise a Service Request",
    "Know What's Covered",
    "Talk to a Human",
  ]) {
    await expect(chat.getByRole("button", { name: option })).toBeVisible();
  }

  await chat.getByRole("button", { name: "Check Warranty Status" }).click();
  await expect(log).toContainText("policy number", { timeout: 5000 });
  await input.fill("HIPWS-2025-000123");
  await input.press("Enter");
  await expect(log).toContainText("Status: Active", { timeout: 5000 });

  await expect(chat.getByRole("button", { name: "Raise a Service Request" })).toBeEnabled({ timeout: 5000 });
  await chat.getByRole("button", { name: "Raise a Service Request" }).click();
  await expect(log).toContainText("describe the issue", { timeout: 5000 });
  await input.fill("The kitchen drawer has dropped off its channel");
  await input.press("Enter");
  await expect(log).toContainText("SR-2026-48213", { timeout: 5000 });

  await expect(input).toBeEditable();
  await input.fill("How much does Elite cost?");
  await input.press("Enter");
  await expect(log).toContainText("₹79,999 for 10 years", { timeout: 5000 });

  await chat.getByRole("button", { name: "Close chat" }).click();
  await expect(chat).toBeHidden();
  expect(calls).toEqual([]);
});

test("the bot takes 0.8 to 2 seconds to answer", async ({ page }) => {
  await openPage(page, "/");
  await page.getByTestId("chat-launcher").click();
  const chat = page.getByRole("dialog", { name: "Chat assistant" });
  const input = chat.getByLabel("Your message");
  await input.fill("Ravi");
  const sent = Date.now();
  await input.press("Enter");
  await expect(chat.getByTestId("chat-typing")).toBeVisible();
  await expect(chat.getByRole("log")).toContainText("Nice to meet you, Ravi!", { timeout: 5000 });
  const elapsed = Date.now() - sent;
  expect(elapsed).toBeGreaterThanOrEqual(750);
  expect(elapsed).toBeLessThan(3000);
});
