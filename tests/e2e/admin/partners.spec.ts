import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { test } from "@playwright/test";
import sharp from "sharp";
import { previousMonth } from "../../../src/shared/dates.ts";
import { formatMonth } from "../../../src/shared/format.ts";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { sidewaysOverflow } from "../fixtures/layout-checks.ts";
import { openPage } from "../fixtures/site.ts";
import { apiAs, expect, tag } from "./helpers.ts";

/**
 * Staff's partner screens: create a partner with its logo, invite its owner, issue last
 * month's statement and download its PDF; and the screens at a phone's and a desk's width,
 * light and dark.
 */

const SENTENCE = (name: string) =>
  `Warranty provided by ${name}, serviced by Home Interior Project Warranty Solutions`;

const logoPng = () =>
  sharp({ create: { width: 360, height: 120, channels: 4, background: "#b4532a" } })
    .png()
    .toBuffer();

test("staff create a partner with a logo, invite its owner, and issue and download a statement", async ({
  page,
}, info) => {
  test.slow();
  const name = `Kolam Studio ${tag()}`;
  await loginAs(page, DEMO.admin);
  await openPage(page, "/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Partners" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Partners");

  await page.getByRole("button", { name: "New partner" }).click();
  const dialog = page.getByRole("dialog", { name: "Create a partner" });
  await dialog.getByLabel("Partner name").fill(name);
  await dialog.getByLabel(/^GSTIN/).fill("33ABCDE1234F1Z7");
  await dialog.getByLabel("Registered address").fill("12 Cathedral Road, Chennai 600086");
  await dialog.getByLabel("B2B plan").selectOption({ label: "Standard: ₹4,999/month, 10 a month" });
  await dialog.getByLabel("Contract start").fill("2026-01-01");
  await dialog.getByLabel("Accept it and bill it").check();
  await dialog
    .getByLabel(/^Logo/)
    .setInputFiles({ name: "kolam.png", mimeType: "image/png", buffer: await logoPng() });
  await dialog.getByRole("button", { name: "Create partner" }).click();

  // the partner's own page, with its logo and the line its homeowners read
  await expect(page).toHaveURL(/\/admin\/partners\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const logo = page.getByRole("img", { name: `${name} logo` });
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(360);
  await expect(page.getByTestId("white-label-line")).toHaveText(SENTENCE(name));

  // invite the owner: an account is made and an invitation e-mailed
  const email = `owner-${tag()}@kolam.example.in`;
  await page.getByRole("button", { name: "Invite" }).click();
  const invite = page.getByRole("dialog", { name: `Invite a user of ${name}` });
  await invite.getByLabel("First name").fill("Deepa");
  await invite.getByLabel("Last name").fill("Krishnan");
  await invite.getByLabel("E-mail").fill(email);
  await invite.getByLabel("Role").selectOption("owner");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  const users = page.getByRole("table", { name: "Users" });
  await expect(users).toContainText(email);
  await expect(users).toContainText("Owner");

  // last month's statement: the monthly fee, as no homes were registered
  await page.getByRole("button", { name: "Issue statement" }).click();
  const issue = page.getByRole("dialog", { name: "Issue a monthly statement" });
  await expect(issue.getByLabel("Month")).toHaveValue(previousMonth());
  await issue.getByRole("button", { name: "Issue statement" }).click();
  const statements = page.getByRole("table", { name: "Statements" });
  const row = statements.getByRole("row").nth(1);
  await expect(row.getByRole("cell").nth(0)).toHaveText(formatMonth(previousMonth()));
  await expect(row.getByRole("cell").nth(1)).toHaveText("0");
  // the ₹4,999 fee is before GST: 18 % is added (₹449.91 each of CGST and SGST)
  await expect(row.getByRole("cell").nth(2)).toHaveText("₹5,898.82");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    row.getByRole("link", { name: /PDF/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^statement-${previousMonth()}-HIP-\\d\\d-\\d\\d-\\d{6}\\.pdf$`),
  );
  const file = await readFile(await download.path());
  expect(file.subarray(0, 5).toString()).toBe("%PDF-");

  // a month cannot be issued twice: said in the dialog, nothing added
  await page.getByRole("button", { name: "Issue statement" }).click();
  await issue.getByRole("button", { name: "Issue statement" }).click();
  await expect(
    issue.getByText(`The statement for ${formatMonth(previousMonth())} has already been issued`),
  ).toBeVisible();
  await issue.getByRole("button", { name: "Cancel" }).click();
  await expect(statements.getByRole("row")).toHaveCount(2);
  await page.screenshot({ path: info.outputPath("partner-flow.png"), fullPage: true });
});

for (const width of [375, 1280]) {
  for (const theme of ["light", "dark"] as const) {
    test(`partner screens fit at ${width} px, ${theme}`, async ({ browser, baseURL }, info) => {
      // three pages, two axe scans and three screenshots: more than the default time on a busy machine
      test.slow();
      const staff = await browser.newContext({ viewport: { width, height: 900 }, baseURL });
      await staff.addInitScript((t) => localStorage.setItem("theme", t), theme);
      const p = await staff.newPage();
      await loginAs(p, DEMO.admin);
      await openPage(p, "/admin/partners?q=Nest");
      await expect(p.getByRole("table", { name: "Partners" })).toContainText("Nest & Grain Interiors");
      expect(await sidewaysOverflow(p)).toBeLessThanOrEqual(0);
      await p.screenshot({ path: info.outputPath(`partners-${width}-${theme}.png`), fullPage: true });

      await p.getByRole("link", { name: "Nest & Grain Interiors" }).click();
      await expect(p.getByRole("heading", { level: 1 })).toHaveText("Nest & Grain Interiors");
      await expect(p.getByRole("table", { name: "Users" })).toBeVisible();
      expect(await sidewaysOverflow(p)).toBeLessThanOrEqual(0);
      const axe = await new AxeBuilder({ page: p }).include("main").analyze();
      expect(axe.violations, `partner page ${width} ${theme}`).toEqual([]);
      await p.screenshot({ path: info.outputPath(`partner-${width}-${theme}.png`), fullPage: true });

      await openPage(p, "/admin/partners");
      await p.getByRole("button", { name: "New partner" }).click();
      const dialog = p.getByRole("dialog", { name: "Create a partner" });
      await dialog.getByLabel("B2B plan").selectOption({ label: "Enterprise: agreed price, unlimited" });
      await dialog.getByRole("button", { name: "Create partner" }).click();
      await expect(dialog.getByText("Please enter the partner's name")).toBeVisible();
      const dialogAxe = await new AxeBuilder({ page: p }).include("[role=dialog]").analyze();
      expect(dialogAxe.violations, `new-partner dialog ${width} ${theme}`).toEqual([]);
      await p.screenshot({ path: info.outputPath(`new-partner-${width}-${theme}.png`) });
      await staff.close();
    });
  }
}

test("the verification page of a partner's policy carries the partner's logo and line, on a phone and a desk", async ({
  browser,
  baseURL,
}, info) => {
  test.slow();
  // the demo partner gets a logo, as staff would give it
  const staffApi = await apiAs(baseURL!, DEMO.admin);
  const found = await staffApi.get("/api/admin/partners?q=Nest");
  const demoPartner = (await found.json())[0] as { id: number; name: string };
  const put = await staffApi.put(`/api/admin/partners/${demoPartner.id}/logo`, {
    multipart: { file: { name: "nest.png", mimeType: "image/png", buffer: await logoPng() } },
  });
  expect(put.status()).toBe(200);
  // its homeowner's policy, checked by number and PIN code as a buyer or a bank would
  const homeowner = await apiAs(baseURL!, "demo-homeowner");
  const [{ purchase }] = (await (await homeowner.get("/api/purchases")).json()) as {
    purchase: { id: number };
  }[];
  const { verifyCode } = (await (await homeowner.get(`/api/purchases/${purchase.id}`)).json()) as {
    verifyCode: string;
  };
  const url = `/verify/${verifyCode}`;
  for (const width of [375, 1280]) {
    for (const theme of ["light", "dark"] as const) {
      const visitor = await browser.newContext({ viewport: { width, height: 900 }, baseURL });
      await visitor.addInitScript((t) => localStorage.setItem("theme", t), theme);
      const p = await visitor.newPage();
      await openPage(p, url);
      const brand = p.getByTestId("partner-brand");
      await expect(brand).toContainText(SENTENCE(demoPartner.name));
      await expect
        .poll(() =>
          brand
            .getByRole("img", { name: `${demoPartner.name} logo` })
            .evaluate((i: HTMLImageElement) => i.naturalWidth),
        )
        .toBeGreaterThan(0);
      expect(await sidewaysOverflow(p)).toBeLessThanOrEqual(0);
      await p.screenshot({ path: info.outputPath(`verify-${width}-${theme}.png`), fullPage: true });
      await visitor.close();
    }
  }
});
