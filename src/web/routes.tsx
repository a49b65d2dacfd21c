import { type Access, fillPath } from "@shared/endpoints/define.ts";
import { parseId } from "@shared/ids.ts";
import { contentReads, LISTED_LOCALITY_CITIES } from "@web/lib/content.ts";
import { orderQuery, paymentOptionsQuery } from "@web/lib/orders.ts";
import type { ComponentType } from "react";
import { verifyCodeQuery, verifyLookupQuery } from "./features/portal/verify-api.ts";
import { apiQuery } from "./lib/api.ts";
import { type LazyPage, lazyPage, type PageProps } from "./lib/lazy-page.tsx";
import { b2cPlansQuery } from "./lib/plans.ts";

/** A read the server makes before rendering a page: its query key is the API path it loads. */
export interface PageRead {
  queryKey: readonly [string];
  /** `paged: true` for a paged list, whose total and next page come in the answer's headers */
  meta?: Record<string, unknown>;
}

/** The public lists whose items each have a page, for the sitemap. */
export type SitemapSource = "blog" | "cities" | "localities";

/**
 * The one route table. Every page is its own chunk, so a public page never downloads
 * portal or admin code.
 *
 * From this table: the router's routes; what the server prefetches for a page (`data`,
 * the same query options the page uses); the chunk the server preloads; the sitemap and
 * robots.txt; and the list of pages the end-to-end tests visit.
 */
export interface PageRoute {
  path: string;
  page: LazyPage<PageProps>;
  /**
   * the source modules the server looks up in Vite's manifest to preload: the page's, and
   * for a signed-in page the table that loads it
   */
  chunks: string[];
  /** who the page is for; robots.txt keeps crawlers out of every page that is not public */
  access: Access;
  /**
   * the reads, from the path's parameters and the address's query (a list's filters and
   * page); a signed-in page's may come from a module loaded when the server renders it
   */
  data?: (params: Record<string, string>, search: URLSearchParams) => PageRead[] | Promise<PageRead[]>;
  /**
   * Listed in the sitemap with this priority. A page with parameters has one address per
   * item of `each`, and `example` is the one the tests visit.
   */
  sitemap?: { priority: string; each?: SitemapSource; example?: Record<string, string> };
}

type PageModule = { default: ComponentType<PageProps> };

/**
 * The public pages' modules by file, code-split by Vite; the signed-in pages' are in
 * signed-in-pages.ts, a chunk of their own. Outside Vite (the sitemap on the server, the
 * end-to-end tests in Node) nothing loads pages, and `import.meta.env` is undefined, so
 * the table stays readable there.
 */
const PUBLIC_PAGE_MODULES: Record<string, () => Promise<PageModule>> = import.meta.env
  ? import.meta.glob<PageModule>("./pages/*-page.tsx")
  : {};
const SIGNED_IN_PAGES = "src/web/signed-in-pages.ts";

/** a page from its file under src/web/pages: the chunks to preload are derived from the same file */
function page(file: string): Pick<PageRoute, "page" | "chunks"> {
  const chunk = `src/web/pages/${file}`;
  if (file.includes("/")) {
    return {
      page: lazyPage(() => import("./signed-in-pages.ts").then((m) => m.loadSignedInPage(file))),
      chunks: [SIGNED_IN_PAGES, chunk],
    };
  }
  const load = PUBLIC_PAGE_MODULES[`./pages/${file}`];
  if (import.meta.env && !load) throw new Error(`No page module ${chunk}`);
  return { page: lazyPage(() => load()), chunks: [chunk] };
}

/**
 * The console's and the partner's reads, from modules of their own: this table is part of
 * every page's entry script, and those modules (with the list helpers they share with the
 * console's pages) would otherwise be downloaded by every visitor of the public site.
 */
const adminReads = () => import("./features/admin/ticket-view.ts");
const partnerReads = () => import("./features/partner/reads.ts");

/** a record id from the address, or no read at all: the page shows its own not-found state */
const byId = (raw: string, read: (id: number) => PageRead): PageRead[] => {
  const id = parseId(raw);
  return id === null ? [] : [read(id)];
};

