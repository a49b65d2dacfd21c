import { expect, type Page, test } from "@playwright/test";
import { fillPath } from "../../../src/shared/endpoints/define.ts";
import { routes } from "../../../src/web/routes.tsx";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { controlsUnderDock, scrollStops, scrollToY, sidewaysOverflow } from "../fixtures/layout-checks.ts";
import { openPage, PUBLIC_PAGES } from "../fixtures/site.ts";

/**
 * Every signed-in page, from the route table, with the demo customer's records (and the demo
 * partner) as its parameters. A new page with a parameter this does not know fails here until
 * it is added.
 */
const isOrder = (path: string) => path.startsWith("/orders/");

async function signedInPages(
  page: Page,
): Promise<{ customer: string[]; buyer: string[]; admin: string[]; partner: string[] }> {
  await loginAs(page, DEMO.customer);
  const me = (await (await page.request.get("/api/user")).json()) as { id: number };
  const policies = (await (await page.request.get("/api/purchases")).json()) as {
    purchase: { id: number; status: string };
  }[];
  // the renewal page of the policy that has one to offer: the demo customer's expired plan
  const expired = policies.find((p) => p.purchase.status === "expired") ?? policies[0];
  const tickets = (await (await page.request.get("/api/tickets")).json()) as { id: number }[];
  // the demo partner, as staff see it; then the customer again, whose pages come first
  await loginAs(page, DEMO.admin);
  const [partner] = (await (await page.request.get("/api/admin/partners?q=Nest")).json()) as { id: number }[];
  // an order's page is its buyer's alone: the demo buyer's order whose payment staff are checking
  const reported = (await (await page.request.get("/api/admin/orders?status=payment_reported")).json()) as {
    id: number;
    customerEmail: string;
  }[];
  const order = reported.find((o) => o.customerEmail.startsWith("demo-buyer@"));
  if (!order) throw new Error("the demo buyer's order is missing: run seed:demo");
  await loginAs(page, DEMO.customer);
  const samples: Record<string, Record<string, number>> = {
    "/purchases/:id": { id: policies[0].purchase.id },
    "/purchases/:id/renew": { id: expired.purchase.id },
    "/tickets/:id": { id: tickets[0].id },
    "/admin/tickets/:id": { id: tickets[0].id },
    "/admin/customers/:id": { id: me.id },
    "/admin/partners/:id": { id: partner.id },
    "/orders/:id": { id: order.id },
  };
  const fill = (path: string) => fillPath(path, samples[path]);
  return {
    customer: routes.filter((r) => r.access === "user" && !isOrder(r.path)).map((r) => fill(r.path)),
    buyer: routes.filter((r) => r.access === "user" && isOrder(r.path)).map((r) => fill(r.path)),
    admin: routes.filter((r) => r.access === "office").map((r) => fill(r.path)),
    partner: routes.filter((r) => r.access === "partner").map((r) => fill(r.path)),
  };
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("no signed-in page scrolls sideways", async ({ page }) => {
      test.setTimeout(120_000);
      const pages = await signedInPages(page);
      for (const path of pages.customer) {
        await openPage(page, path);
        await page.waitForLoadState("networkidle");
        expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
      }
      await loginAs(page, DEMO.buyer);
      for (const path of pages.buyer) {
        await openPage(page, path);
        await page.waitForLoadState("networkidle");
        expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
      }
      // a new enquiry puts the unread badge on the console's Mail group
      const sent = await page.request.post("/api/inquiries", {
        data: {
          name: "Layout Check",
          email: "layout@example.in",
          phone: "9840012345",
          interest: "custom",
          message: "Checking the console's width with a new enquiry",
        },
      });
      expect(sent.status()).toBe(201);
      await loginAs(page, DEMO.admin);
      for (const path of pages.admin) {
        await openPage(page, path);
        await page.waitForLoadState("networkidle");
        if (path === "/admin")
          await expect(
            page
              .getByRole("navigation", { name: "Admin" })
              .getByTitle(/^\d+ new$/)
              .first(),
          ).toBeVisible();
        expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
      }
      await loginAs(page, DEMO.partner);
      for (const path of pages.partner) {
        await openPage(page, path);
        await page.waitForLoadState("networkidle");
        expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
      }
    });

    test("the help bar and chat button never cover a control", async ({ page }) => {
      test.setTimeout(300_000);
      const pages = await signedInPages(page);
      const check = async (path: string) => {
        await openPage(page, path);
        await page.waitForLoadState("networkidle");
        // the page leaves room at its bottom: at the end nothing is underneath
        const stops = await scrollStops(page);
        await scrollToY(page, stops[stops.length - 1]);
        expect(await controlsUnderDock(page), `${path} at its bottom`).toEqual([]);
        if (width >= 1280) {
          // beside the content column: clear of every control wherever the page is scrolled
          for (const y of stops) {
            await scrollToY(page, y);
            expect(await controlsUnderDock(page), `${path} scrolled to ${y}`).toEqual([]);
          }
        } else {
          // on a phone the bar takes the bottom strip: every control scrolls clear of it
          expect(await controlsUnderDock(page, true), path).toEqual([]);
        }
      };
      for (const path of [...PUBLIC_PAGES, "/auth"]) await check(path);
      for (const path of pages.customer) await check(path);
      await loginAs(page, DEMO.buyer);
      for (const path of pages.buyer) await check(path);
      await loginAs(page, DEMO.partner);
      for (const path of pages.partner) await check(path);
      // staff have no chat button, so it covers nothing in the console
      await loginAs(page, DEMO.admin);
      for (const path of pages.admin) {
        await openPage(page, path);
        await expect(page.getByTestId("help-dock"), path).toHaveCount(0);
      }
    });
  });
}
