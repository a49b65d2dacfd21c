import type { ComponentType } from "react";
import { contentPaths, LISTED_LOCALITY_CITIES } from "./features/content/api.ts";
import { type LazyPage, lazyPage, type PageProps } from "./lib/lazy-page.tsx";

/**
 * The one route table. Every page is its own chunk, so a public page never downloads
 * portal or admin code. `data` lists the API reads the server prefetches for a page
 * (keys of the same TanStack queries the page uses); `chunk` is the page's source module,
 * which the server looks up in Vite's manifest to preload it.
 */
export interface PageRoute {
  path: string;
  page: LazyPage<PageProps>;
  chunk: string;
  data?: (params: Record<string, string>) => string[];
  /** public pages are server-rendered with data, listed in the sitemap and checked by axe */
  public: boolean;
}

type PageModule = Promise<{ default: ComponentType<PageProps> }>;
const page = (load: () => PageModule) => lazyPage(load);

export const routes: PageRoute[] = [
  {
    path: "/",
    page: page(() => import("./pages/home-page.tsx")),
    chunk: "src/web/pages/home-page.tsx",
    public: true,
    data: () => [
      contentPaths.cities,
      contentPaths.b2bPlans,
      contentPaths.b2cPlans,
      contentPaths.coverages,
      contentPaths.testimonials,
      contentPaths.faqs,
      contentPaths.blog,
    ],
  },
  {
    path: "/b2b",
    page: page(() => import("./pages/b2b-page.tsx")),
    chunk: "src/web/pages/b2b-page.tsx",
    public: true,
    data: () => [contentPaths.b2bPlans, contentPaths.testimonials],
  },
  {
    path: "/b2c",
    page: page(() => import("./pages/b2c-page.tsx")),
    chunk: "src/web/pages/b2c-page.tsx",
    public: true,
    data: () => [contentPaths.coverages, contentPaths.b2cPlans],
  },
  {
    path: "/faqs",
    page: page(() => import("./pages/faqs-page.tsx")),
    chunk: "src/web/pages/faqs-page.tsx",
    public: true,
    data: () => [contentPaths.faqs],
  },
  {
    path: "/contact",
    page: page(() => import("./pages/contact-page.tsx")),
    chunk: "src/web/pages/contact-page.tsx",
    public: true,
  },
  {
    path: "/blog",
    page: page(() => import("./pages/blog-page.tsx")),
    chunk: "src/web/pages/blog-page.tsx",
    public: true,
    data: () => [contentPaths.blog],
  },
  {
    path: "/blog/:slug",
    page: page(() => import("./pages/blog-post-page.tsx")),
    chunk: "src/web/pages/blog-post-page.tsx",
    public: true,
    data: ({ slug }) => [contentPaths.blogPost(slug)],
  },
  {
    path: "/city/:slug",
    page: page(() => import("./pages/city-page.tsx")),
    chunk: "src/web/pages/city-page.tsx",
    public: true,
    data: ({ slug }) => [contentPaths.city(slug), contentPaths.b2cPlans],
  },
  {
    path: "/locality/:slug",
    page: page(() => import("./pages/locality-page.tsx")),
    chunk: "src/web/pages/locality-page.tsx",
    public: true,
    data: ({ slug }) => [contentPaths.locality(slug)],
  },
  // Signed-in and admin pages (issue 4 and the admin issue): rendered in the browser only,
  // behind their guards; the server sends the chrome and a spinner.
  {
    path: "/auth",
    page: page(() => import("./pages/portal/auth-page.tsx")),
    chunk: "src/web/pages/portal/auth-page.tsx",
    public: false,
  },
  {
    path: "/dashboard",
    page: page(() => import("./pages/portal/dashboard-page.tsx")),
    chunk: "src/web/pages/portal/dashboard-page.tsx",
    public: false,
    // signed-in reads go through the visitor's own session; a guest's 401 never shows (the guard redirects)
    data: () => ["/api/purchases", "/api/tickets"],
  },
  {
    path: "/purchases/:id",
    page: page(() => import("./pages/portal/purchase-page.tsx")),
    chunk: "src/web/pages/portal/purchase-page.tsx",
    public: false,
    data: ({ id }) => (/^[1-9]\d{0,9}$/.test(id) ? [`/api/purchases/${id}`] : []),
  },
  {
    path: "/tickets/new",
    page: page(() => import("./pages/portal/new-ticket-page.tsx")),
    chunk: "src/web/pages/portal/new-ticket-page.tsx",
    public: false,
    data: () => ["/api/purchases"],
  },
  {
    path: "/tickets/:id",
    page: page(() => import("./pages/portal/ticket-page.tsx")),
    chunk: "src/web/pages/portal/ticket-page.tsx",
    public: false,
    data: ({ id }) => (/^[1-9]\d{0,9}$/.test(id) ? [`/api/tickets/${id}`] : []),
  },
  {
    path: "/admin",
    page: page(() => import("./pages/admin/admin-page.tsx")),
    chunk: "src/web/pages/admin/admin-page.tsx",
    public: false,
  },
  {
    path: "/admin/tickets/:id",
    page: page(() => import("./pages/admin/admin-ticket-page.tsx")),
    chunk: "src/web/pages/admin/admin-ticket-page.tsx",
    public: false,
  },
  {
    path: "/admin/customers",
    page: page(() => import("./pages/admin/admin-customers-page.tsx")),
    chunk: "src/web/pages/admin/admin-customers-page.tsx",
    public: false,
  },
  {
    path: "/admin/customers/:id",
    page: page(() => import("./pages/admin/admin-customer-page.tsx")),
    chunk: "src/web/pages/admin/admin-customer-page.tsx",
    public: false,
  },
  {
    path: "/admin/enquiries",
    page: page(() => import("./pages/admin/admin-enquiries-page.tsx")),
    chunk: "src/web/pages/admin/admin-enquiries-page.tsx",
    public: false,
  },
];

export const notFoundRoute = {
  page: page(() => import("./pages/not-found-page.tsx")),
  chunk: "src/web/pages/not-found-page.tsx",
};

/** Reads every page's chrome needs: the two locality lists in the footer area. */
export const CHROME_DATA = LISTED_LOCALITY_CITIES.map((c) => contentPaths.localitiesOfCity(c.id));

/** Matches "/city/:slug"-style patterns; params are URL-decoded. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
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
