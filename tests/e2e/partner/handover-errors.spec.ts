import { expect, type Page, test } from "@playwright/test";
import { UNUSABLE_HOMEOWNER_EMAIL } from "../../../src/shared/schemas/partner.ts";
import { loginAs } from "../fixtures/auth.ts";
import { widthsAndThemes } from "../fixtures/layout-checks.ts";
import { openPage } from "../fixtures/site.ts";

/**
 * A handover wrong in many ways is told all of them at once, each beside its field and
 * saying what is wrong: the partner corrects the form in one go, not one error a round.
 */

/** screenshots at 375 and 1280 px, light and dark, when HANDOVER_SHOTS names a folder */
const shots = (page: Page, name: string) => widthsAndThemes(page, name, process.env.HANDOVER_SHOTS);

/** the message shown under the labelled control, through its aria-describedby */
async function errorOf(page: Page, label: string, exact = true) {
  const control = page.getByLabel(label, { exact });
  await expect(control).toHaveAttribute("aria-invalid", "true");
  const ids = ((await control.getAttribute("aria-describedby")) ?? "").split(" ");
  const errorId = ids.find((id) => id.endsWith("-error"));
  expect(errorId, `${label} has an error`).toBeTruthy();
  return page.locator(`[id="${errorId}"]`);
}

test("a handover with every field wrong shows every field's error, the future install date among them", async ({
  page,
}) => {
  const member = await loginAs(page, "demo-partner-member");
  await openPage(page, "/partner/handovers/new");
  await page.getByLabel("Full name").fill("A");
  await page.getByLabel("E-mail").fill("not-an-address");
  await page.getByLabel("Phone").fill("12");
  await page.getByLabel("Property address").fill("x");
  await page.getByLabel("City").fill("");
  await page.getByLabel("PIN code").fill("12345");
  await page.getByLabel("Install date").fill("2099-01-01");
  await page.getByRole("button", { name: "Register the home" }).click();

  for (const [label, message] of [
    ["Full name", "Please enter the homeowner's full name"],
    ["E-mail", UNUSABLE_HOMEOWNER_EMAIL],
    ["Phone", "Please enter a valid phone number"],
    ["Property address", "Property address must be at least 5 characters"],
    ["City", "Please enter the city"],
    ["PIN code", "Please enter a valid 6-digit PIN code"],
    ["Plan", "Please choose a plan"],
    ["Install date", "The install date cannot be in the future"],
  ] as const) {
    await expect(await errorOf(page, label), label).toHaveText(message);
  }
  await shots(page, "handover-all-errors");

  // what only the server can tell (an address that is not a homeowner's) comes with the rest too
  await page.getByLabel("Full name").fill("Meera Krishnan");
  await page.getByLabel("E-mail").fill(member.email);
  await page.getByLabel("Phone").fill("+91 98400 55555");
  await page.getByLabel("Property address").fill("5 Luz Church Road, Mylapore");
  await page.getByLabel("City").fill("Chennai");
  await page.getByLabel("PIN code").fill("600004");
  await page.getByLabel("Plan").selectOption({ index: 1 });
  await page.getByLabel("Install date").fill("2001-01-01");
  await page.getByRole("button", { name: "Register the home" }).click();
  await expect(await errorOf(page, "E-mail")).toHaveText(UNUSABLE_HOMEOWNER_EMAIL);
  await expect(await errorOf(page, "Install date")).toHaveText(
    "The cover of a project installed that long ago has already ended",
  );
  await expect(page).toHaveURL(/\/partner\/handovers\/new$/);
});

test("the import preview lists both errors of a row with two", async ({ page }) => {
  await loginAs(page, "demo-partner-member");
  await openPage(page, "/partner/import");
  const header =
    "Homeowner name,E-mail,Phone,Property address,City,State,PIN code,Plan,Install date,Installer,Covered items";
  const row = `Ravi Shankar,ravi-at-example.in,+91 98400 44444,"9 TTK Road, Alwarpet",Chennai,Tamil Nadu,600018,Premium,2099-01-01,Team Ravi,`;
  await page.locator('input[type="file"]').setInputFiles({
    name: "two-errors.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${header}\r\n${row}\r\n`),
  });
  await expect(page.getByText("1 of the file's 1 rows have errors.", { exact: false })).toBeVisible();
  const errors = page.getByRole("table").first();
  for (const [i, column, message] of [
    [1, "E-mail", UNUSABLE_HOMEOWNER_EMAIL],
    [2, "Install date", "The install date cannot be in the future"],
  ] as const) {
    const line = errors.getByRole("row").nth(i);
    await expect(line.getByRole("cell").first()).toHaveText("2");
    await expect(line).toContainText(column);
    await expect(line).toContainText(message);
  }
});
