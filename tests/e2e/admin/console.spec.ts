import { type Page, test } from "@playwright/test";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { openPage, waitForHydration } from "../fixtures/site.ts";
import { apiAs, customerWithTicket, expect, expectToast, freshCustomer, tag } from "./helpers.ts";

/**
 * The console at a business's size: the global setup adds a few hundred generated tickets
 * (with their customers, policies, enquiries and three more staff members) to the demo
 * data, so every list here has several pages. Other tests add rows meanwhile, so totals
 * are read from the server's own answer rather than written down.
 */

const range = (page: Page) => page.getByTestId("page-range").first();
const pager = (page: Page) => page.getByRole("navigation", { name: /^Pages of / }).first();
const nextPage = (page: Page) => pager(page).getByRole("button", { name: "Next" });
const previousPage = (page: Page) => pager(page).getByRole("button", { name: "Previous" });
const ticketTable = (page: Page) => page.getByRole("table", { name: "Support tickets" });
const ticketRows = (page: Page) => ticketTable(page).locator("tbody tr");

/** what the server counts for a list's query, from its X-Total-Count header */
async function totalOf(page: Page, path: string): Promise<number> {
  const res = await page.request.get(path);
  expect(res.status(), path).toBe(200);
  return Number(res.headers()["x-total-count"]);
}

const count = (n: number) => new Intl.NumberFormat("en-IN").format(n);

