import { test } from "@playwright/test";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { widthsAndThemes } from "../fixtures/layout-checks.ts";
import { openPage } from "../fixtures/site.ts";
import { apiAs, expect, freshCustomer, issuePolicy, tag } from "./helpers.ts";

/**
 * The ticket queue on a laptop: staff triage from it all day, so a screen of it should hold
 * a screenful of tickets, not two. Its own customer's nine tickets, found by a word only
 * their subjects share, keep the count independent of whatever else the database holds.
 */
test("at 1280 × 800 the queue shows at least eight tickets without scrolling", async ({ page, baseURL }) => {
  test.slow();
  const word = `queue${tag()}`;
  const customer = await freshCustomer(baseURL!);
  const policy = await issuePolicy(baseURL!, customer.id, {
    plan: "Premium",
    address: "4 Luz Church Road, Mylapore",
    status: "active",
  });
  const own = await apiAs(baseURL!, customer.username, customer.password);
  for (let i = 1; i <= 9; i++) {
    const res = await own.post("/api/tickets", {
      data: {
        purchaseId: policy.id,
        subject: `Kitchen shutter ${i} sagging ${word}`,
        description: "The shutter has dropped on its hinge and rubs the one beside it.",
        priority: (["low", "medium", "high", "urgent"] as const)[i % 4],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await own.dispose();

  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, DEMO.admin);
  await openPage(page, `/admin?q=${word}`);
  const rows = page.locator('[data-testid^="ticket-row-"]');
  await expect(rows).toHaveCount(9);
  // rows whose whole height is on the screen as the page opens
  const onScreen = await rows.evaluateAll(
    (els) =>
      els.filter((el) => {
        const box = el.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );
  expect(onScreen).toBeGreaterThanOrEqual(8);

  await widthsAndThemes(page, "queue", process.env.QUEUE_SHOTS);
});
