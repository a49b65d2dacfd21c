/** the enquiry form's section: where a chosen plan lands, and where a form posted without scripts returns */
export const ENQUIRY_ANCHOR = "enquiry";

/** the ticket page's reply box, which takes photos with a message */
export const TICKET_REPLY_ANCHOR = "reply";

/** Page addresses, built in one place for links, the sitemap and the tests. */
export const paths = {
  home: "/",
  b2b: "/b2b",
  b2c: "/b2c",
  faqs: "/faqs",
  contact: "/contact",
  /** the contact form with an area of interest chosen: /contact?interest=b2c-premium */
  contactAbout: (interest: string) => `/contact?interest=${encodeURIComponent(interest)}`,
  /**
   * The same, landing at the form itself rather than at the top of the page, which puts it
   * about 1,400 px down on a phone: a plan's 'Select Plan'. The anchor scrolls before scripts too.
   */
  contactFormAbout: (interest: string) =>
    `/contact?interest=${encodeURIComponent(interest)}#${ENQUIRY_ANCHOR}`,
  blog: "/blog",
  warrantyTerms: "/warranty-terms",
  refunds: "/cancellation-and-refunds",
  auth: "/auth",
  dashboard: "/dashboard",
  admin: "/admin",
  adminCustomers: "/admin/customers",
  adminEnquiries: "/admin/enquiries",
  adminSecurity: "/admin/security",
  adminPrivacy: "/admin/privacy",
  privacy: "/privacy",
  terms: "/terms",
  adminOutbox: "/admin/outbox",
  adminNews: "/admin/news",
  adminMetrics: "/admin/metrics",
  adminServiceLevels: "/admin/service-levels",
  adminRenewals: "/admin/renewals",
  /** online orders paid by UPI: confirm, cancel, reconcile a bank statement */
  adminOrders: "/admin/orders",
  resetPassword: "/reset-password",
  /** a link that proves an e-mail address; the e-mail adds `#token=…` */
  confirmEmail: "/confirm-email",
  unsubscribe: "/unsubscribe",
  /** a "resolved" e-mail's score links: ?ticket=…&r=…&e=…&s=…&score=1..5 (a page; only its button records) */
  rate: "/rate",
  /** a visit's e-mail links: ?token=…&action=confirm|change (a page; only its button records) */
  visitAnswer: "/visit",
  adminTechnicians: "/admin/technicians",
  /** a technician's console landing: their own tickets */
  adminTickets: "/admin/tickets",
  /** the buyer's acceptance of a policy transfer; the e-mail adds `#token=…` */
  transfer: "/transfer",
  adminTransfers: "/admin/transfers",
  /** a partner user's dashboard: the month's quota, homes, claims and the root-cause scorecard */
  partner: "/partner",
  partnerHandover: "/partner/handovers/new",
  partnerImport: "/partner/import",
  /** an owner manages the partner's users */
  partnerMembers: "/partner/members",
  /** the B2B partners: staff's list, and one partner's details, users and statements */
  adminPartners: "/admin/partners",
  newTicket: "/tickets/new",
  /**
   * "Report a problem": the claim form (a new ticket); a visitor not signed in goes through
   * sign-in and lands on the form (/auth?next=, as the page guard itself would send them)
   */
  reportProblem: (signedIn: boolean) =>
    signedIn ? "/tickets/new" : `/auth?next=${encodeURIComponent("/tickets/new")}`,
  /** the public certificate check: a policy number and the home's PIN code, or a certificate's code */
  verify: "/verify",
  blogPost: (slug: string) => `/blog/${slug}`,
  city: (slug: string) => `/city/${slug}`,
  locality: (slug: string) => `/locality/${slug}`,
  purchase: (id: number | string) => `/purchases/${id}`,
  /** the holder's renewal page: choose a plan and ask, or see how the renewal is going (renewal e-mails link here) */
  renewPurchase: (id: number | string) => `/purchases/${id}/renew`,
  /** buy a homeowner plan online: sign in, the property, review, pay by UPI */
  buy: (planId: number | string) => `/buy/${planId}`,
  /** an online order: its UPI QR code and the UTR form (order e-mails link here) */
  order: (id: number | string) => `/orders/${id}`,
  ticket: (id: number | string) => `/tickets/${id}`,
  /** the ticket at its reply box: where a customer adds photos */
  ticketReply: (id: number | string) => `/tickets/${id}#${TICKET_REPLY_ANCHOR}`,
  adminTicket: (id: number | string) => `/admin/tickets/${id}`,
  adminCustomer: (id: number | string) => `/admin/customers/${id}`,
  adminPartner: (id: number | string) => `/admin/partners/${id}`,
} as const;
