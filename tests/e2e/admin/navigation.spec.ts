import { mkdirSync } from "node:fs";
import { type Page, test } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, loginAs } from "../fixtures/auth.ts";
import { showTheme, sidewaysOverflow } from "../fixtures/layout-checks.ts";
import { openPage } from "../fixtures/site.ts";
import { contextAs, expect, groupButton } from "./helpers.ts";

test.describe.configure({ timeout: 120_000 });

/** every section of the console: its group in the bar (none: a link of its own), its address and its heading */
const SECTIONS: { group?: string; name: string | RegExp; path: string; heading: string }[] = [
  { name: "Tickets", path: "/admin", heading: "Admin Dashboard" },
  { group: "Customers & policies", name: "Customers", path: "/admin/customers", heading: "Customers" },
  { group: "Customers & policies", name: "Transfers", path: "/admin/transfers", heading: "Transfers" },
  { group: "Customers & policies", name: "Renewals", path: "/admin/renewals", heading: "Renewals" },
  { group: "Customers & policies", name: "Privacy", path: "/admin/privacy", heading: "Privacy Requests" },
  { name: "Partners", path: "/admin/partners", heading: "Partners" },
  { group: "Mail", name: /^Enquiries/, path: "/admin/enquiries", heading: "Enquiry Inbox" },
  { group: "Mail", name: "Outbox", path: "/admin/outbox", heading: "Outbox" },
  { group: "Mail", name: "News", path: "/admin/news", heading: "News" },
  { group: "Reports", name: "Orders", path: "/admin/orders", heading: "Orders" },
  { group: "Reports", name: "Metrics", path: "/admin/metrics", heading: "Metrics" },
  { group: "Reports", name: "Security Log", path: "/admin/security", heading: "Security Log" },
  { group: "Settings", name: "Service levels", path: "/admin/service-levels", heading: "Service levels" },
  { group: "Settings", name: "Technicians", path: "/admin/technicians", heading: "Technicians" },
];

const GROUPS = ["Tickets", "Customers & policies", "Partners", "Mail", "Reports", "Settings"];

/** the tops of the bar's items, rounded: one value when they sit in one row */
const rowsOfBar = (page: Page) =>
  page
    .getByRole("navigation", { name: "Admin" })
    .evaluate((nav) => [
      ...new Set(
        [...nav.querySelectorAll(":scope > ul > li")].map((li) => Math.round(li.getBoundingClientRect().top)),
      ),
    ]);

for (const width of [1280, 375]) {
  test(`at ${width} px the console's fourteen sections sit in one row of six, and each opens from it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await loginAs(page, DEMO.admin);
    await openPage(page, "/admin");
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.locator(":scope > ul > li")).toHaveCount(GROUPS.length);
    expect(await rowsOfBar(page)).toHaveLength(1);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    if (width === 1280) {
      for (const g of GROUPS) await expect(nav.getByText(g, { exact: true })).toBeVisible();
    }

    for (const s of SECTIONS) {
      if (s.group) {
        const button = groupButton(page, s.group);
        await button.click();
        await expect(nav.getByRole("link", { name: s.name })).toBeVisible();
        // the open menu stays on the screen, however far right its group sits
        const box = await nav.getByRole("link", { name: s.name }).boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      }
      await nav.getByRole("link", { name: s.name }).click();
      await expect(page).toHaveURL(new RegExp(`${s.path}$`));
      await expect(page.getByRole("heading", { level: 1, name: s.heading })).toBeVisible();
      // the section's group says where the page is, and its menu has closed
      await expect(nav.locator("details[open]")).toHaveCount(0);
      expect(await rowsOfBar(page)).toHaveLength(1);
    }
  });
}

test("the menus work from the keyboard: Enter opens, Escape closes and gives the focus back, one open at a time", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, DEMO.admin);
  await openPage(page, "/admin");
  const nav = page.getByRole("navigation", { name: "Admin" });
  const reports = groupButton(page, "Reports");
  await reports.focus();
  await page.keyboard.press("Enter");
  await expect(nav.getByRole("link", { name: "Orders" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Orders" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(nav.getByRole("link", { name: "Orders" })).toBeHidden();
  await expect(reports).toBeFocused();
  // opening another closes the first; a click elsewhere closes it too
  await reports.click();
  await groupButton(page, "Settings").click();
  await expect(nav.getByRole("link", { name: "Orders" })).toBeHidden();
  await expect(nav.getByRole("link", { name: "Technicians" })).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(nav.getByRole("link", { name: "Technicians" })).toBeHidden();
  // the page's group is marked as the current one
  await openPage(page, "/admin/outbox");
  await expect(groupButton(page, "Mail")).toHaveAttribute("aria-current", "true");
});

test("before the page's scripts run, a menu opens and its links work", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const res = await context.request.post("/api/login", {
    data: { username: DEMO.admin, password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
  const page = await context.newPage();
  await page.goto("/admin/metrics");
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link", { name: "Outbox" })).toBeHidden();
  await nav.locator("summary", { hasText: "Mail" }).click();
  await expect(nav.getByRole("link", { name: "Outbox" })).toBeVisible();
  await nav.getByRole("link", { name: "Outbox" }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  await context.close();
});

test("a technician's tickets are named once, in the site's bar, with no console bar under it", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await contextAs(browser, baseURL!, "demo-technician");
  await page.setViewportSize({ width: 375, height: 800 });
  await openPage(page, "/admin/tickets");
  await expect(page.getByRole("heading", { level: 1, name: "My tickets" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "My tickets" })).toHaveCount(1);
  await context.close();
});

test("screenshots of the bar with a menu open, at 375 and 1280 px, light and dark", async ({ page }) => {
  const dir = process.env.NAV_SHOTS;
  test.skip(!dir, "NAV_SHOTS names a folder for the pictures");
  mkdirSync(dir!, { recursive: true });
  await loginAs(page, DEMO.admin);
  // and a tablet's widths between, where the bar changes its look
  for (const width of [375, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await openPage(page, "/admin");
    for (const theme of ["light", "dark"] as const) {
      await showTheme(page, theme);
      await page.screenshot({ path: `${dir}/nav-${width}-${theme}.png` });
      await groupButton(page, "Customers & policies").click();
      await page.screenshot({ path: `${dir}/nav-menu-${width}-${theme}.png` });
      await page.keyboard.press("Escape");
    }
  }
});
