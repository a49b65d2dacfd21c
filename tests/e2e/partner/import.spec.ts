import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { todayInIndia } from "../../../src/shared/dates.ts";
import { type PartnerPolicy, UNUSABLE_HOMEOWNER_EMAIL } from "../../../src/shared/schemas/partner.ts";
import { seriousA11yIssues } from "../fixtures/a11y.ts";
import { loginAs } from "../fixtures/auth.ts";
import { widthsAndThemes } from "../fixtures/layout-checks.ts";
import { openPage } from "../fixtures/site.ts";

/**
 * A partner's user registers three homes from a spreadsheet: downloads the template,
 * uploads a file with two mistakes and reads the report, uploads the corrected file,
 * registers its homes, and finds them among the partner's policies.
 */

/** a fixture CSV beside this file, with today as the install date (an old one would fall out of cover) */
const fixture = (name: string) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(
    readFileSync(path.join(import.meta.dirname, name), "utf8").replaceAll("INSTALL_DATE", todayInIndia()),
  ),
});

/** screenshots at 375 and 1280 px, light and dark, when IMPORT_SHOTS names a folder */
const shots = (page: Page, name: string, at?: Locator) =>
  widthsAndThemes(page, name, process.env.IMPORT_SHOTS, at);

test("a partner uploads a CSV, reads the report of its errors, fixes it and registers every home", async ({
  page,
}) => {
  await loginAs(page, "demo-partner-member");
  await openPage(page, "/partner/import");
  await expect(page.getByRole("heading", { name: "Register homes from a spreadsheet" })).toBeVisible();
  await shots(page, "import-start");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the template (CSV)" }).click();
  const template = readFileSync(await (await download).path(), "utf8");
  expect(template.split("\r\n")[0]).toBe(
    "\uFEFFHomeowner name,E-mail,Phone,Property address,City,State,PIN code,Plan,Install date,Installer,Covered items",
  );

  const input = page.locator('input[type="file"]');
  await input.setInputFiles(fixture("handovers-with-errors.csv"));
  await expect(page.getByText("Nothing can be registered yet")).toBeVisible();
  await expect(page.getByText("2 of the file's 3 rows have errors.", { exact: false })).toBeVisible();
  const errors = page.getByRole("table").first();
  for (const [i, row, column, message] of [
    [1, "3", "PIN code", "Please enter a valid 6-digit PIN code"],
    [2, "4", "E-mail", UNUSABLE_HOMEOWNER_EMAIL],
  ] as const) {
    const line = errors.getByRole("row").nth(i);
    await expect(line.getByRole("cell").first()).toHaveText(row);
    await expect(line).toContainText(column);
    await expect(line).toContainText(message);
  }
  await expect(page.getByRole("button", { name: /^Register/ })).toHaveCount(0);
  expect(await seriousA11yIssues(page)).toEqual([]);
  await shots(page, "import-errors", page.getByRole("heading", { name: "Check and register" }));

  // the corrected file through the button, as a person chooses it
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Choose another file" }).click();
  await (await chooser).setFiles(fixture("handovers.csv"));
  await expect(page.getByText("Ready: 3 homes to register")).toBeVisible();
  await expect(page.getByText("Anjali Menon")).toBeVisible();
  expect(await seriousA11yIssues(page)).toEqual([]);
  await shots(page, "import-ready", page.getByRole("heading", { name: "Check and register" }));
  await page.getByRole("button", { name: "Register 3 homes" }).click();
  await expect(page.getByRole("heading", { name: "3 homes registered" })).toBeVisible();
  await expect(page.getByRole("link", { name: "See your homes" })).toHaveAttribute("href", "/partner");
  await shots(page, "import-done");

  const policies = await page.request.get("/api/partner/policies?q=example.in&limit=50");
  expect(policies.status()).toBe(200);
  const emails = ((await policies.json()) as PartnerPolicy[]).map((p) => p.homeowner.email);
  expect(emails).toEqual(
    expect.arrayContaining(["anjali.menon@example.in", "farhan.q@example.in", "kavitha.s@example.in"]),
  );
});