export const routes: PageRoute[] = [
  {
    path: "/",
    ...page("home-page.tsx"),
    access: "public",
    sitemap: { priority: "1.0" },
    data: () => [
      contentReads.cities(),
      contentReads.b2bPlans(),
      contentReads.b2cPlans(),
      paymentOptionsQuery(),
      contentReads.coverages(),
      contentReads.testimonials(),
      contentReads.faqs(),
      contentReads.blog(),
    ],
  },
  {
    path: "/b2b",
    ...page("b2b-page.tsx"),
    access: "public",
    sitemap: { priority: "0.8" },
    data: () => [contentReads.b2bPlans(), contentReads.testimonials()],
  },
  {
    path: "/b2c",
    ...page("b2c-page.tsx"),
    access: "public",
    sitemap: { priority: "0.8" },
    data: () => [contentReads.coverages(), contentReads.b2cPlans(), paymentOptionsQuery()],
  },
  // a homeowner plan bought online: public, as signing in or up is its first step
  {
    path: "/buy/:planId",
    ...page("buy-page.tsx"),
    access: "public",
    data: () => [contentReads.b2cPlans(), paymentOptionsQuery()],
  },
  {
    path: "/faqs",
    ...page("faqs-page.tsx"),
    access: "public",
    sitemap: { priority: "0.8" },
    data: () => [contentReads.faqs()],
  },
  { path: "/contact", ...page("contact-page.tsx"), access: "public", sitemap: { priority: "0.8" } },
  {
    path: "/warranty-terms",
    ...page("warranty-terms-page.tsx"),
    access: "public",
    sitemap: { priority: "0.5" },
    data: () => [contentReads.b2cPlans()],
  },
  {
    path: "/cancellation-and-refunds",
    ...page("refunds-page.tsx"),
    access: "public",
    sitemap: { priority: "0.4" },
  },
  {
    path: "/blog",
    ...page("blog-page.tsx"),
    access: "public",
    sitemap: { priority: "0.8" },
    data: () => [contentReads.blog()],
  },
  {
    path: "/blog/:slug",
    ...page("blog-post-page.tsx"),
    access: "public",
    sitemap: {
      priority: "0.6",
      each: "blog",
      example: { slug: "caring-for-soft-close-hinges-and-drawer-channels" },
    },
    data: ({ slug }) => [contentReads.blogPost(slug)],
  },
  {
    path: "/city/:slug",
    ...page("city-page.tsx"),
    access: "public",
    sitemap: { priority: "0.7", each: "cities", example: { slug: "chennai" } },
    data: ({ slug }) => [contentReads.city(slug), contentReads.b2cPlans(), paymentOptionsQuery()],
  },
  {
    path: "/locality/:slug",
    ...page("locality-page.tsx"),
    access: "public",
    sitemap: { priority: "0.5", each: "localities", example: { slug: "adyar-chennai" } },
    data: ({ slug }) => [contentReads.locality(slug)],
  },
  { path: "/privacy", ...page("privacy-page.tsx"), access: "public", sitemap: { priority: "0.3" } },
  { path: "/terms", ...page("terms-page.tsx"), access: "public", sitemap: { priority: "0.3" } },
  // A certificate's public check: server-rendered and the same for every visitor, but never
  // in the sitemap or a search index (noindex, and X-Robots-Tag from the server)
  {
    path: "/verify",
    ...page("verify-page.tsx"),
    access: "public",
    data: (_params, search) => {
      const lookup = verifyLookupQuery(search);
      return lookup ? [lookup] : [];
    },
  },
  {
    path: "/verify/:code",
    ...page("verify-page.tsx"),
    access: "public",
    data: ({ code }) => [verifyCodeQuery(code)],
  },
  // Sign-in, the customer's portal and the staff console: rendered in the browser behind
  // their guards; the server sends the chrome and a spinner.
  { path: "/auth", ...page("portal/auth-page.tsx"), access: "public" },
  { path: "/reset-password", ...page("portal/reset-password-page.tsx"), access: "public" },
  // the link that proves an e-mail address: public, as it works signed in or not
  { path: "/confirm-email", ...page("portal/confirm-email-page.tsx"), access: "public" },
  // the buyer's link from a transfer e-mail: public, so a guest is asked to sign in and comes back with the link
  { path: "/transfer", ...page("portal/transfer-page.tsx"), access: "public" },
  { path: "/unsubscribe", ...page("unsubscribe-page.tsx"), access: "public" },
  { path: "/rate", ...page("rate-page.tsx"), access: "public" },
  {
    path: "/dashboard",
    ...page("portal/dashboard-page.tsx"),
    access: "user",
    // signed-in reads go through the visitor's own session; a guest's 401 never shows (the guard redirects)
    data: () => [apiQuery("GET /api/purchases"), apiQuery("GET /api/tickets")],
  },
  {
    path: "/purchases/:id",
    ...page("portal/purchase-page.tsx"),
    access: "user",
    data: ({ id }) => byId(id, (id) => apiQuery("GET /api/purchases/:id", { params: { id } })),
  },
  {
    path: "/purchases/:id/renew",
    ...page("portal/renew-page.tsx"),
    access: "user",
    data: ({ id }) => [
      ...byId(id, (id) => apiQuery("GET /api/purchases/:id", { params: { id } })),
      ...byId(id, (id) => apiQuery("GET /api/purchases/:id/renewal", { params: { id } })),
    ],
  },
  {
    path: "/orders/:id",
    ...page("portal/order-page.tsx"),
    access: "user",
    data: ({ id }) => byId(id, (id) => orderQuery(id)),
  },
  {
    path: "/tickets/new",
    ...page("portal/new-ticket-page.tsx"),
    access: "user",
    data: () => [apiQuery("GET /api/purchases")],
  },
  {
    path: "/tickets/:id",
    ...page("portal/ticket-page.tsx"),
    access: "user",
    data: ({ id }) => byId(id, (id) => apiQuery("GET /api/tickets/:id", { params: { id } })),
  },
  // a partner's user registers homes from a CSV; before a file is chosen, only the organisation's name
  {
    path: "/partner/import",
    ...page("partner/import-page.tsx"),
    access: "partner",
    data: async () => [(await partnerReads()).partnerOverviewQuery()],
  },
  {
    path: "/admin",
    ...page("admin/admin-page.tsx"),
    access: "office",
    // the counts and the queue's first page come with the HTML: at 100,000 tickets the
    // console's scripts took ~1.5 s to load and ask for them
    data: async (_params, search) => (await adminReads()).adminDashboardReads(search),
  },
  // a technician works here too, on the tickets assigned to them
  { path: "/admin/tickets", ...page("admin/admin-my-tickets-page.tsx"), access: "staff" },
  { path: "/admin/tickets/:id", ...page("admin/admin-ticket-page.tsx"), access: "staff" },
  { path: "/admin/technicians", ...page("admin/admin-technicians-page.tsx"), access: "office" },
  { path: "/visit", ...page("visit-page.tsx"), access: "public" },
  { path: "/admin/customers", ...page("admin/admin-customers-page.tsx"), access: "office" },
  { path: "/admin/customers/:id", ...page("admin/admin-customer-page.tsx"), access: "office" },
  { path: "/admin/enquiries", ...page("admin/admin-enquiries-page.tsx"), access: "office" },
  { path: "/admin/security", ...page("admin/admin-security-page.tsx"), access: "office" },
  { path: "/admin/privacy", ...page("admin/admin-privacy-page.tsx"), access: "office" },
  { path: "/admin/outbox", ...page("admin/admin-outbox-page.tsx"), access: "office" },
  { path: "/admin/news", ...page("admin/admin-news-page.tsx"), access: "office" },
  { path: "/admin/metrics", ...page("admin/admin-metrics-page.tsx"), access: "office" },
  { path: "/admin/service-levels", ...page("admin/admin-service-levels-page.tsx"), access: "office" },
  { path: "/admin/transfers", ...page("admin/admin-transfers-page.tsx"), access: "office" },
  { path: "/admin/renewals", ...page("admin/admin-renewals-page.tsx"), access: "office" },
  { path: "/admin/orders", ...page("admin/admin-orders-page.tsx"), access: "office" },
  { path: "/admin/partners", ...page("admin/admin-partners-page.tsx"), access: "office" },
  { path: "/admin/partners/:id", ...page("admin/admin-partner-page.tsx"), access: "office" },
  // a B2B partner's users: their organisation's registrations, homes and claims
  {
    path: "/partner",
    ...page("partner/partner-dashboard-page.tsx"),
    access: "partner",
    data: async (_params, search) => (await partnerReads()).partnerDashboardReads(search),
  },
  {
    path: "/partner/handovers/new",
    ...page("partner/partner-handover-page.tsx"),
    access: "partner",
    data: async () => [(await partnerReads()).partnerOverviewQuery(), b2cPlansQuery()],
  },
  {
    path: "/partner/members",
    ...page("partner/partner-members-page.tsx"),
    access: "partner",
    data: async () => [(await partnerReads()).partnerOverviewQuery()],
  },
];

export const notFoundRoute = page("not-found-page.tsx");

/** One address for each page of the sitemap: the page itself, or its example. What the tests and load runs visit. */
export const SAMPLE_PUBLIC_PAGES = routes
  .filter((r) => r.sitemap)
  .map((r) => fillPath(r.path, r.sitemap?.example));

/** Reads every page's chrome needs: the two locality lists in the footer area. */
export const CHROME_DATA: PageRead[] = [
  ...LISTED_LOCALITY_CITIES.map((c) => contentReads.localitiesOfCity(c.id)),
  contentReads.socialLinks(),
];

/** Matches "/city/:slug"-style patterns; params are URL-decoded. */
function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split("/").filter(Boolean);
  const got = pathname.split("/").filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(":")) {
      try {
        params[want[i].slice(1)] = decodeURIComponent(got[i]);
      } catch {
        return null;
      }
    } else if (want[i] !== got[i]) return null;
  }
  return params;
}

export function findRoute(pathname: string): { route: PageRoute; params: Record<string, string> } | null {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}
