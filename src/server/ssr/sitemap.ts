import { paths, STATIC_PUBLIC_PAGES } from "../../shared/paths.ts";
import type { Db } from "../db/client.ts";
import { listBlogPosts, listCities, listLocalities } from "../modules/content/content.service.ts";

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Every public page, city, locality and blog post, as search engines expect it. */
export async function buildSitemap(db: Db, origin: string): Promise<string> {
  const [cities, localities, posts] = await Promise.all([
    listCities(db),
    listLocalities(db),
    listBlogPosts(db),
  ]);
  const entries: { path: string; lastmod?: string; priority: string }[] = [
    ...STATIC_PUBLIC_PAGES.map((path) => ({ path, priority: path === "/" ? "1.0" : "0.8" })),
    ...posts.map((p) => ({
      path: paths.blogPost(p.slug),
      lastmod: p.publishedAt.slice(0, 10),
      priority: "0.6",
    })),
    ...cities.map((c) => ({ path: paths.city(c.slug), priority: "0.7" })),
    ...localities.map((l) => ({ path: paths.locality(l.slug), priority: "0.5" })),
  ];
  const urls = entries
    .map(
      (e) =>
        `  <url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}<priority>${e.priority}</priority></url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function buildRobots(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /dashboard",
    "Disallow: /api",
    "Disallow: /purchases",
    "Disallow: /tickets",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
