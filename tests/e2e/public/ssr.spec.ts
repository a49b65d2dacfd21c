import { expect, test } from "@playwright/test";
import { CITY_LINK_NAMES, PUBLIC_PAGES } from "../fixtures/site.ts";

/** Server rendering, search engines and caching: checked over plain HTTP, before any script. */
test.describe("server-rendered HTML", () => {
  const expectations: { path: string; contains: string[]; title: string }[] = [
    {
      path: "/",
      title: "Home Interior Project Warranty Solutions",
      contains: [
        "Comprehensive Warranty Solutions for Home Interiors",
        "₹24,999 for 5 years",
        "₹4,999/month",
        "What Our Customers Say",
        "What does the warranty cover?",
        "Latest from Our Blog",
      ],
    },
    { path: "/b2b", title: "B2B Warranty Partnerships", contains: ["Custom Pricing", "Up to 10 projects"] },
    { path: "/b2c", title: "Homeowners", contains: ["₹79,999 for 10 years", "Hinges & Drawer Channels"] },
    { path: "/faqs", title: "Frequently Asked Questions", contains: ["Is there a waiting period"] },
    {
      path: "/contact",
      title: "Contact Us",
      contains: ["Ready to Protect Your Interiors?", "Send Us a Message"],
    },
    { path: "/blog", title: "Blog", contains: ["How to Care for Soft-Close Hinges and Drawer Channels"] },
    {
      path: "/blog/caring-for-soft-close-hinges-and-drawer-channels",
      title: "How to Care for Soft-Close Hinges",
      contains: ["A five-minute monthly check"],
    },
    {
      path: "/city/chennai",
      title: "Chennai",
      contains: ["Home Interior Warranty in Chennai", "₹45,999 for 10 years"],
    },
    { path: "/locality/adyar-chennai", title: "Adyar", contains: ["Home Interior Warranty in Adyar", "PIN"] },
    {
      path: "/warranty-terms",
      title: "Warranty Terms",
      contains: ["What no plan covers", "Modular kitchen carcass, shutters and baskets", "30 days"],
    },
    {
      path: "/cancellation-and-refunds",
      title: "Cancellation and Refunds",
      contains: ["Within 15 days: a full refund", "How refunds are paid"],
    },
  ];

  for (const e of expectations) {
    test(`${e.path} carries its content, head and data in the first response`, async ({ request }) => {
      const res = await request.get(e.path, { headers: { "accept-encoding": "gzip" } });
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toContain("text/html");
      const html = await res.text();
      // the visible text, as a crawler without JavaScript reads it
      const text = html
        .replace(/<!-- -->/g, "")
        .replace(/<[^>]+>/g, "")
        .replace(/&amp;/g, "&")
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"');
      for (const expected of e.contains) expect(text).toContain(expected);
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
      expect(title).toContain(e.title);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(html).toContain(`<link rel="canonical" href="`);
      expect(html).toContain(`<meta property="og:title"`);
      expect(html).toContain(`<script type="application/json" id="__APP_STATE__">`);
      // the chrome: 39 city links and the theme script before first paint
      expect(html.match(/href="\/city\/[a-z-]+"/g)?.length ?? 0).toBeGreaterThanOrEqual(
        CITY_LINK_NAMES.length,
      );
      expect(html.indexOf('localStorage.getItem("theme")')).toBeLessThan(html.indexOf("<body"));
    });
  }

  test("structured data fits each page", async ({ request }) => {
    const ld = async (path: string) => {
      const html = await (await request.get(path)).text();
      return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
        JSON.parse(m[1]),
      );
    };
    const types = (items: { "@type": string | string[] }[]) => items.flatMap((i) => i["@type"]);
    expect(types(await ld("/"))).toEqual(
      expect.arrayContaining(["Organization", "LocalBusiness", "FAQPage", "Product"]),
    );
    const b2c = await ld("/b2c");
    expect(b2c.find((i) => i["@type"] === "Product")?.offers).toMatchObject({ priceCurrency: "INR" });
    expect(types(await ld("/blog/caring-for-soft-close-hinges-and-drawer-channels"))).toContain(
      "BlogPosting",
    );
    expect(types(await ld("/city/chennai"))).toContain("BreadcrumbList");
    expect(types(await ld("/locality/adyar-chennai"))).toContain("BreadcrumbList");
    expect(types(await ld("/faqs"))).toContain("FAQPage");
  });

  test("the production CSP allows the inline theme script by its hash only", async ({ request }) => {
    const res = await request.get("/");
    const csp = res.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("unsafe-inline' 'unsafe-eval");
  });
});

test.describe("search engines", () => {
  test("sitemap.xml lists every public page, city, locality and post", async ({ request }) => {
    const res = await request.get("/sitemap.xml");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("xml");
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    for (const p of PUBLIC_PAGES.filter((p) => p.split("/").length === 2)) expect(locs).toContain(p);
    const [cities, posts, bengaluru, chennai] = await Promise.all(
      ["/api/cities", "/api/blog", "/api/localities/city/1", "/api/localities/city/5"].map(async (u) =>
        (await request.get(u)).json(),
      ),
    );
    for (const c of cities) expect(locs).toContain(`/city/${c.slug}`);
    for (const p of posts) expect(locs).toContain(`/blog/${p.slug}`);
    for (const l of [...bengaluru, ...chennai]) expect(locs).toContain(`/locality/${l.slug}`);
  });

  test("robots.txt keeps crawlers out of private areas and points to the sitemap", async ({ request }) => {
    const txt = await (await request.get("/robots.txt")).text();
    for (const p of ["/admin", "/dashboard", "/api"]) expect(txt).toContain(`Disallow: ${p}`);
    expect(txt).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
  });
});

test.describe("assets", () => {
  test("hashed assets are immutable and compressed; other files get a short cache", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    const style = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    expect(style).toBeTruthy();
    for (const asset of [script, style] as string[]) {
      const res = await request.get(asset, { headers: { "accept-encoding": "br, gzip" } });
      expect(res.status()).toBe(200);
      expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers()["content-encoding"]).toMatch(/br|gzip/);
    }
    const favicon = await request.get("/favicon.svg");
    expect(favicon.headers()["cache-control"]).toBe("public, max-age=3600");
    const page = await request.get("/", { headers: { "accept-encoding": "gzip" } });
    expect(page.headers()["content-encoding"]).toBe("gzip");
  });
});
