import { fillPath } from "../../shared/endpoints/define.ts";
import { routes, type SitemapSource } from "../../web/routes.tsx";
import type { Db } from "../db/client.ts";
import { listBlogPosts, listCities, listLocalities } from "../modules/content/content.service.ts";

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** an item with a page: its address parameters, and when it last changed */
interface Item {
  slug: string;
  lastmod?: string;
}
interface Entry {
  path: string;
  lastmod?: string;
  priority: string;
}

/** the items of each public list that have a page of their own */
const sources: Record<SitemapSource, (db: Db) => Promise<Item[]>> = {
  blog: async (db) =>
    (await listBlogPosts(db)).map((p) => ({ slug: p.slug, lastmod: p.publishedAt.slice(0, 10) })),
  cities: listCities,
  localities: listLocalities,
};

/** Every page the route table lists for the sitemap: one address per item for pages with parameters. */
export async function buildSitemap(db: Db, origin: string): Promise<string> {
  const listed = routes.filter((r) => r.sitemap);
  const lists = await Promise.all(listed.map((r) => (r.sitemap?.each ? sources[r.sitemap.each](db) : null)));
  const entries = listed.flatMap((route, i): Entry[] => {
    const priority = route.sitemap!.priority;
    const items = lists[i];
    if (!items) return [{ path: route.path, priority }];
    return items.map((item) => ({
      path: fillPath(route.path, { slug: item.slug }),
      lastmod: item.lastmod,
      priority,
    }));
  });
  const urls = entries
    .map(
      (e) =>
        `  <url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}<priority>${e.priority}</priority></url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Crawlers stay out of the API and of every page that is not public (their first path segment). */
export function buildRobots(origin: string): string {
  const privateAreas = new Set(
    routes.filter((r) => r.access !== "public").map((r) => `/${r.path.split("/")[1]}`),
  );
  return [
    "User-agent: *",
    "Allow: /",
    ...[...privateAreas].map((area) => `Disallow: ${area}`),
    "Disallow: /api",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
