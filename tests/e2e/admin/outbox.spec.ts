import { test } from "@playwright/test";
import type { OutboxItem } from "../../../src/shared/schemas/outbox.ts";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { widthsAndThemes } from "../fixtures/layout-checks.ts";
import { openPage } from "../fixtures/site.ts";
import { expect, tag } from "./helpers.ts";

test.describe.configure({ timeout: 90_000 });

test("at 1280 px a staff alert's long list of recipients stays inside the Outbox card: status first, the list cut with a count", async ({
  page,
}) => {
  // a new enquiry alerts every member of staff: one e-mail with the whole staff list as its recipients
  const name = `Outbox Width ${tag()}`;
  const sent = await page.request.post("/api/inquiries", {
    data: {
      name,
      email: `outbox.width.${tag()}@example.in`,
      phone: "9840012345",
      interest: "b2c-premium",
      message: "Cover for the kitchen, please.",
    },
  });
  expect(sent.status()).toBe(201);
  await loginAs(page, DEMO.admin);
  let alert: OutboxItem | undefined;
  await expect
    .poll(async () => {
      const list = (await (await page.request.get("/api/admin/outbox?limit=200")).json()) as OutboxItem[];
      alert = list.find(
        (e) => e.template === "staff_new_enquiry" && e.subject === `New enquiry from ${name}`,
      );
      return alert?.to.split(", ").length ?? 0;
    })
    .toBeGreaterThan(2);
  const recipients = alert!.to.split(", ");

  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, "/admin/outbox");
  const table = page.getByRole("table", { name: "E-mails" });
  const row = table.locator("tbody tr", { hasText: `New enquiry from ${name}` });
  await expect(row).toBeVisible();
  await expect(table.getByRole("columnheader").first()).toHaveText("Status");
  await expect(row.locator("td").first()).toHaveText("Sent");
  // the first address, and how many more; the whole list on hover
  const to = row.getByTitle(alert!.to);
  await expect(to).toContainText(recipients[0]);
  await expect(to).toContainText(`+${recipients.length - 1} more`);
  // the table does not scroll inside its card: every column is in view
  expect(
    await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
  ).toBeLessThanOrEqual(0);
  for (const head of ["Status", "Queued", "E-mail", "To", "Attempts"]) {
    await expect(table.getByRole("columnheader", { name: head })).toBeInViewport();
  }
  await widthsAndThemes(page, "outbox", process.env.OUTBOX_SHOTS, table);
});
