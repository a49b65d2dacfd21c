import { type Locator, type Page, test } from "@playwright/test";
import { DEMO } from "../fixtures/auth.ts";
import { showTheme } from "../fixtures/layout-checks.ts";
import { openPage } from "../fixtures/site.ts";
import { contextAs, customerWithTicket, expect, expectToast } from "./helpers.ts";

test.describe.configure({ timeout: 150_000 });

/** a Wednesday at least a week ahead, as the date field takes it */
function nextWednesday(): string {
  const d = new Date(Date.now() + 7 * 86_400_000);
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Pictures of `target` at a phone's and a desk's width, light and dark, each checked for
 * sideways scrolling: the whole screen, or (`only`) the target alone
 */
async function shootEveryLook(
  page: Page,
  target: Locator,
  name: string,
  path: (n: string) => string,
  only = false,
) {
  for (const width of [375, 1280]) {
    for (const theme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await showTheme(page, theme);
      await target.scrollIntoViewIfNeeded();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
      await (only ? target : page).screenshot({ path: path(`${name}-${width}-${theme}`) });
    }
  }
}

test("staff assign a technician, who picks a free slot; the office moves it at a phone's width; the customer confirms; the outcome waits for the visit", async ({
  browser,
  baseURL,
}, info) => {
  const { customer, ticket } = await customerWithTicket(baseURL!);
  const shots = (name: string) => info.outputPath(`${name}.png`);

  // the office assigns the ticket to the technician
  const office = await contextAs(browser, baseURL!, DEMO.admin);
  await openPage(office.page, `/admin/tickets/${ticket.id}`);
  // nobody to visit yet: no slots to offer
  await expect(office.page.getByTestId("visit-needs-assignee")).toBeVisible();
  await office.page
    .getByRole("button", { name: /Assign to…/ })
    .first()
    .click();
  await office.page.getByRole("menuitem", { name: /Murugan Selvam/ }).click();
  await expectToast(office.page, "Ticket assigned");

  // the technician finds it in My tickets and picks one of their free slots, after a closed Sunday
  const tech = await contextAs(browser, baseURL!, "demo-technician");
  await tech.page.setViewportSize({ width: 1280, height: 900 });
  await openPage(tech.page, "/admin/tickets");
  const mine = tech.page.getByTestId("assigned-tickets");
  await expect(mine.getByRole("link", { name: new RegExp(`#${ticket.id}`) })).toBeVisible();
  await mine.getByRole("link", { name: new RegExp(`#${ticket.id}`) }).click();
  await expect(tech.page.getByRole("heading", { name: ticket.subject })).toBeVisible();
  await expect(tech.page.getByText("Manage ticket")).toHaveCount(0);
  const propose = tech.page.getByRole("form", { name: "Propose a visit" });
  const day = propose.getByLabel("Day", { exact: true });
  const sunday = new Date(`${nextWednesday()}T00:00:00Z`);
  sunday.setUTCDate(sunday.getUTCDate() + 4);
  await day.fill(sunday.toISOString().slice(0, 10));
  await expect(propose.getByTestId("free-slots-note")).toHaveText(
    "We do not visit on Sundays. Please choose Monday to Saturday",
  );
  // the next day is a Monday with the whole day free: eight two-hour slots
  await propose.getByRole("button", { name: "Next day" }).click();
  await expect(propose.getByRole("radio")).toHaveCount(8);
  await day.fill(nextWednesday());
  await expect(propose.getByText(/Murugan Selvam's free slots on Wed/)).toBeVisible();
  await shootEveryLook(tech.page, propose, "schedule-form", shots, true);
  await tech.page.setViewportSize({ width: 1280, height: 900 });
  await propose.getByText("10:00 am – 12:00 pm").click();
  await expect(propose.getByRole("radio", { name: "10:00 am – 12:00 pm" })).toBeChecked();
  await propose.getByRole("button", { name: "Send to the customer" }).click();
  await expectToast(tech.page, "Visit proposed");
  const staffCard = tech.page.getByTestId("staff-visits").getByTestId("visit-card");
  // staff read whose answer is awaited; "your confirmation" is the customer's wording
  await expect(staffCard).toContainText("Awaiting customer");
  await expect(staffCard).not.toContainText("Awaiting your confirmation");
  // the visit is next week: no outcome to record yet
  await expect(staffCard.getByRole("button", { name: "Record the outcome" })).toHaveCount(0);
  await expect(staffCard.getByTestId("outcome-waits")).toContainText(
    "The outcome can be recorded once the visit has begun",
  );

  // the office, on a phone, moves it to the afternoon; the visit's own time is still offered
  await office.page.setViewportSize({ width: 375, height: 800 });
  await office.page.reload();
  const officeCard = office.page.getByTestId("staff-visits").getByTestId("visit-card");
  await officeCard.getByRole("button", { name: "Propose a new time" }).click();
  const move = office.page.getByRole("form", { name: "Propose a new time" });
  await move.getByLabel("Day", { exact: true }).fill(nextWednesday());
  await expect(move.getByRole("radio", { name: "10:00 am – 12:00 pm" })).toHaveCount(1);
  const overflow = await office.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the schedule form at 375 px").toBeLessThanOrEqual(0);
  await move.getByText("2:00 pm – 4:00 pm").click();
  await expect(move.getByRole("radio", { name: "2:00 pm – 4:00 pm" })).toBeChecked();
  await move.getByRole("button", { name: "Send to the customer" }).click();
  await expectToast(office.page, "Visit proposed");
  await expect(officeCard).toContainText("2:00 pm – 4:00 pm");
  await office.context.close();

  // the customer confirms it on their ticket page
  const home = await contextAs(browser, baseURL!, customer.username, customer.password);
  await home.page.setViewportSize({ width: 375, height: 800 });
  await openPage(home.page, `/tickets/${ticket.id}`);
  const card = home.page.getByTestId("visit-card");
  await expect(card).toContainText("2:00 pm");
  await expect(card).toContainText("Awaiting your confirmation");
  await card.getByRole("button", { name: "Confirm this time" }).click();
  await expectToast(home.page, "Visit confirmed");
  await expect(card).toContainText("Confirmed by the customer");

  await tech.page.reload();
  await expect(staffCard).toContainText("Confirmed");
  await expect(staffCard.getByRole("button", { name: "Record the outcome" })).toHaveCount(0);

  // the screens, at a phone's and a desk's width, light and dark
  await shootEveryLook(tech.page, tech.page.getByTestId("staff-visits"), "technician-visit", shots);
  await shootEveryLook(home.page, home.page.getByTestId("visits"), "customer-visit", shots);
  await openPage(tech.page, "/admin/tickets");
  await tech.page.screenshot({ path: shots("technician-my-tickets-1280-dark") });
  await tech.page.setViewportSize({ width: 375, height: 800 });
  await tech.page.screenshot({ path: shots("technician-my-tickets-375-dark") });
  await tech.context.close();
  await home.context.close();
});
