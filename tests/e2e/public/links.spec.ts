import { expect, type Page, test } from "@playwright/test";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { openPage, PUBLIC_PAGES } from "../fixtures/site.ts";

/**
 * No dead links: every link on the built site leads somewhere. A guest's crawl follows the
 * server-rendered HTML from the public pages to everything they link to; the signed-in
 * crawl reads the rendered portal and console pages. A link fails when its page answers
 * an error, or when its #fragment names nothing on the page it points to.
 */

const hrefsIn = (html: string) =>
  [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((m) => m[1].replaceAll("&amp;", "&"));
const idsIn = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));

/** the site's own page for a link, or null for another site, mail, phone and API files */
function ownPage(href: string, from: string, origin: string): URL | null {
  if (/^(mailto:|tel:|javascript:)/i.test(href)) return null;
  const url = new URL(href, new URL(from, origin));
  if (url.origin !== origin || url.pathname.startsWith("/api/") || url.pathname.startsWith("/assets/")) {
    return null;
  }
  return url;
}

test("a guest's crawl of the site finds no dead link", async ({ request, baseURL }) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL ?? "").origin;
  const html = new Map<string, { status: number; ids: Set<string>; hrefs: string[] }>();
  const queue = [...PUBLIC_PAGES, "/auth", "/this-page-does-not-exist"];
  const dead: string[] = [];
  const links: { from: string; url: URL; href: string }[] = [];

  while (queue.length > 0 && html.size < 600) {
    const path = queue.shift() as string;
    if (html.has(path)) continue;
    const res = await request.get(path, { maxRedirects: 0 });
    const body = res.headers()["content-type"]?.includes("text/html") ? await res.text() : "";
    const hrefs = hrefsIn(body);
    html.set(path, { status: res.status(), ids: idsIn(body), hrefs });
    for (const href of hrefs) {
      if (href === "" || href === "#") {
        dead.push(`${path}: an empty link`);
        continue;
      }
      const url = ownPage(href, path, origin);
      if (!url) continue;
      links.push({ from: path, url, href });
      // pages reached from a real page are crawled in turn; the 404 page's links count, its own status does not
      if (!html.has(url.pathname) && !queue.includes(url.pathname)) queue.push(url.pathname);
    }
  }

  for (const { from, url, href } of links) {
    const target = html.get(url.pathname);
    if (!target) continue; // past the crawl's limit
    // a link within the page itself (the 404 page's skip link) is only as good as its fragment
    if (target.status >= 400 && url.pathname !== from) dead.push(`${from}: ${href} answers ${target.status}`);
    const fragment = decodeURIComponent(url.hash.slice(1));
    if (fragment && !target.ids.has(fragment)) dead.push(`${from}: ${href} names no #${fragment}`);
  }
  expect(html.size, "pages crawled").toBeGreaterThan(80);
  expect([...new Set(dead)]).toEqual([]);
});

/** the links a rendered page shows, from the browser */
async function renderedLinks(page: Page, path: string): Promise<string[]> {
  await openPage(page, path);
  await page.waitForLoadState("networkidle");
  return page.locator("a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
}

async function checkSignedInPages(page: Page, paths: string[], origin: string) {
  const dead: string[] = [];
  const checked = new Map<string, number>();
  for (const path of paths) {
    for (const href of await renderedLinks(page, path)) {
      if (href === "" || href === "#") {
        dead.push(`${path}: an empty link`);
        continue;
      }
      const url = ownPage(href, path, origin);
      if (!url) continue;
      const key = url.pathname + url.search;
      if (!checked.has(key)) {
        checked.set(key, (await page.request.get(key, { maxRedirects: 0 })).status());
      }
      const status = checked.get(key) ?? 0;
      if (status >= 400) dead.push(`${path}: ${href} answers ${status}`);
    }
  }
  expect(checked.size, "links checked").toBeGreaterThan(5);
  expect([...new Set(dead)]).toEqual([]);
}

test("a customer's portal pages have no dead links", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await loginAs(page, DEMO.customer);
  const policies = (await (await page.request.get("/api/purchases")).json()) as {
    purchase: { id: number };
  }[];
  const tickets = (await (await page.request.get("/api/tickets")).json()) as { id: number }[];
  await checkSignedInPages(
    page,
    ["/dashboard", `/purchases/${policies[0].purchase.id}`, "/tickets/new", `/tickets/${tickets[0].id}`],
    new URL(baseURL ?? "").origin,
  );
});

test("the staff console has no dead links", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await loginAs(page, DEMO.admin);
  await checkSignedInPages(
    page,
    ["/admin", "/admin/customers", "/admin/enquiries", "/admin/security"],
    new URL(baseURL ?? "").origin,
  );
});
