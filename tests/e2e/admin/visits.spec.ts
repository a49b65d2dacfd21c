import { test } from "@playwright/test";
import { TINY_PNG } from "../../support/multipart.ts";
import { DEMO } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";
import { contextAs, customerWithTicket, expect, expectToast } from "./helpers.ts";

test.describe.configure({ timeout: 150_000 });

/** a Wednesday at least a week ahead, as the date field takes it */
function nextWednesday(): string {
  const d = new Date(Date.now() + 7 * 86_400_000);
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

test("staff assign a technician, who proposes a visit; the customer confirms it; the outcome and its photo reach the customer", async ({
  browser,
  baseURL,
}, info) => {
  const { customer, ticket } = await customerWithTicket(baseURL!);
  const shots = (name: string) => info.outputPath(`${name}.png`);

  // the office assigns the ticket to the technician
  const office = await contextAs(browser, baseURL!, DEMO.admin);
  await openPage(office.page, `/admin/tickets/${ticket.id}`);
  await office.page
    .getByRole("button", { name: /Assign to…/ })
    .first()
    .click();
  await office.page.getByRole("menuitem", { name: /Murugan Selvam/ }).click();
  await expectToast(office.page, "Ticket assigned");
  await office.context.close();

  // the technician finds it in My tickets and proposes a slot, after a refused Sunday
  const tech = await contextAs(browser, baseURL!, "demo-technician");
  await tech.page.setViewportSize({ width: 1280, height: 900 });
  await openPage(tech.page, "/admin/tickets");
  const mine = tech.page.getByTestId("assigned-tickets");
  await expect(mine.getByRole("link", { name: new RegExp(`#${ticket.id}`) })).toBeVisible();
  await mine.getByRole("link", { name: new RegExp(`#${ticket.id}`) }).click();
  await expect(tech.page.getByRole("heading", { name: ticket.subject })).toBeVisible();
  await expect(tech.page.getByText("Manage ticket")).toHaveCount(0);
  const propose = tech.page.getByRole("form", { name: "Propose a visit" });
  const sunday = new Date(`${nextWednesday()}T00:00:00Z`);
  sunday.setUTCDate(sunday.getUTCDate() + 4);
  await propose.getByLabel("Date").fill(sunday.toISOString().slice(0, 10));
  await propose.getByRole("button", { name: "Send to the customer" }).click();
  await expect(
    propose.getByText("We do not visit on Sundays. Please choose Monday to Saturday"),
  ).toBeVisible();
  await propose.getByLabel("Date").fill(nextWednesday());
  await propose.getByLabel("From (IST)").fill("10:00");
  await propose.getByLabel("To (IST)").fill("12:00");
  await propose.getByRole("button", { name: "Send to the customer" }).click();
  await expectToast(tech.page, "Visit proposed");
  const staffCard = tech.page.getByTestId("staff-visits").getByTestId("visit-card");
  // staff read whose answer is awaited; "your confirmation" is the customer's wording
  await expect(staffCard).toContainText("Awaiting customer");
  await expect(staffCard).not.toContainText("Awaiting your confirmation");

  // the customer confirms it on their ticket page
  const home = await contextAs(browser, baseURL!, customer.username, customer.password);
  await home.page.setViewportSize({ width: 375, height: 800 });
  await openPage(home.page, `/tickets/${ticket.id}`);
  const card = home.page.getByTestId("visit-card");
  await expect(card).toContainText("10:00 am");
  await expect(card).toContainText("Awaiting your confirmation");
  await card.getByRole("button", { name: "Confirm this time" }).click();
  await expectToast(home.page, "Visit confirmed");
  await expect(card).toContainText("Confirmed by the customer");

  // the technician records the outcome with a photo
  await tech.page.reload();
  await expect(staffCard).toContainText("Confirmed");
  await staffCard.getByRole("button", { name: "Record the outcome" }).click();
  const outcome = tech.page.getByRole("form", { name: "Record the outcome" });
  await outcome.getByLabel("Outcome").selectOption("fixed");
  await outcome.getByLabel(/What was done/).fill("Replaced the top hinge and aligned the shutter.");
  await outcome.getByTestId("attachment-input").setInputFiles({
    name: "after-repair.png",
    mimeType: "image/png",
    buffer: TINY_PNG,
  });
  await outcome.getByRole("button", { name: "Save outcome" }).click();
  await expectToast(tech.page, "Outcome recorded");
  await expect(staffCard.getByTestId("visit-step-outcome")).toContainText("Outcome recorded: Fixed");
  await expect(staffCard.getByTestId("visit-step-outcome").getByRole("img")).toHaveCount(1);

  // the customer's timeline shows the outcome and the photo
  await home.page.reload();
  const done = home.page.getByTestId("visit-card");
  await expect(done.getByTestId("visit-step-outcome")).toContainText("Outcome recorded: Fixed");
  await expect(done.getByTestId("visit-step-outcome").getByRole("img")).toHaveCount(1);

  // the screens, at a phone's and a desk's width, light and dark
  for (const [who, page] of [
    ["technician", tech.page],
    ["customer", home.page],
  ] as const) {
    for (const width of [375, 1280]) {
      for (const theme of ["light", "dark"]) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate((t) => {
          localStorage.setItem("theme", t);
          document.documentElement.classList.toggle("dark", t === "dark");
        }, theme);
        const target = who === "technician" ? page.getByTestId("staff-visits") : page.getByTestId("visits");
        await target.scrollIntoViewIfNeeded();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${who} at ${width} px`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: shots(`${who}-visit-${width}-${theme}`) });
      }
    }
  }
  await openPage(tech.page, "/admin/tickets");
  await tech.page.screenshot({ path: shots("technician-my-tickets-1280-dark") });
  await tech.page.setViewportSize({ width: 375, height: 800 });
  await tech.page.screenshot({ path: shots("technician-my-tickets-375-dark") });
  await tech.context.close();
  await home.context.close();
});
