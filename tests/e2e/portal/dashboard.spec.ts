import { expect, test } from "@playwright/test";
import { currentToast, DEMO, loginAs, registerFreshCustomer, reloadPage } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";

// the machine running CI is small and shared: give the slower flows room, not flakiness
test.describe.configure({ timeout: 90_000 });

interface PurchaseItem {
  purchase: { id: number; policyNumber: string; status: string; totalAmount: number };
  planName: string;
}
interface TicketItem {
  id: number;
  subject: string;
  status: string;
}

test("the dashboard counts match the demo data", async ({ page }) => {
  await loginAs(page, DEMO.customer);
  const purchases = (await (await page.request.get("/api/purchases")).json()) as PurchaseItem[];
  const tickets = (await (await page.request.get("/api/tickets")).json()) as TicketItem[];
  // the contract's demo data: one active, one pending, one expired; tickets open, in_progress, resolved
  expect(purchases.filter((p) => p.purchase.status === "active")).toHaveLength(1);
  expect(tickets.filter((t) => t.status === "open" || t.status === "in_progress")).toHaveLength(2);

  await openPage(page, "/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Karthik");
  await expect(page.getByTestId("active-policies-count")).toHaveText("1");
  await expect(page.getByTestId("open-tickets-count")).toHaveText("2");
  await expect(page.getByText("Active Policies", { exact: true })).toBeVisible();
  await expect(page.getByText("Open Tickets", { exact: true })).toBeVisible();

  // My Policies: every policy with its number, INR amount (paise ÷ 100), en-IN dates and status
  await expect(page.getByRole("tab", { name: "My Policies" })).toHaveAttribute("aria-selected", "true");
  const cards = page.getByTestId("policy-card");
  await expect(cards).toHaveCount(purchases.length);
  const active = purchases.find((p) => p.purchase.status === "active")!;
  const activeCard = cards.filter({ hasText: active.purchase.policyNumber });
  await expect(activeCard).toContainText(`${active.planName} Plan`);
  await expect(activeCard).toContainText("Active");
  const rupees = new Intl.NumberFormat("en-IN", {
    style: "currency",
    currency: "INR",
    maximumFractionDigits: 0,
  });
  await expect(activeCard).toContainText(rupees.format(active.purchase.totalAmount / 100));
  await expect(activeCard).toContainText(
    /\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/,
  );
  await expect(cards.filter({ hasText: "Expired" })).toHaveCount(1);
  await expect(cards.filter({ hasText: "Pending" })).toHaveCount(1);

  // Support Tickets: subject, policy, priority, status
  await page.getByRole("tab", { name: "Support Tickets" }).click();
  const rows = page.getByTestId("ticket-row");
  await expect(rows).toHaveCount(tickets.length);
  await expect(rows.filter({ hasText: "Laminate peeling near the kitchen sink" })).toContainText(
    "In Progress",
  );
  await expect(rows.filter({ hasText: "Laminate peeling near the kitchen sink" })).toContainText("High");
  await expect(rows.first()).toContainText(active.purchase.policyNumber);
});

test("a new customer sees empty states that say what to do next", async ({ page }) => {
  await registerFreshCustomer(page);
  await openPage(page, "/dashboard");
  await expect(page.getByTestId("active-policies-count")).toHaveText("0");
  await expect(page.getByTestId("open-tickets-count")).toHaveText("0");
  await expect(page.getByRole("heading", { name: "No policies yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse Warranty Plans" })).toHaveAttribute("href", "/b2c");
  await page.getByRole("tab", { name: "Support Tickets" }).click();
  await expect(page.getByRole("heading", { name: "No support tickets yet" })).toBeVisible();
});

test("Update Profile validates and saves through PATCH /api/user", async ({ page }) => {
  const me = await registerFreshCustomer(page, "Divya");
  await openPage(page, "/dashboard");
  await page.getByRole("button", { name: "Update Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Update Profile" });
  await expect(dialog.getByLabel("First Name")).toHaveValue("Divya");

  await dialog.getByLabel("First Name").fill("");
  await dialog.getByLabel("PIN Code").fill("12");
  // the phone follows the enquiry form's rule: at least 10 characters
  await dialog.getByLabel("Phone").fill("98400");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByText("First name is required")).toBeVisible();
  await expect(dialog.getByText("Please enter a valid 6-digit PIN code")).toBeVisible();
  await expect(dialog.getByText("Please enter a valid phone number")).toBeVisible();

  await dialog.getByLabel("First Name").fill("Divya Lakshmi");
  await dialog.getByLabel("Phone").fill("+91 98400 12345");
  await dialog.getByLabel("Address").fill("12 Lake View Road, Velachery");
  await dialog.getByLabel("City").fill("Chennai");
  await dialog.getByLabel("State").fill("Tamil Nadu");
  await dialog.getByLabel("PIN Code").fill("600042");
  const patch = page.waitForRequest((r) => r.url().endsWith("/api/user") && r.method() === "PATCH");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await patch;
  await expect(currentToast(page)).toContainText("Profile updated");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Divya Lakshmi");

  const saved = await (await page.request.get("/api/user")).json();
  expect(saved).toMatchObject({
    firstName: "Divya Lakshmi",
    email: me.email,
    phone: "+91 98400 12345",
    city: "Chennai",
    state: "Tamil Nadu",
    pincode: "600042",
  });

  // reopening starts from the saved profile
  await reloadPage(page);
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(page.getByRole("dialog").getByLabel("PIN Code")).toHaveValue("600042");
});

test("Update Profile says the address is not yet confirmed, and a new one asks for the password", async ({
  page,
}) => {
  const me = await registerFreshCustomer(page, "Divya");
  await openPage(page, "/dashboard");
  await page.getByRole("button", { name: "Update Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Update Profile" });
  await expect(dialog.getByText(/is not yet confirmed/)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Send the link again" })).toBeVisible();

  await dialog.getByRole("button", { name: "Change e-mail" }).click();
  const change = dialog.getByRole("form", { name: "Change e-mail" });
  await change.getByLabel("New e-mail").fill(`${me.username}@example.org`);
  await change.getByLabel("Current Password").fill("not-my-password");
  await change.getByRole("button", { name: "Send the confirmation link" }).click();
  await expect(change.getByText("Your current password is not correct")).toBeVisible();
  await change.getByLabel("Current Password").fill(me.password);
  await change.getByRole("button", { name: "Send the confirmation link" }).click();
  await expect(dialog.getByText(`We sent a link to ${me.username}@example.org`)).toBeVisible();
  // nothing changes until the link is opened
  expect((await (await page.request.get("/api/user")).json()).email).toBe(me.email);
});
