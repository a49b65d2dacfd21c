import { expect, type Page, test } from "@playwright/test";
import { formatDateTime } from "../../../src/shared/format.ts";
import { issuePolicy } from "../admin/helpers.ts";
import { currentToast, DEMO, loginAs, registerFreshCustomer, reloadPage } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";

// the machine running CI is small and shared: give the slower flows room, not flakiness
test.describe.configure({ timeout: 90_000 });

interface TicketItem {
  id: number;
  subject: string;
  status: string;
}
interface TicketDetail {
  messages: { body: string; internal: boolean; author: { name: string } }[];
}

const myTickets = async (page: Page) =>
  (await (await page.request.get("/api/tickets")).json()) as TicketItem[];

test("raising a ticket: the spec's messages, priority medium by default, then back to the dashboard", async ({
  page,
}) => {
  // demo-customer-2, so demo-customer's counts stay as seeded for the dashboard test
  await loginAs(page, DEMO.customer2);
  const before = await myTickets(page);
  await openPage(page, "/dashboard");
  await page.getByRole("link", { name: "Raise a Ticket" }).click();
  await expect(page).toHaveURL("/tickets/new");

  const form = page.getByRole("form", { name: "New support ticket" });
  await expect(form.getByRole("radio", { name: /Medium/ })).toBeChecked();
  // the customer's single active policy is chosen already
  await expect(form.getByLabel("Property policy")).not.toHaveValue("");
  await form.getByLabel("Property policy").selectOption("");
  await form.getByRole("button", { name: "Submit Ticket" }).click();
  await expect(form.getByText("Please select a property policy")).toBeVisible();
  await expect(form.getByText("Subject must be at least 5 characters.")).toBeVisible();
  await expect(form.getByText("Description must be at least 10 characters.")).toBeVisible();

  // only active policies are offered (a placeholder plus demo-customer-2's one active policy)
  const options = form.getByLabel("Property policy").locator("option");
  await expect(options).toHaveCount(2);
  await form.getByLabel("Property policy").selectOption({ index: 1 });
  const subject = `Pantry pull-out basket stuck ${Date.now()}`;
  await form.getByLabel("Room or item affected").fill("Kitchen pantry unit");
  await form.getByLabel("Subject").fill(subject);
  await form
    .getByLabel("Description")
    .fill("The pull-out basket in the tall pantry unit jams halfway when pulled.");
  await form.getByRole("radio", { name: /High/ }).check();
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/tickets") && r.method() === "POST");
  await form.getByRole("button", { name: "Submit Ticket" }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    subject,
    priority: "high",
    description:
      "Room or item: Kitchen pantry unit\n\nThe pull-out basket in the tall pantry unit jams halfway when pulled.",
  });

  await expect(currentToast(page)).toContainText("Support ticket created");
  await expect(page).toHaveURL("/dashboard");
  // the list is refreshed and shown
  await expect(page.getByRole("tab", { name: "Support Tickets" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("ticket-row").filter({ hasText: subject })).toContainText("Open");
  expect(await myTickets(page)).toHaveLength(before.length + 1);
});

test("a ticket with only the spec's fields (policy, subject, description, priority) is sent", async ({
  page,
  baseURL,
}) => {
  // a customer of its own, so the other tests' ticket counts stay as they expect
  const customer = await registerFreshCustomer(page);
  await issuePolicy(baseURL!, customer.id, {
    plan: "Essential",
    address: "4 Beach Road, Besant Nagar",
    status: "active",
  });
  await openPage(page, "/tickets/new");
  const form = page.getByRole("form", { name: "New support ticket" });
  await form.getByLabel("Property policy").selectOption({ index: 1 });
  const subject = `Wardrobe shutter sagging ${Date.now()}`;
  const description = "The left shutter of the wardrobe drops and rubs on the frame when closed.";
  await form.getByLabel("Subject").fill(subject);
  await form.getByLabel("Description").fill(description);
  await form.getByRole("radio", { name: /Low/ }).check();
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/tickets") && r.method() === "POST");
  await form.getByRole("button", { name: "Submit Ticket" }).click();
  // no room was named, so the description goes as it was typed
  expect((await sent).postDataJSON()).toMatchObject({ subject, description, priority: "low" });
  await expect(currentToast(page)).toContainText("Support ticket created");
  await expect(page).toHaveURL("/dashboard");
  expect((await myTickets(page)).some((t) => t.subject === subject)).toBe(true);
});

test("with no active policy: 'No active policies found' and 'Browse Warranty Plans'", async ({ page }) => {
  await registerFreshCustomer(page);
  await openPage(page, "/tickets/new");
  await expect(page.getByText("No active policies found")).toBeVisible();
  await page.getByRole("link", { name: "Browse Warranty Plans" }).click();
  await expect(page).toHaveURL("/b2c");
});

test("the ticket page shows the timeline and the conversation, never internal notes", async ({ page }) => {
  await loginAs(page, DEMO.customer);
  const ticket = (await myTickets(page)).find((t) => t.status === "in_progress")!;
  const detail = (await (await page.request.get(`/api/tickets/${ticket.id}`)).json()) as TicketDetail;
  expect(detail.messages.every((m) => !m.internal)).toBe(true);
  const viaMessages = (await (
    await page.request.get(`/api/tickets/${ticket.id}/messages`)
  ).json()) as TicketDetail["messages"];
  expect(viaMessages.every((m) => !m.internal)).toBe(true);

  await openPage(page, `/tickets/${ticket.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ticket.subject);
  await expect(page.getByRole("main")).toContainText("In Progress");
  const timeline = page.getByRole("list", { name: "Status history" });
  await expect(timeline).toContainText("Ticket raised");
  await expect(timeline).toContainText("In Progress");
  const messages = page.getByTestId("ticket-message");
  await expect(messages).toHaveCount(detail.messages.length);
  await expect(messages.first()).toContainText("Support team");
  await expect(page.getByRole("main")).not.toContainText("silicone seal");
});

test("replying on a ticket adds the message last, with author and time, and moves 'Last update'", async ({
  page,
  browser,
}) => {
  // two sessions and four page loads
  test.slow();
  const me = await loginAs(page, DEMO.customer2);
  const ticket = (await myTickets(page)).find((t) => t.status !== "closed")!;
  await openPage(page, `/tickets/${ticket.id}`);
  const form = page.getByRole("form", { name: "Reply to support" });
  await form.getByRole("button", { name: "Send Reply" }).click();
  await expect(form.getByText("Message cannot be empty")).toBeVisible();

  const body = `The technician can come after 4 pm on weekdays. (${Date.now()})`;
  await form.getByLabel("Your reply").fill(body);
  await expect(form.getByText("Press Ctrl + Enter to send.")).toBeVisible();
  await form.getByRole("button", { name: "Send Reply" }).click();
  await expect(currentToast(page)).toContainText("Message sent");
  const last = page.getByTestId("ticket-message").last();
  await expect(last).toContainText(body);
  await expect(last).toContainText(`${me.firstName} ${me.lastName}`);
  await expect(last.locator("time")).toHaveText(/\d{2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm)/i);
  await expect(form.getByLabel("Your reply")).toHaveValue("");

  // "Last update" moves to the reply: in the page's header at once ...
  const sentAt = (await last.locator("time").textContent())!;
  const lastUpdate = page.getByTestId("ticket-last-update");
  await expect(lastUpdate).toHaveText(sentAt);

  // it is stored: still there after a reload, and so is the new "Last update"
  await reloadPage(page);
  await expect(page.getByTestId("ticket-message").last()).toContainText(body);
  await expect(lastUpdate).toHaveText(sentAt);

  // ... and in the dashboard's list, reached without a reload
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await page.getByRole("tab", { name: "Support Tickets" }).click();
  const row = page.getByTestId("ticket-row").filter({ hasText: ticket.subject });
  await expect(row.locator("time").last()).toHaveText(sentAt);

  // a staff reply moves it too, for the customer on their next visit
  const staff = await browser.newPage();
  await loginAs(staff, DEMO.admin);
  const staffReply = await staff.request.post(`/api/admin/tickets/${ticket.id}/messages`, {
    data: { body: `We will send a technician on Thursday after 4 pm. (${Date.now()})`, internal: false },
  });
  expect(staffReply.status()).toBe(201);
  const repliedAt = formatDateTime(((await staffReply.json()) as { createdAt: string }).createdAt);
  await staff.close();
  await openPage(page, `/tickets/${ticket.id}`);
  await expect(lastUpdate).toHaveText(repliedAt);
  await openPage(page, "/dashboard");
  await page.getByRole("tab", { name: "Support Tickets" }).click();
  await expect(row.locator("time").last()).toHaveText(repliedAt);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
  test("the reply box does not tell a phone to press Ctrl + Enter", async ({ page }) => {
    await loginAs(page, DEMO.customer2);
    const ticket = (await myTickets(page))[0];
    await openPage(page, `/tickets/${ticket.id}`);
    const form = page.getByRole("form", { name: "Reply to support" });
    await expect(form.getByLabel("Your reply")).toBeVisible();
    await expect(form.getByText("Press Ctrl + Enter to send.")).toBeHidden();
  });
});

test("another customer's policy and ticket answer 404, in the page and in the API", async ({
  page,
  browser,
}) => {
  // what demo-customer owns
  const owner = await browser.newPage();
  await loginAs(owner, DEMO.customer);
  const policy = (
    (await (await owner.request.get("/api/purchases")).json()) as { purchase: { id: number } }[]
  )[0];
  const ticket = (await myTickets(owner))[0];
  await owner.close();

  await loginAs(page, DEMO.customer2);
  expect((await page.request.get(`/api/purchases/${policy.purchase.id}`)).status()).toBe(404);
  expect((await page.request.get(`/api/tickets/${ticket.id}`)).status()).toBe(404);
  expect((await page.request.get(`/api/tickets/${ticket.id}/messages`)).status()).toBe(404);
  const post = await page.request.post(`/api/tickets/${ticket.id}/messages`, { data: { body: "Let me in" } });
  expect(post.status()).toBe(404);

  const policyPage = await openPage(page, `/purchases/${policy.purchase.id}`);
  expect(policyPage?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Policy not found" })).toBeVisible();

  const ticketPage = await openPage(page, `/tickets/${ticket.id}`);
  expect(ticketPage?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Ticket not found" })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText(ticket.subject);
});
