import { expect, type Page, test } from "@playwright/test";
import { formatSoon } from "../../../src/shared/format.ts";
import { issuePolicy } from "../admin/helpers.ts";
import { currentToast, registerFreshCustomer } from "../fixtures/auth.ts";
import { lightAndDark, sidewaysOverflow } from "../fixtures/layout-checks.ts";
import { openPage } from "../fixtures/site.ts";

test.describe.configure({ timeout: 120_000 });

/**
 * After sending a claim the homeowner lands on the dashboard (the spec) with the claim in
 * sight: the Support Tickets tab, the new ticket on top and marked new, when to expect a
 * reply from its service-level clock, and a way to add photos. The toast fades; this stays.
 */

/** with DASHBOARD_SHOTS naming a folder: the screen as it is, light and dark */
async function shots(page: Page, name: string) {
  const dir = process.env.DASHBOARD_SHOTS;
  if (dir) await lightAndDark(page, `${dir}/${name}`);
}

interface TicketItem {
  id: number;
  subject: string;
  dueAt: string | null;
}

for (const width of [375, 1280]) {
  test(`at ${width} px the dashboard after a claim shows the new ticket on top, its reply time and 'Add photos'`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 740 });
    const customer = await registerFreshCustomer(page, "Anitha");
    const policy = await issuePolicy(baseURL!, customer.id, {
      plan: "Premium",
      address: "12 Second Cross Street, Indira Nagar",
      status: "active",
    });
    // an earlier ticket, so "on top" means something
    const earlier = await page.request.post("/api/tickets", {
      data: {
        purchaseId: policy.id,
        subject: "Loft door hinge loose",
        description: "The loft door above the wardrobe hangs loose on its top hinge.",
        priority: "low",
      },
    });
    expect(earlier.status()).toBe(201);

    await openPage(page, "/tickets/new");
    const form = page.getByRole("form", { name: "New support ticket" });
    await form.getByLabel("Property policy").selectOption(String(policy.id));
    const subject = `Kitchen drawer runner broken ${Date.now()}`;
    await form.getByLabel("Subject").fill(subject);
    await form
      .getByLabel("Description")
      .fill("The bottom drawer under the hob drops off its runner when opened.");
    await form.getByRole("button", { name: "Submit Ticket" }).click();

    await expect(currentToast(page)).toContainText("Support ticket created");
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("tab", { name: "Support Tickets" })).toHaveAttribute("aria-selected", "true");

    const tickets = (await (await page.request.get("/api/tickets")).json()) as TicketItem[];
    const created = tickets.find((t) => t.subject === subject)!;
    // the plan's service levels run a first-reply clock from the moment it is raised
    expect(created.dueAt).not.toBeNull();

    const notice = page.getByTestId("new-ticket-notice");
    await expect(notice).toContainText("Support ticket created");
    await expect(notice).toContainText(`#${created.id} · ${subject}`);
    await expect(notice).toContainText("New");
    const promise = notice.getByTestId("reply-promise");
    await expect(promise).toHaveText(`We'll reply by ${formatSoon(created.dueAt!)} (India time).`);
    await expect(promise).toHaveText(
      /^We'll reply by (today|tomorrow|Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b.* \d{1,2}(:\d{2})? (am|pm) \(India time\)\.$/,
    );

    // the new ticket heads the list, marked new; the earlier one follows, unmarked
    const items = page.getByTestId(width < 768 ? "ticket-card" : "ticket-row");
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText(subject);
    await expect(items.first()).toContainText("New");
    await expect(items.nth(1)).toContainText("Loft door hinge loose");
    await expect(items.nth(1)).not.toContainText("New");
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // the toast fades; the notice stays
    await expect(currentToast(page)).toBeHidden({ timeout: 15_000 });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("link", { name: "Add photos" })).toBeInViewport();
    await shots(page, `dashboard-after-claim-${width}`);

    // 'Add photos': the ticket's reply box, which takes photos with a message
    await notice.getByRole("link", { name: "Add photos" }).click();
    await expect(page).toHaveURL(`/tickets/${created.id}#reply`);
    const reply = page.getByRole("form", { name: "Reply to support" });
    await expect(reply.getByText("Add photos or PDFs")).toBeInViewport();
  });
}
