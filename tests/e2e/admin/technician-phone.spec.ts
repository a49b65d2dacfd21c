import { test } from "@playwright/test";
import { addDays } from "../../../src/shared/dates.ts";
import { DEMO } from "../fixtures/auth.ts";
import { sidewaysOverflow, widthsAndThemes } from "../fixtures/layout-checks.ts";
import { openPage } from "../fixtures/site.ts";
import { apiAs, contextAs, customerWithTicket, expect, nextWednesday, tag } from "./helpers.ts";

test.describe.configure({ timeout: 120_000 });

test("a technician works from a phone: tickets as cards that fit 375 px, and a ticket page with the visit, directions and a call button", async ({
  browser,
  baseURL,
}) => {
  // a subject as long as customers write them, with a long word in it
  const subject = `Wardrobe sliding shutter jammed halfway, bottom-roller-track-misaligned-completely ${tag()}`;
  const { customer, ticket } = await customerWithTicket(baseURL!, subject);
  const office = await apiAs(baseURL!, DEMO.admin);
  const techs = await (await office.get("/api/admin/technicians?limit=50")).json();
  const murugan = techs.find((u: { username: string }) => u.username === "demo-technician");
  expect(
    (
      await office.patch(`/api/admin/tickets/${ticket.id}/assign`, { data: { assigneeId: murugan.id } })
    ).status(),
  ).toBe(200);
  const visit = await office.post(`/api/admin/tickets/${ticket.id}/visits`, {
    // a week after the Wednesday the visits test books for the same technician: one person's
    // visits never overlap, so the two tests keep to their own days
    data: { date: addDays(nextWednesday(), 7), start: "10:00", end: "12:00" },
  });
  expect(visit.status(), await visit.text()).toBe(201);
  await office.dispose();

  const { context, page } = await contextAs(browser, baseURL!, "demo-technician");
  await page.setViewportSize({ width: 375, height: 740 });
  await openPage(page, "/admin/tickets");
  const list = page.getByTestId("assigned-tickets");
  const card = list.getByRole("link", { name: new RegExp(`#${ticket.id}`) });
  await expect(card).toBeVisible();
  await expect(card).toContainText(subject);
  // nothing scrolls sideways: the page is no wider than the phone, and the card fits inside it
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const box = await card.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await widthsAndThemes(page, "technician-list", process.env.TECH_SHOTS);

  // the ticket page: the job first, with the visit's time, the home's address, directions and a call
  await page.setViewportSize({ width: 375, height: 740 });
  await card.click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  const job = page.getByTestId("job-card");
  await expect(job).toBeInViewport();
  await expect(job.getByTestId("job-visit")).toContainText("10:00 am");
  await expect(job.getByTestId("job-visit")).toContainText("Awaiting customer");
  await expect(job.getByTestId("job-address")).toContainText("12 Temple Street, Mylapore");
  const directions = job.getByRole("link", { name: "Directions" });
  const href = await directions.getAttribute("href");
  expect(href).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
  expect(decodeURIComponent(new URL(href!).searchParams.get("query")!)).toContain(
    "12 Temple Street, Mylapore",
  );
  await expect(job.getByRole("link", { name: `Call ${customer.firstName} on 9840098400` })).toHaveAttribute(
    "href",
    "tel:9840098400",
  );
  // the visits (with the outcome form) and the customer's words are on the same page, and nothing office-only
  await expect(page.getByTestId("staff-visits")).toBeVisible();
  await expect(page.getByText("Manage ticket")).toHaveCount(0);
  await expect(page.getByText(ticket.description)).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await widthsAndThemes(page, "technician-ticket", process.env.TECH_SHOTS);
  await context.close();
});
