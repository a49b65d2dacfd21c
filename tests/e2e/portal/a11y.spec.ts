import { expect, type Page, test } from "@playwright/test";
import { seriousA11yIssues } from "../fixtures/a11y.ts";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";

// the machine running CI is small and shared: give the slower flows room, not flakiness
test.describe.configure({ timeout: 90_000 });

/** Signs in as demo-customer and finds the ids of their active policy and of the ticket with a conversation. */
async function demoIds(page: Page) {
  await loginAs(page, DEMO.customer);
  const policies = (await (await page.request.get("/api/purchases")).json()) as {
    purchase: { id: number; status: string };
  }[];
  const tickets = (await (await page.request.get("/api/tickets")).json()) as { id: number; status: string }[];
  return {
    policyId: policies.find((p) => p.purchase.status === "active")!.purchase.id,
    ticketId: tickets.find((t) => t.status === "in_progress")!.id,
  };
}

type Screen = { name: string; visit(page: Page): Promise<void> };

const SCREENS: Screen[] = [
  {
    name: "/auth with validation messages",
    async visit(page) {
      await openPage(page, "/auth?tab=register");
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page.getByText("First name is required")).toBeVisible();
    },
  },
  {
    name: "/dashboard, both tabs and the profile dialog",
    async visit(page) {
      await loginAs(page, DEMO.customer);
      await openPage(page, "/dashboard");
      expect(await seriousA11yIssues(page)).toEqual([]);
      await page.getByRole("tab", { name: "Support Tickets" }).click();
      await expect(page.getByTestId("ticket-row").first()).toBeVisible();
      expect(await seriousA11yIssues(page)).toEqual([]);
      await page.getByRole("button", { name: "Update Profile" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
    },
  },
  {
    name: "the My Data dialog",
    async visit(page) {
      await loginAs(page, DEMO.customer);
      await openPage(page, "/dashboard");
      await page.getByRole("button", { name: "My Data" }).click();
      await expect(page.getByRole("dialog", { name: "My Data" }).getByRole("checkbox")).toBeVisible();
    },
  },
  {
    name: "the policy page",
    async visit(page) {
      const { policyId } = await demoIds(page);
      await openPage(page, `/purchases/${policyId}`);
    },
  },
  {
    name: "the ticket page",
    async visit(page) {
      const { ticketId } = await demoIds(page);
      await openPage(page, `/tickets/${ticketId}`);
      await expect(page.getByTestId("ticket-message").first()).toBeVisible();
    },
  },
  {
    name: "/tickets/new with validation messages",
    async visit(page) {
      await loginAs(page, DEMO.customer);
      await openPage(page, "/tickets/new");
      // the single active policy comes chosen: unchoose it to see every message
      await page.getByLabel("Property policy").selectOption("");
      await page.getByRole("button", { name: "Submit Ticket" }).click();
      await expect(page.getByText("Please select a property policy")).toBeVisible();
    },
  },
];

/** axe on every portal screen in both themes: no serious or critical violation. */
for (const theme of ["light", "dark"] as const) {
  for (const screen of SCREENS) {
    test(`${screen.name} in the ${theme} theme has no serious accessibility issue`, async ({ browser }) => {
      const context = await browser.newContext();
      await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
      const page = await context.newPage();
      await screen.visit(page);
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/);
      expect(await seriousA11yIssues(page, theme)).toEqual([]);
      await context.close();
    });
  }
}
