import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { OutboxEmail, OutboxItem } from "../../../src/shared/schemas/outbox.ts";
import { apiAs, contextAs, customerWithTicket } from "../admin/helpers.ts";
import { DEMO } from "../fixtures/auth.ts";
import { showTheme, sidewaysOverflow } from "../fixtures/layout-checks.ts";
import { sentMail } from "../fixtures/mailbox.ts";
import { openPage } from "../fixtures/site.ts";

test.describe.configure({ timeout: 120_000 });

/** each screen at 375 and 1280 px, light and dark, when RATING_SHOTS names a folder */
async function shots(page: Page, name: string) {
  const dir = process.env.RATING_SHOTS;
  for (const w of [375, 1280]) {
    await page.setViewportSize({ width: w, height: 900 });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    if (!dir) continue;
    for (const theme of ["light", "dark"] as const) {
      await showTheme(page, theme);
      await page.screenshot({ path: `${dir}/${name}-${w}-${theme}.png`, fullPage: true });
    }
    await showTheme(page, "light");
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * The newest "resolved" e-mail to `email`, found in the Outbox, with its text and HTML as the
 * mail server received them (the Outbox's copy has its links removed).
 */
async function resolvedEmail(staff: APIRequestContext, email: string, after = 0): Promise<OutboxEmail> {
  let found: OutboxItem | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (await staff.get("/api/admin/outbox?limit=200")).json()) as OutboxItem[];
        found = list.find(
          (e) =>
            e.to === email &&
            e.template === "ticket_status" &&
            e.status === "done" &&
            e.id > after &&
            /has been resolved/.test(e.subject ?? ""),
        );
        return Boolean(found);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const kept = (await (await staff.get(`/api/admin/outbox/${found!.id}`)).json()) as OutboxEmail;
  const { text, html } = await sentMail(kept.messageId!);
  return { ...kept, text, html };
}

const scoreLink = (mail: OutboxEmail, score: number) => {
  const links = [...(mail.html ?? "").matchAll(/href="(https?:\/\/[^"]*\/rate\?[^"]*)"/g)].map((m) =>
    m[1].replaceAll("&amp;", "&"),
  );
  expect(links).toHaveLength(5);
  const url = new URL(links[score - 1]);
  expect(url.searchParams.get("score")).toBe(String(score));
  // the link names the site's public origin; the test server answers on its own address
  return `${url.pathname}${url.search}`;
};

test("the customer rates from the e-mail's link and then from the portal; staff see each rating", async ({
  page,
  browser,
  baseURL,
}) => {
  const { customer, ticket } = await customerWithTicket(baseURL!);
  const staff = await apiAs(baseURL!, DEMO.admin);
  const resolve = async (status: string) =>
    expect((await staff.patch(`/api/admin/tickets/${ticket.id}`, { data: { status } })).status()).toBe(200);

  // 1. resolved: the e-mail's "4" link opens the page with 4 chosen; nothing is recorded yet
  await resolve("resolved");
  const mail = await resolvedEmail(staff, customer.email);
  expect(mail.text).toContain("How did we do?");
  await openPage(page, scoreLink(mail, 4));
  const form = page.getByRole("form", { name: "Rate the resolution" });
  await expect(form.getByRole("radio", { name: /^4/ })).toBeChecked();
  expect(
    ((await (await staff.get(`/api/admin/tickets/${ticket.id}`)).json()) as { rating: unknown }).rating,
  ).toBeNull();
  await form
    .getByLabel("Anything you'd like to tell us?")
    .fill("The technician came on time and fixed it neatly.");
  await shots(page, "rate-page-form");
  await form.getByRole("button", { name: "Submit rating" }).click();
  await expect(page.getByRole("status")).toContainText("Thank you! You rated us 4 out of 5 (Very good).");
  await shots(page, "rate-page-done");

  // the same link again: already rated, no form
  await openPage(page, scoreLink(mail, 1));
  await expect(page.getByRole("status")).toContainText("This resolution has already been rated.");
  await expect(page.getByRole("form", { name: "Rate the resolution" })).toHaveCount(0);

  // 2. staff see it on the ticket
  const admin = await contextAs(browser, baseURL!, DEMO.admin);
  await openPage(admin.page, `/admin/tickets/${ticket.id}`);
  const summary = admin.page.getByTestId("rating-summary");
  await expect(summary).toContainText("4/5 · Very good");
  await expect(summary).toContainText("The technician came on time and fixed it neatly.");
  await shots(admin.page, "staff-ticket-rating");

  // 3. reopened and resolved again: a new rating, this time from the signed-in ticket page
  await resolve("in_progress");
  await resolve("resolved");
  const own = await contextAs(browser, baseURL!, customer.username, customer.password);
  await openPage(own.page, `/tickets/${ticket.id}`);
  const card = own.page.getByTestId("ticket-rating");
  await expect(card.getByRole("heading", { name: "Rate the resolution" })).toBeVisible();
  await shots(own.page, "portal-ticket-rate");
  await card.locator("label").filter({ hasText: "Excellent" }).click();
  await card.getByRole("button", { name: "Submit rating" }).click();
  await expect(card.getByRole("heading", { name: "Your rating" })).toBeVisible();
  await expect(card.getByTestId("rating-summary")).toContainText("5/5 · Excellent");
  await shots(own.page, "portal-ticket-rated");

  await openPage(admin.page, `/admin/tickets/${ticket.id}`);
  await expect(admin.page.getByTestId("rating-summary")).toContainText("5/5 · Excellent");
  await admin.context.close();
  await own.context.close();
  await staff.dispose();
});
