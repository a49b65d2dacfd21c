import { expect, test } from "@playwright/test";
import { DEMO, loginAs, uniqueUsername } from "../fixtures/auth.ts";
import { sidewaysOverflow } from "../fixtures/layout-checks.ts";
import { openPage } from "../fixtures/site.ts";
import { signedInCustomerWithTicket } from "./helpers.ts";

test.describe.configure({ timeout: 90_000 });

test("staff keep a canned reply, insert it into a reply at the cursor, send it, and the customer reads it", async ({
  page,
  browser,
  baseURL,
}) => {
  const ticketId = await signedInCustomerWithTicket(page, baseURL!, "Lakshmi");
  const title = `Visit booked ${uniqueUsername("cr")}`;

  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staffPage = await staff.newPage();
  await loginAs(staffPage, DEMO.admin);
  await openPage(staffPage, `/admin/tickets/${ticketId}`);

  // create it from the reply box's picker
  await staffPage.getByRole("button", { name: "Canned reply" }).click();
  await staffPage.getByRole("button", { name: "Manage canned replies" }).click();
  const dialog = staffPage.getByRole("dialog", { name: "Canned replies" });
  await dialog.getByRole("button", { name: "New canned reply" }).click();
  await dialog.getByLabel("Title").fill(title);
  // a typo in a placeholder is refused with the server's message
  await dialog.getByLabel("Reply text").fill("Dear {{custmer_name}}");
  await dialog.getByRole("button", { name: "Add canned reply" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Unknown placeholder {{custmer_name}}: use {{customer_name}} or {{ticket_number}}",
  );
  await dialog
    .getByLabel("Reply text")
    .fill("Dear {{customer_name}}, our technician will visit on Saturday about ticket {{ticket_number}}.");
  await dialog.getByRole("button", { name: "Add canned reply" }).click();
  await expect(dialog.getByRole("list", { name: "Canned replies" })).toContainText(title);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // write a greeting, then insert the canned reply after it, with the keyboard only
  const box = staffPage.getByLabel("Reply to Lakshmi");
  await box.fill("Hello!\n\nThanks for waiting.");
  await box.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(7, 7));
  await staffPage.getByRole("button", { name: "Canned reply" }).focus();
  await staffPage.keyboard.press("Enter");
  const search = staffPage.getByRole("combobox", { name: "Search canned replies by title" });
  await expect(search).toBeFocused();
  await search.pressSequentially(title.slice(0, 30));
  const options = staffPage.getByRole("listbox", { name: "Canned replies" }).getByRole("option");
  await expect(options).toHaveCount(1);
  await expect(options).toContainText(title);
  await staffPage.keyboard.press("Enter");
  const inserted = `Dear Lakshmi, our technician will visit on Saturday about ticket #${ticketId}.`;
  await expect(box).toHaveValue(`Hello!\n${inserted}\nThanks for waiting.`);
  await expect(box).toBeFocused();

  // edited before sending
  await staffPage.keyboard.type(" Please keep the wardrobe clear.");
  await staffPage.getByRole("button", { name: "Send Reply" }).click();
  await expect(box).toHaveValue("");
  await staff.close();

  await openPage(page, `/tickets/${ticketId}`);
  await expect(page.getByText(`${inserted} Please keep the wardrobe clear.`)).toBeVisible();
  await expect(page.getByText("{{")).toHaveCount(0);
});

for (const width of [375, 1280]) {
  for (const theme of ["light", "dark"] as const) {
    test(`the picker and the manage dialog fit at ${width} px, ${theme}`, async ({
      browser,
      baseURL,
    }, info) => {
      const staff = await browser.newContext({ viewport: { width, height: 900 }, baseURL });
      await staff.addInitScript((t) => localStorage.setItem("theme", t), theme);
      const staffPage = await staff.newPage();
      await loginAs(staffPage, DEMO.admin);
      const seed = await staffPage.request.post("/api/admin/canned-replies", {
        data: {
          title: `Photos please ${uniqueUsername("cr")}`,
          body: "Dear {{customer_name}}, please send photos.",
        },
      });
      expect(seed.status()).toBe(201);
      const customer = await browser.newContext({ baseURL });
      const ticketId = await signedInCustomerWithTicket(await customer.newPage(), baseURL!, "Anand");
      await customer.close();
      await openPage(staffPage, `/admin/tickets/${ticketId}`);

      await staffPage.getByRole("button", { name: "Canned reply" }).click();
      const list = staffPage.getByRole("listbox", { name: "Canned replies" });
      await expect(list.getByRole("option").first()).toBeVisible();
      expect(await sidewaysOverflow(staffPage)).toBeLessThanOrEqual(0);
      await staffPage.screenshot({ path: info.outputPath(`picker-${width}-${theme}.png`) });

      await staffPage.getByRole("button", { name: "Manage canned replies" }).click();
      const dialog = staffPage.getByRole("dialog", { name: "Canned replies" });
      await expect(dialog.getByRole("list", { name: "Canned replies" })).toBeVisible();
      const boxRect = await dialog.boundingBox();
      expect(boxRect!.x).toBeGreaterThanOrEqual(0);
      expect(boxRect!.x + boxRect!.width).toBeLessThanOrEqual(width);
      await staffPage.screenshot({ path: info.outputPath(`manage-${width}-${theme}.png`) });
      await staff.close();
    });
  }
}
