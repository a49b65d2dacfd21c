import { expect, test } from "@playwright/test";
import { DEMO, loginAs, uniqueUsername } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";
import { openSection } from "./helpers.ts";

test.describe.configure({ timeout: 90_000 });

test("a visitor sends a privacy grievance from /privacy; staff see its deadline and close it with a note", async ({
  page,
}) => {
  const name = `Visitor ${uniqueUsername("g")}`;
  await openPage(page, "/privacy");
  const form = page.getByRole("form", { name: "Privacy grievance" });
  await form.getByRole("button", { name: "Send to the Grievance Officer" }).click();
  await expect(form.getByText("Name must be at least 2 characters")).toBeVisible();
  await form.getByLabel("Your name").fill(name);
  await form.getByLabel("Email").fill("visitor@example.in");
  await form
    .getByLabel("What is your grievance?")
    .fill("You called me about plans after I asked you not to.");
  await form.getByRole("button", { name: "Send to the Grievance Officer" }).click();
  const receipt = page.getByRole("status").filter({ hasText: "Grievance received" });
  await expect(receipt).toContainText(
    /Our Grievance Officer will reply to visitor@example\.in by \d+ \w+ \d{4}\./,
  );

  await loginAs(page, DEMO.admin);
  await openPage(page, "/admin");
  await openSection(page, "Privacy", "Customers & policies");
  await expect(page.getByRole("heading", { name: "Privacy Requests" })).toBeVisible();
  await page.getByLabel("Kind", { exact: true }).selectOption("grievance");
  await expect(page).toHaveURL(/kind=grievance/);
  const row = page.getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText(/Due by \d+ \w+ \d{4}/);
  await expect(row).toContainText("visitor");

  await row.getByRole("button", { name: /^Close #\d+$/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("What was done").fill("ok");
  await dialog.getByRole("button", { name: "Close request" }).click();
  await expect(dialog.getByText("Please say what was done, in at least 5 characters")).toBeVisible();
  await dialog.getByLabel("What was done").fill("Number removed from the call list; replied by e-mail.");
  await dialog.getByRole("button", { name: "Close request" }).click();
  await expect(dialog).toBeHidden();
  // open is the default view: the closed one leaves it, and shows under Done with its note
  await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
  await page.getByLabel("Status", { exact: true }).selectOption("done");
  await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText(
    "Number removed from the call list; replied by e-mail.",
  );
});
