/** Page addresses, built in one place for links, the sitemap and the tests. */
export const paths = {
  home: "/",
  b2b: "/b2b",
  b2c: "/b2c",
  faqs: "/faqs",
  contact: "/contact",
  blog: "/blog",
  auth: "/auth",
  dashboard: "/dashboard",
  admin: "/admin",
  adminCustomers: "/admin/customers",
  adminEnquiries: "/admin/enquiries",
  newTicket: "/tickets/new",
  blogPost: (slug: string) => `/blog/${slug}`,
  city: (slug: string) => `/city/${slug}`,
  locality: (slug: string) => `/locality/${slug}`,
  purchase: (id: number | string) => `/purchases/${id}`,
  ticket: (id: number | string) => `/tickets/${id}`,
  adminTicket: (id: number | string) => `/admin/tickets/${id}`,
  adminCustomer: (id: number | string) => `/admin/customers/${id}`,
} as const;

/** The public pages without parameters, in the order the sitemap lists them. */
export const STATIC_PUBLIC_PAGES = [
  paths.home,
  paths.b2b,
  paths.b2c,
  paths.faqs,
  paths.contact,
  paths.blog,
] as const;
