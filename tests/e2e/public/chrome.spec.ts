import { expect, test } from "@playwright/test";
import { TOOLTIP_DELAY_MS } from "../../../src/web/components/ui/tooltip.tsx";
import { CITY_LINK_NAMES, openPage, timeInPage } from "../fixtures/site.ts";

test.describe("shared chrome", () => {
  test("the header links every section, with a Policies dropdown", async ({ page }) => {
    await openPage(page, "/faqs");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(nav.getByRole("link", { name: "Benefits" })).toHaveAttribute("href", "/#benefits");
    await expect(nav.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    await expect(nav.getByRole("link", { name: "FAQs" })).toHaveAttribute("href", "/faqs");
    await expect(nav.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/contact");
    const header = page.locator("header");
    await expect(header.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/auth");
    await expect(header.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", /^\/auth/);

    await nav.getByRole("button", { name: "Policies" }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem", { name: /B2B Solutions/ })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: /B2C Policies/ })).toBeVisible();
    await menu.getByRole("menuitem", { name: /B2C Policies/ }).click();
    await expect(page).toHaveURL(/\/b2c$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the Policies dropdown works from the keyboard", async ({ page }) => {
    await openPage(page, "/");
    const trigger = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Policies" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu")).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: /B2B Solutions/ })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/b2b$/);
  });

  test("Benefits scrolls to the section on the home page", async ({ page }) => {
    await openPage(page, "/contact");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Benefits" }).click();
    await expect(page).toHaveURL(/\/#benefits$/);
    await expect(page.locator("#benefits")).toBeInViewport();
  });

  test("Benefits still reaches its section when the home page's code is slow to arrive", async ({ page }) => {
    await openPage(page, "/contact");
    // a slow phone connection: the home page's script takes seconds, not milliseconds
    await page.route(/\/assets\/home-page-[^/]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 2_500));
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Benefits" }).click();
    await expect(page).toHaveURL(/\/#benefits$/, { timeout: 10_000 });
    await expect(page.locator("#benefits")).toBeInViewport();
  });

  test("every page lists the 39 city links, and each opens a real city page", async ({ page, request }) => {
    expect(CITY_LINK_NAMES).toHaveLength(39);
    await openPage(page, "/b2c");
    const links = page.getByTestId("city-links").getByRole("link");
    await expect(links).toHaveCount(39);
    const hrefs = await links.evaluateAll((els) => els.map((e) => e.getAttribute("href")));
    expect(hrefs).toEqual(CITY_LINK_NAMES.map((n) => `/city/${n.toLowerCase()}`));
    for (const [i, href] of hrefs.entries()) {
      const res = await request.get(href as string);
      expect(res.status(), href as string).toBe(200);
      expect(await res.text()).toContain(`Home Interior Warranty in ${CITY_LINK_NAMES[i]}`);
    }
  });

  test("locality lists show 20 names first, sorted, and Show All reveals the rest", async ({ page }) => {
    await openPage(page, "/");
    for (const city of ["bengaluru", "chennai"]) {
      const section = page.getByTestId(`localities-${city}`);
      const links = section.getByRole("link");
      await expect(links).toHaveCount(20);
      const names = await links.allTextContents();
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en-IN")));
      await section.getByRole("button", { name: "Show All" }).click();
      expect(await links.count()).toBeGreaterThan(20);
      await expect(section.getByRole("button", { name: "Show Less" })).toHaveAttribute(
        "aria-expanded",
        "true",
      );
    }
  });

  test("the footer carries quick links, plans, contact details and legal links", async ({ page }) => {
    await openPage(page, "/");
    const footer = page.locator("footer");
    await expect(footer.getByRole("link", { name: "B2B Solutions" })).toHaveAttribute("href", "/b2b");
    await expect(footer.getByRole("link", { name: "Essential Plan" })).toBeVisible();
    await expect(footer.getByText("Chennai", { exact: false }).first()).toBeVisible();
    // each legal link leads to its own page, none to the top of this one
    for (const [name, href] of [
      ["Privacy Policy", "/privacy"],
      ["Terms of Service", "/terms"],
      ["Warranty Terms", "/warranty-terms"],
      ["Refund Policy", "/cancellation-and-refunds"],
    ]) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
  });

  test("on a laptop the help dock is the chat button alone", async ({ page }) => {
    await openPage(page, "/b2c");
    const dock = page.getByTestId("help-dock");
    await expect(dock.getByTestId("chat-launcher")).toBeVisible();
    await expect(dock.getByRole("link", { name: "Call" })).toBeHidden();
    await expect(dock.getByRole("link", { name: "Get a quote" })).toBeHidden();
  });

  test("the theme is light by default and survives a reload", async ({ page }) => {
    await openPage(page, "/");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.getByTestId("theme-toggle").click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByTestId("theme-toggle")).toHaveAttribute("aria-label", "Switch to light theme");
    await page.getByTestId("theme-toggle").click();
    await page.reload();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });

  test.describe("on a device set to dark mode", () => {
    test.use({ colorScheme: "dark" });

    test("with no stored choice the page is dark from the server's HTML, before the app's scripts", async ({
      page,
    }) => {
      // the app's scripts never arrive: what shows is the server's HTML and its head script alone
      await page.route("**/assets/**/*.js", (route) => route.abort());
      await page.goto("/");
      await expect(page.locator("html")).toHaveClass(/dark/);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const light = await page.evaluate(() => {
        document.documentElement.classList.remove("dark");
        return getComputedStyle(document.body).backgroundColor;
      });
      expect(background).not.toBe(light);
    });

    test("a stored choice of light still wins, and the toggle offers dark", async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem("theme", "light"));
      await openPage(page, "/");
      await expect(page.locator("html")).not.toHaveClass(/dark/);
      await expect(page.getByTestId("theme-toggle")).toHaveAttribute("aria-label", "Switch to dark theme");
    });

    test("the toggle shows the device's dark theme, and switching stores light", async ({ page }) => {
      await openPage(page, "/");
      await expect(page.getByTestId("theme-toggle")).toHaveAttribute("aria-label", "Switch to light theme");
      await page.getByTestId("theme-toggle").click();
      await expect(page.locator("html")).not.toHaveClass(/dark/);
      await page.reload();
      await expect(page.locator("html")).not.toHaveClass(/dark/);
    });
  });

  test("the theme toggle has a tooltip after the hover delay", async ({ page }) => {
    await openPage(page, "/");
    const delay = await timeInPage(page, '[data-testid="theme-toggle"]', "pointerenter", '[role="tooltip"]');
    await page.getByTestId("theme-toggle").hover();
    await expect(page.getByRole("tooltip")).toHaveText("Switch to dark theme");
    expect(await delay.elapsed()).toBeGreaterThanOrEqual(TOOLTIP_DELAY_MS - 20);
  });

  test.describe("below 768 px", () => {
    test.use({ viewport: { width: 375, height: 760 } });

    test("the header folds into a mobile menu", async ({ page }) => {
      await openPage(page, "/");
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("dialog", { name: "Menu" });
      await expect(menu).toBeVisible();
      for (const name of [
        "Home",
        "B2B Solutions",
        "B2C Policies",
        "Benefits",
        "Blog",
        "FAQs",
        "Contact",
        "Login",
        "Sign Up",
      ]) {
        await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
      }
      await menu.getByRole("link", { name: "FAQs" }).click();
      await expect(menu).toBeHidden();
      await expect(page).toHaveURL(/\/faqs$/);
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
      await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    });

    test("a bar stuck to the bottom offers Call and 'Get a quote' while the page scrolls", async ({
      page,
    }) => {
      await openPage(page, "/b2c");
      const dock = page.getByTestId("help-dock");
      const call = dock.getByRole("link", { name: "Call" });
      await expect(call).toHaveAttribute("href", "tel:+914448502200");
      await expect(dock.getByRole("link", { name: "Get a quote" })).toHaveAttribute("href", "/contact");
      await page.mouse.wheel(0, 2000);
      await expect(call).toBeInViewport();
      const bar = (await dock.boundingBox())!;
      expect(bar.y + bar.height).toBeCloseTo(760, 0);
    });
  });
});