test.describe("admin console at volume", () => {
  test("the queue opens on open and in-progress tickets, most urgent first, and pages through", async ({
    page,
  }) => {
    test.slow();
    await loginAs(page, DEMO.admin);
    await openPage(page, "/admin");
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("open,in_progress");
    // the queue's own order (missed targets, soonest due, no clock), no column's
    await expect(page.locator('th[aria-sort="ascending"], th[aria-sort="descending"]')).toHaveCount(0);
    // other tests raise and resolve tickets meanwhile: when one changed between the page's
    // read and the count's, the two differ, and the page is read again
    let first = true;
    await expect(async () => {
      if (!first) await page.reload();
      first = false;
      const shown = await range(page).textContent();
      const queue = await totalOf(page, "/api/admin/tickets?status=open,in_progress&limit=1");
      expect(shown).toMatch(new RegExp(`^1–\\d+ of ${count(queue)} tickets$`));
    }).toPass({ timeout: 30_000 });
    const statuses = await ticketRows(page)
      .locator("[data-status]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-status")));
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === "open" || s === "in_progress")).toBe(true);

    // every status: several pages
    await page.getByLabel("Status", { exact: true }).selectOption("all");
    await expect(page).toHaveURL(/status=all/);
    await expect(range(page)).toHaveText(/^1–50 of [\d,]+ tickets$/);
    const firstPage = await ticketRows(page).first().getAttribute("data-ticket-id");
    const previous = previousPage(page);
    await expect(previous).toBeDisabled();

    await nextPage(page).click();
    await expect(range(page)).toHaveText(/^51–100 of [\d,]+ tickets$/);
    await expect(page).toHaveURL(/cursor=.+&page=2|page=2.*cursor=/);
    const secondIds = await ticketRows(page).evaluateAll((rows) =>
      rows.map((r) => r.getAttribute("data-ticket-id")),
    );
    expect(secondIds).toHaveLength(50);
    expect(secondIds).not.toContain(firstPage);

    await nextPage(page).click();
    await expect(range(page)).toHaveText(/^101–150 of [\d,]+ tickets$/);

    // a reload keeps the page; Previous steps back one page at a time
    await page.reload();
    await expect(range(page)).toHaveText(/^101–150 of [\d,]+ tickets$/);
    await previous.click();
    await expect(range(page)).toHaveText(/^51–100 of [\d,]+ tickets$/);
    expect(
      await ticketRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-ticket-id"))),
    ).toEqual(secondIds);
    await previous.click();
    await expect(range(page)).toHaveText(/^1–50 of [\d,]+ tickets$/);
    await expect(ticketRows(page).first()).toHaveAttribute("data-ticket-id", firstPage!);
    await expect(previous).toBeDisabled();
  });

  test("a shared address of a later page opens that page, and Previous goes to the first", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await loginAs(page, DEMO.admin);
    await openPage(page, "/admin?status=all");
    await nextPage(page).click();
    await expect(range(page)).toHaveText(/^51–100 of/);
    const shared = page.url();
    const ids = await ticketRows(page).evaluateAll((rows) =>
      rows.map((r) => r.getAttribute("data-ticket-id")),
    );

    const other = await browser.newContext({ baseURL });
    const colleague = await other.newPage();
    await loginAs(colleague, DEMO.admin);
    await openPage(colleague, shared);
    await expect(range(colleague)).toHaveText(/^51–100 of/);
    expect(
      await ticketRows(colleague).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-ticket-id"))),
    ).toEqual(ids);
    await previousPage(colleague).click();
    await expect(range(colleague)).toHaveText(/^1–50 of/);
    await expect(colleague).not.toHaveURL(/cursor=/);
    await other.close();
  });

  test("column headers sort, and the sort is in the address", async ({ page }) => {
    test.slow();
    await loginAs(page, DEMO.admin);
    await openPage(page, "/admin?status=all");
    const priority = page.getByRole("columnheader", { name: "Priority" });
    await expect(priority).not.toHaveAttribute("aria-sort", /./);
    await priority.getByRole("button").click();
    await expect(priority).toHaveAttribute("aria-sort", "descending");
    await expect(page).toHaveURL(/sort=priority/);
    await expect(page.getByRole("columnheader", { name: "Raised" })).not.toHaveAttribute("aria-sort", /./);
    await expect(ticketRows(page).first()).toContainText("Urgent");

    await priority.getByRole("button").click();
    await expect(priority).toHaveAttribute("aria-sort", "ascending");
    await expect(page).toHaveURL(/dir=asc/);
    await expect(ticketRows(page).first()).toContainText("Low");

    // the sorted view survives a reload
    await page.reload();
    await expect(page.getByRole("columnheader", { name: "Priority" })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    await expect(ticketRows(page).first()).toContainText("Low");
  });

  test("filters narrow the list to what the server counts for them", async ({ page }) => {
    test.slow();
    await loginAs(page, DEMO.admin);
    await openPage(page, "/admin");
    await page.getByLabel("Status", { exact: true }).selectOption("all");
    await page.getByLabel("Priority", { exact: true }).selectOption("urgent");
    await page.getByRole("button", { name: "More filters" }).click();
    await page.getByLabel("City", { exact: true }).selectOption("Chennai");
    await page.getByLabel("Raised from").fill("2023-01-01");
    await expect(page).toHaveURL(/priority=urgent/);
    await expect(page).toHaveURL(/city=Chennai/);
    await expect(page).toHaveURL(/from=2023-01-01/);
    const total = await totalOf(
      page,
      "/api/admin/tickets?status=all&priority=urgent&city=Chennai&from=2023-01-01&limit=1",
    );
    expect(total).toBeGreaterThan(0);
    await expect(range(page)).toHaveText(new RegExp(`^1–${Math.min(total, 50)} of ${count(total)} tickets$`));
    const priorities = await ticketRows(page)
      .getByRole("cell")
      .filter({ hasText: /^(Priority: )?(Low|Medium|High|Urgent)$/ })
      .allTextContents();
    expect(priorities.length).toBe(Math.min(total, 50));
    expect(new Set(priorities.map((p) => p.replace("Priority: ", "")))).toEqual(new Set(["Urgent"]));

    // the whole view is in the address: a reload shows the same
    await page.reload();
    // the server's page already shows the filters; Clear filters works once the scripts run
    await waitForHydration(page);
    await expect(page.getByLabel("City", { exact: true })).toHaveValue("Chennai");
    await expect(range(page)).toHaveText(new RegExp(`of ${count(total)} tickets$`));

    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("open,in_progress");
  });

  test("the search finds a ticket by its number, the customer's e-mail and phone, and the policy", async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const { customer, purchase, ticket, subject } = await customerWithTicket(baseURL!);
    await loginAs(page, DEMO.admin);
    await openPage(page, "/admin");
    const search = page.getByLabel("Search tickets");
    for (const text of [`#${ticket.id}`, customer.email, purchase.policyNumber, subject]) {
      await search.fill(text);
      await expect(page).toHaveURL((url) => url.searchParams.get("q") === text);
      await expect(ticketRows(page).first()).toHaveAttribute("data-ticket-id", String(ticket.id));
    }
    // a generated customer found by phone: every row is theirs
    const api = await apiAs(baseURL!, DEMO.admin);
    const [oldest] = (await (await api.get("/api/admin/tickets?status=all&dir=asc&limit=1")).json()) as {
      ticket: { userId: number };
    }[];
    const { customer: someone } = (await (
      await api.get(`/api/admin/customers/${oldest.ticket.userId}`)
    ).json()) as {
      customer: { firstName: string; lastName: string; phone: string };
    };
    await api.dispose();
    await search.fill(someone.phone);
    await expect(page).toHaveURL((url) => url.searchParams.get("q") === someone.phone);
    await expect(ticketRows(page).first()).toContainText(`${someone.firstName} ${someone.lastName}`);
    const rows = await ticketRows(page).allTextContents();
    for (const row of rows) expect(row).toContain(`${someone.firstName} ${someone.lastName}`);
  });

  test("opening a ticket and coming back returns to the same view", async ({ page }) => {
    test.slow();
    // wide enough for the Updated column, which a laptop's compact queue leaves out
    await page.setViewportSize({ width: 1536, height: 900 });
    await loginAs(page, DEMO.admin);
    await openPage(page, "/admin?status=all&sort=updated");
    await page.getByLabel("Priority", { exact: true }).selectOption("high");
    await expect(range(page)).toHaveText(/^1–\d+ of/);
    await nextPage(page).click();
    await expect(range(page)).toHaveText(/^51–/);
    const view = page.url();
    const row = ticketRows(page).nth(3);
    const id = await row.getAttribute("data-ticket-id");

    await row.getByRole("link", { name: new RegExp(`^#${id}(?!\\d)`) }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/tickets/${id}$`));
    await page.getByRole("link", { name: "All tickets" }).click();
    await expect(page).toHaveURL(view);
    await expect(page.getByLabel("Priority", { exact: true })).toHaveValue("high");
    await expect(page.getByRole("columnheader", { name: "Updated" })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await expect(range(page)).toHaveText(/^51–/);
    await expect(ticketRows(page).nth(3)).toHaveAttribute("data-ticket-id", id!);
    // the way back brought the trail of pages too
    await previousPage(page).click();
    await expect(range(page)).toHaveText(/^1–50 of/);

    // and the browser's own back button
    await ticketRows(page).first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/admin\/tickets\/\d+$/);
    await page.goBack();
    await expect(range(page)).toHaveText(/^1–50 of/);
    await expect(page.getByLabel("Priority", { exact: true })).toHaveValue("high");
  });

  test("the Mine view, and a ticket assigned to another staff member", async ({ page, baseURL }) => {
    test.slow();
    const { ticket } = await customerWithTicket(baseURL!);
    const me = await loginAs(page, DEMO.admin);
    const staff = (await (await page.request.get("/api/admin/staff")).json()) as {
      id: number;
      name: string;
    }[];
    const colleague = staff.find((s) => s.id !== me.id)!;
    expect(colleague, "another staff member").toBeTruthy();

    await openPage(page, `/admin/tickets/${ticket.id}`);
    await page.getByRole("button", { name: "Assign to…" }).click();
    await page.getByRole("menuitem", { name: colleague.name }).click();
    await expectToast(page, "Ticket assigned");
    await expect(page.getByTestId("assignee")).toHaveText(colleague.name);
    // the spec's button is still there to take it over
    await expect(page.getByRole("button", { name: "Assign to Me" })).toBeVisible();

    await openPage(page, "/admin");
    await page.getByRole("button", { name: "Mine" }).click();
    await expect(page.getByRole("button", { name: "Mine" })).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(/assignee=mine/);
    await expect(page.getByLabel("Assignee")).toHaveValue("mine");
    await expect(ticketTable(page).getByTestId(`ticket-row-${ticket.id}`)).toHaveCount(0);
    const mine = await ticketRows(page).evaluateAll((rows) => rows.map((r) => r.textContent ?? ""));
    for (const row of mine) expect(row).toContain(`${me.firstName} ${me.lastName}`);

    // the colleague's queue has it
    await page.getByLabel("Assignee").selectOption(String(colleague.id));
    await expect(page.getByTestId(`ticket-row-${ticket.id}`)).toContainText(colleague.name);
  });

  test("keyboard shortcuts: j and k move along the queue, r opens the reply box, ? lists them", async ({
    page,
  }) => {
    test.slow();
    await loginAs(page, DEMO.admin);
    await openPage(page, "/admin?status=all");
    await expect(range(page)).toHaveText(/^1–50 of/);
    const rows = ticketRows(page);

    const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    // the console's part of the page may finish hydrating a moment after the page says so
    await expect(async () => {
      await page.keyboard.press("?");
      await expect(dialog).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(dialog).toContainText("Next ticket");
    await expect(dialog).toContainText("Assign the ticket to me");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // keys typed into a field are text, not shortcuts
    const search = page.getByLabel("Search tickets");
    await search.click();
    await page.keyboard.type("j?");
    await expect(search).toHaveValue("j?");
    await expect(dialog).toBeHidden();
    await search.fill("");
    await expect(page).not.toHaveURL(/q=/);
    await page.locator("h1").click();

    await page.keyboard.press("j");
    await expect(rows.nth(0)).toBeFocused();
    await page.keyboard.press("j");
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press("k");
    await expect(rows.nth(0)).toBeFocused();
    await page.keyboard.press("j");
    const id = await rows.nth(1).getAttribute("data-ticket-id");
    await page.keyboard.press("r");
    await expect(page).toHaveURL(new RegExp(`/admin/tickets/${id}#reply$`));
    await expect(page.getByRole("textbox", { name: /^Reply to / })).toBeFocused();

    // the same from the button, for those who do not know the key
    await page.goBack();
    await page.getByRole("button", { name: "Shortcuts" }).click();
    await expect(dialog).toBeVisible();
  });

  test("'Issue Policy' on a customer's page has that customer chosen", async ({ page, baseURL }) => {
    test.slow();
    const { customer } = await customerWithTicket(baseURL!);
    await loginAs(page, DEMO.admin);
    await openPage(page, `/admin/customers/${customer.id}`);
    await page.getByRole("button", { name: "Issue Policy" }).click();
    const dialog = page.getByRole("dialog", { name: "Issue a warranty policy" });
    await expect(dialog.getByLabel("Customer", { exact: true })).toHaveValue(String(customer.id));
    await expect(dialog.getByLabel("Customer", { exact: true }).locator("option:checked")).toHaveText(
      `${customer.firstName} ${customer.lastName} (${customer.email})`,
    );
    await expect(dialog.getByLabel("Property address")).toHaveValue("12 Temple Street, Mylapore");
    // searching for someone else keeps the chosen customer on offer
    await dialog.getByLabel("Find a customer").fill("zz-nobody-by-this-name");
    await expect(dialog.getByText("0 found")).toBeVisible();
    await expect(dialog.getByLabel("Customer", { exact: true })).toHaveValue(String(customer.id));
  });

  test("the customer, policy and enquiry lists page and sort too", async ({ page }) => {
    test.slow();
    await loginAs(page, DEMO.admin);
    await openPage(page, "/admin/customers");
    await expect(range(page)).toHaveText(/^1–50 of [\d,]+ customers$/);
    const name = page.getByRole("columnheader", { name: "Customer" });
    await name.getByRole("button").click();
    await expect(name).toHaveAttribute("aria-sort", "ascending");
    await nextPage(page).click();
    await expect(range(page)).toHaveText(/^51–/);
    await expect(page).toHaveURL(/sort=name.*cursor=|cursor=.*sort=name/);

    await openPage(page, "/admin?tab=policies");
    await expect(range(page)).toHaveText(/^1–50 of [\d,]+ policies$/);
    await nextPage(page).click();
    await expect(range(page)).toHaveText(/^51–100 of [\d,]+ policies$/);
    await expect(page).toHaveURL(/policyCursor=/);

    await openPage(page, "/admin/enquiries");
    await expect(range(page)).toHaveText(/^1–50 of [\d,]+ enquiries$/);
    await nextPage(page).click();
    await expect(range(page)).toHaveText(/^51–100 of [\d,]+ enquiries$/);
  });

  test("on a 768 px tablet the staff lists fit their cards without sideways scrolling", async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 768, height: 1024 });
    await loginAs(page, DEMO.admin);
    /** how far a table sticks out of the box it scrolls in, in px (0 or less is right) */
    const overflowOf = (name: string) =>
      page
        .getByRole("table", { name })
        .evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);

    // the queue: what a ticket is, how urgent, where it stands and how old, without scrolling to see it
    await openPage(page, "/admin");
    await expect(ticketRows(page).first()).toBeVisible();
    expect(await overflowOf("Support tickets")).toBeLessThanOrEqual(0);
    for (const head of ["Ticket", "Priority", "Status", "Due", "Raised"]) {
      await expect(ticketTable(page).getByRole("columnheader", { name: head })).toBeVisible();
    }
    // the customer and the policy stand under the subject while their own columns are hidden
    await expect(ticketRows(page).first().locator("td").first()).toContainText(/\S · HIPW-\d{4}-\d+/);

    // the other staff lists; an enquiry with a long name and address makes a wide row in the
    // inbox, and its acknowledgement one in the outbox
    const sent = await page.request.post("/api/inquiries", {
      data: {
        name: "Venkataraghavan Subramaniam Iyer",
        email: `venkataraghavan.subramaniam.${tag()}@longdomain-example.co.in`,
        phone: "9840012345",
        interest: "b2c-premium",
        message: "Cover for the modular kitchen and the wardrobes in all three bedrooms, please.",
      },
    });
    expect(sent.status()).toBe(201);
    for (const [path, name, heads] of [
      ["/admin?tab=policies", "Warranty policies", ["Policy", "Cover", "Amount", "Status"]],
      ["/admin/enquiries", "Enquiries", ["Received", "Contact", "Message", "Status"]],
      ["/admin/outbox", "E-mails", ["Queued", "E-mail", "To", "Status", "Attempts"]],
      ["/admin/customers", "Customers", ["Customer"]],
    ] as const) {
      await openPage(page, path);
      const table = page.getByRole("table", { name });
      await expect(table.locator("tbody tr").first()).toBeVisible();
      expect(await overflowOf(name), path).toBeLessThanOrEqual(0);
      for (const head of heads) await expect(table.getByRole("columnheader", { name: head })).toBeVisible();
    }
  });

  test("one find box on every console page: / jumps to it, arrows and Enter open a ticket, a customer or a policy", async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const { customer, purchase, ticket, subject } = await customerWithTicket(baseURL!);
    // someone who has never raised a ticket nor held a policy
    const quiet = await freshCustomer(
      baseURL!,
      `Quiet${tag().replace(/\d/g, (d) => "ghijklmnop"[Number(d)])}`,
    );
    await loginAs(page, DEMO.admin);
    await openPage(page, "/admin/enquiries");
    const box = page.getByRole("combobox", { name: "Find a ticket, customer or policy" });

    // "/" from the page, not from a field
    await page.locator("body").press("/");
    await expect(box).toBeFocused();
    await box.fill(`#${ticket.id}`);
    await expect(page.getByRole("option", { name: new RegExp(`^#${ticket.id} `) })).toBeVisible();
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/admin/tickets/${ticket.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(subject);

    // a customer without tickets, by name: the arrow keys move through the matches
    await page.locator("body").press("/");
    await box.fill(quiet.firstName);
    const match = page.getByRole("option", { name: new RegExp(quiet.firstName) });
    await expect(match).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await box.press("ArrowDown");
    await box.press("ArrowUp");
    await expect(match).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await match.getAttribute("id"))!);
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/admin/customers/${quiet.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(quiet.firstName);

    // by e-mail, then the policy by its number with a click
    await box.fill(customer.email);
    await expect(page.getByRole("option", { name: new RegExp(customer.email) })).toBeVisible();
    await box.fill(purchase.policyNumber);
    await page.getByRole("option", { name: new RegExp(purchase.policyNumber) }).click();
    await expect(page).toHaveURL(/tab=policies/);
    await expect(page.getByText(purchase.policyNumber).first()).toBeVisible();

    // on the queue, "/" is the find box's too; s goes to the queue's own search
    await openPage(page, "/admin");
    await page.locator("body").press("/");
    await expect(box).toBeFocused();
    await box.press("Escape");
    await box.press("Escape");
    await box.blur();
    await page.locator("body").press("s");
    await expect(page.getByLabel("Search tickets")).toBeFocused();

    // nothing found says so; % is a character like any other
    await page.locator("body").press("/");
    await box.fill("%_%");
    await expect(page.getByRole("status").filter({ hasText: "Nothing matches" })).toBeVisible();
  });
});
