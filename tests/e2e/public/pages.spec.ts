import { expect, test } from "@playwright/test";
import { openPage } from "../fixtures/site.ts";

test.describe("public pages", () => {
  test("/b2b: partnership steps, plans with prices, a testimonial, FAQ and a side form", async ({ page }) => {
    await openPage(page, "/b2b");
    await expect(page.getByRole("heading", { name: "How the partnership works" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Why partners choose us" })).toBeVisible();
    await expect(page.getByText("₹4,999/month", { exact: true })).toBeVisible();
    await expect(page.getByText("plus GST", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Up to 10 projects", { exact: true })).toBeVisible();
    await expect(page.getByText("Up to 15 projects", { exact: true })).toBeVisible();
    await expect(page.getByText("Custom Pricing", { exact: true })).toBeVisible();
    await expect(page.getByText("Unlimited projects", { exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: /Rated/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Partnership questions" })).toBeVisible();
    await expect(page.locator("main").getByRole("link", { name: "Contact page" })).toHaveAttribute(
      "href",
      "/contact",
    );
    await expect(page.getByLabel("I'm Interested In")).toHaveValue("b2b");
  });

  test("/b2c: coverage, three plans, custom quote and an enquiry form", async ({ page }) => {
    await openPage(page, "/b2c");
    await expect(page.getByRole("heading", { name: "What's Covered" })).toBeVisible();
    await expect(
      page.locator("main").getByRole("heading", { level: 3, name: "Hinges & Drawer Channels" }),
    ).toBeVisible();
    await expect(page.getByText("₹45,999 for 10 years")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Select Plan/ })).toHaveCount(3);
    await expect(page.getByRole("link", { name: "Request Custom Quote" })).toHaveAttribute(
      "href",
      "/contact?interest=custom",
    );
    await expect(page.getByText("Price includes GST")).toHaveCount(3);
    await expect(page.getByRole("button", { name: "Send Message" })).toBeVisible();
  });

  test("/faqs: server FAQs plus five fixed ones, support phone and e-mail, and a form", async ({
    page,
    request,
  }) => {
    const faqs = (await (await request.get("/api/faqs")).json()) as unknown[];
    await openPage(page, "/faqs");
    const questions = page.locator("main section[aria-label='Questions and answers']").getByRole("button");
    await expect(questions).toHaveCount(faqs.length + 5);
    // "damage" is singular: the question reads "Is damage … covered?"
    await expect(
      questions.filter({ hasText: "Is damage from water leaks, pests or accidents covered?" }),
    ).toHaveCount(1);
    await expect(questions.filter({ hasText: /Are damage/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^\+91/ }).first()).toHaveAttribute("href", /^tel:/);
    await expect(page.locator("main").getByRole("link", { name: /@/ }).first()).toHaveAttribute(
      "href",
      /^mailto:/,
    );
    await expect(page.getByRole("heading", { name: "Send Us a Message" })).toBeVisible();
  });

  test("/contact: address, phones, e-mails, hours, form and location; no social links unless configured", async ({
    page,
  }) => {
    await openPage(page, "/contact");
    const contact = page.locator("#contact");
    await expect(contact.getByText("Get in touch")).toBeVisible();
    await expect(contact.getByRole("heading", { name: "Ready to Protect Your Interiors?" })).toBeVisible();
    await expect(contact.getByRole("heading", { name: "Office Address" })).toBeVisible();
    await expect(contact.getByRole("link", { name: /^\+91/ })).toHaveCount(2);
    await expect(contact.getByRole("link", { name: /@/ })).toHaveCount(2);
    await expect(contact.getByText("Closed")).toBeVisible();
    // the test server configures no social pages: no link to a network's home page
    await expect(page.getByText("Follow Us")).toHaveCount(0);
    await expect(
      page.locator('a[href*="facebook.com"], a[href*="x.com"], a[href*="twitter.com"]'),
    ).toHaveCount(0);
    await expect(contact.getByRole("heading", { name: "Send Us a Message" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Our Location" })).toBeVisible();
  });

  test("/blog: cards with date and excerpt, filtered by category", async ({ page, request }) => {
    const posts = (await (await request.get("/api/blog")).json()) as { category: string }[];
    const categories = [...new Set(posts.map((p) => p.category))];
    await openPage(page, "/blog");
    const filters = page.getByRole("group", { name: "Filter by category" }).getByRole("button");
    await expect(filters).toHaveText(["All", ...categories]);
    const cards = page.locator("main ul li");
    await expect(cards).toHaveCount(posts.length);
    await expect(page.getByTestId("blog-excerpt").first()).not.toBeEmpty();
    await expect(cards.first().locator("time")).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    const category = categories[0];
    await page.getByRole("button", { name: category, exact: true }).click();
    await expect(page.getByRole("button", { name: category, exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(cards).toHaveCount(posts.filter((p) => p.category === category).length);
    for (const badge of await cards.locator("span.rounded-full").allTextContents())
      expect(badge).toBe(category);
    await page.getByRole("button", { name: "All", exact: true }).click();
    await expect(cards).toHaveCount(posts.length);
  });

  test("/blog/{slug}: the article with its links onward", async ({ page }) => {
    await openPage(page, "/blog");
    const firstTitle = (await page.locator("main h3").first().textContent()) ?? "";
    await page
      .getByRole("link", { name: /^Read More/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(firstTitle);
    await expect(page).toHaveTitle(`${firstTitle} | Home Interior Project Warranty Solutions`);
    const article = page.locator("article");
    await expect(article.locator(".rich-text p").first()).toBeVisible();
    await expect(article.getByRole("link", { name: "B2C Policies" })).toHaveAttribute("href", "/b2c");
    await expect(article.getByRole("link", { name: "B2B Solutions" })).toHaveAttribute("href", "/b2b");
    await expect(article.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  });

  test("/city/{slug}: hero with buttons, the city's text and the B2C plans", async ({ page }) => {
    await openPage(page, "/city/chennai");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Home Interior Warranty in Chennai");
    const hero = page.locator("main section").first();
    await expect(hero.getByRole("link", { name: "B2C Policies" })).toHaveAttribute("href", "/b2c");
    await expect(hero.getByRole("link", { name: "B2B Solutions" })).toHaveAttribute("href", "/b2b");
    await expect(page.locator("main .rich-text").first()).not.toBeEmpty();
    await expect(page.getByText("₹24,999 for 5 years")).toBeVisible();
  });

  test("/locality/{slug}: name, PIN code, a way to the city, and a default text when empty", async ({
    page,
  }) => {
    await openPage(page, "/locality/adyar-chennai");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Home Interior Warranty in Adyar");
    await expect(page.getByText(/PIN \d{6}/)).toBeVisible();
    await page.getByRole("link", { name: "View Chennai" }).click();
    await expect(page).toHaveURL(/\/city\/chennai$/);

    await openPage(page, "/locality/kr-puram-bengaluru");
    await expect(page.getByTestId("locality-default-text")).toContainText("comprehensive warranty solutions");
  });
});

test.describe("not found", () => {
  const cases = [
    {
      path: "/city/atlantis",
      title: "City Not Found",
      text: "Sorry, the requested city is not available. Please try another location.",
    },
    {
      path: "/locality/nowhere",
      title: "Locality Not Found",
      text: "Sorry, the requested locality is not available. Please try another location.",
    },
    {
      path: "/blog/no-such-post",
      title: "Blog post not found",
      text: "The blog post you're looking for doesn't exist or has been removed.",
    },
    {
      path: "/no/such/page",
      title: "404 Page Not Found",
      text: "We couldn't find that page.",
    },
  ];
  for (const c of cases) {
    test(`${c.path} answers 404 with '${c.title}'`, async ({ page }) => {
      const response = await openPage(page, c.path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.title);
      await expect(page.getByText(c.text)).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await expect(page.locator("main").getByRole("link").first()).toBeVisible();
    });
  }

  test("the 404 page helps a visitor on: search, the main pages and the phone", async ({ page }) => {
    await openPage(page, "/no/such/page");
    const main = page.locator("main");
    await expect(main).not.toContainText("router");
    await expect(main.getByRole("link", { name: /^Call \+91 44 4850 2200/ })).toHaveAttribute(
      "href",
      "tel:+914448502200",
    );
    await expect(main.getByRole("link", { name: "FAQs" })).toBeVisible();
    await main.getByRole("searchbox", { name: "Search the site" }).fill("coimbatore");
    const found = main.getByRole("list", { name: "Pages found" }).getByRole("link");
    await expect(found).toHaveCount(1);
    await found.click();
    await expect(page).toHaveURL(/\/city\/coimbatore$/);
  });

  test("client-side navigation to a missing city shows the same page", async ({ page }) => {
    await openPage(page, "/");
    await page.evaluate(() => {
      history.pushState(null, "", "/city/atlantis");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("City Not Found");
  });

  test("unknown API paths keep answering JSON", async ({ request }) => {
    const res = await request.get("/api/definitely-not-here");
    expect(res.status()).toBe(404);
    expect(res.headers()["content-type"]).toContain("application/json");
    expect((await res.json()).message).toBeTruthy();
  });
});
