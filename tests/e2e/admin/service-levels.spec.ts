import { readFileSync } from "node:fs";
import { test } from "@playwright/test";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { sidewaysOverflow } from "../fixtures/layout-checks.ts";
import { openPage } from "../fixtures/site.ts";
import { customerWithTicket, expect } from "./helpers.ts";

test.describe.configure({ timeout: 90_000 });

/**
 * Service levels in the console. The volume tickets seeded for the end-to-end run were
 * raised days ago with no clock: the server's first scan gives them one, and their targets
 * are long past, so the queue sorted by due time starts with missed ones.
 */
test("the queue shows due times and a missed target, and the ticket page the same", async ({
  page,
  baseURL,
}) => {
  const { ticket } = await customerWithTicket(baseURL!);
  await loginAs(page, DEMO.admin);

  // a ticket raised now has a first-reply due time on its page
  await openPage(page, `/admin/tickets/${ticket.id}`);
  const panel = page.locator("[data-testid=sla-due]");
  await expect(panel.getByText(/^First reply due /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Waiting on the customer" })).toBeVisible();

  // sorted by due time, soonest first: the oldest missed targets lead
  await openPage(page, "/admin?sort=due&dir=asc");
  const table = page.getByRole("table", { name: "Support tickets" });
  const missed = table.getByRole("row").filter({ hasText: "Target missed" }).first();
  await expect(missed).toBeVisible();
  await expect(missed.locator("time").first()).toBeVisible();
  await missed.getByRole("link").first().click();
  // the queue stays on screen while the ticket's page loads, and its rows carry the same
  // due-time cells: the ticket's own "Missed at" line says its page is there
  await expect(page).toHaveURL(/\/admin\/tickets\/\d+/);
  await expect(page.getByText(/^Missed at /)).toBeVisible();
  await expect(page.locator("[data-testid=sla-due]").getByText("Target missed")).toBeVisible();
});

test("staff pause the clock while a ticket waits on the customer", async ({ page, baseURL }) => {
  const { ticket } = await customerWithTicket(baseURL!);
  await loginAs(page, DEMO.admin);
  await openPage(page, `/admin/tickets/${ticket.id}`);
  await page.getByRole("button", { name: "Waiting on the customer" }).click();
  const panel = page.locator("[data-testid=sla-due]");
  await expect(panel.getByText("Waiting on customer")).toBeVisible();
  await expect(panel.getByText(/due/)).toHaveCount(0);
  await page.getByRole("button", { name: "Customer answered: resume the clock" }).click();
  await expect(panel.getByText(/^First reply due /)).toBeVisible();
});

test("the metrics page shows numbers and charts and downloads them as CSV", async ({ page }) => {
  await loginAs(page, DEMO.admin);
  await openPage(page, "/admin/metrics");
  await expect(page.getByRole("heading", { name: "Metrics" })).toBeVisible();
  await page.getByRole("button", { name: "Last 90 days" }).click();
  await expect(page.getByRole("heading", { name: "First response" })).toBeVisible();
  await expect(page.getByText(/tickets? raised/)).toBeVisible();
  // the open queue by age: a chart (canvas) and its numbers in a table
  const age = page
    .locator("div")
    .filter({ has: page.getByRole("heading", { name: "Open tickets by age" }) })
    .last();
  await expect(age.locator("canvas")).toBeVisible();
  await expect(age.getByRole("rowheader", { name: "Over 30 days" })).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^metrics-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
  const csv = readFileSync((await file.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toBe("section,item,value");
  expect(csv).toMatch(/\r\ntickets,raised,\d+\r\n/);
  expect(csv).toContain("open by age,Over 30 days,");
});

test("staff change a target and keep the holiday calendar", async ({ page }) => {
  await loginAs(page, DEMO.admin);
  await openPage(page, "/admin/service-levels");
  await expect(page.getByText("Pongal").first()).toBeVisible();
  // the Elite row keeps its "24-hour priority": one business day
  await expect(page.getByLabel("Resolution (hours)").first()).toBeVisible();
  await page.getByLabel("Date").fill("2027-12-31");
  await page.getByLabel("Name").fill("Year-end closure");
  await page.getByRole("button", { name: "Add holiday" }).click();
  const list = page.getByRole("list", { name: "Holidays" });
  await expect(list.getByText("Year-end closure")).toBeVisible();
  await list.getByRole("button", { name: /^Remove Year-end closure/ }).click();
  await expect(list.getByText("Year-end closure")).toHaveCount(0);
});

for (const width of [375, 1280]) {
  for (const theme of ["light", "dark"] as const) {
    test(`service-level screens fit at ${width} px, ${theme}`, async ({ browser, baseURL }, info) => {
      const { ticket } = await customerWithTicket(baseURL!);
      const staff = await browser.newContext({ viewport: { width, height: 900 }, baseURL });
      await staff.addInitScript((t) => localStorage.setItem("theme", t), theme);
      const p = await staff.newPage();
      await loginAs(p, DEMO.admin);
      for (const [name, path, ready] of [
        ["metrics", "/admin/metrics", "First response"],
        ["service-levels", "/admin/service-levels", "Holidays"],
        ["queue", "/admin?sort=due&dir=asc", "Due"],
        ["ticket", `/admin/tickets/${ticket.id}`, "Service level"],
      ] as const) {
        await openPage(p, path);
        await expect(p.getByText(ready, { exact: true }).first()).toBeVisible();
        if (name === "metrics") await expect(p.locator("canvas").first()).toBeVisible();
        expect(await sidewaysOverflow(p)).toBeLessThanOrEqual(0);
        await p.screenshot({
          path: info.outputPath(`${name}-${width}-${theme}.png`),
          fullPage: name !== "queue",
        });
      }
      await staff.close();
    });
  }
}
