import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../tests/support/db-rows.ts";
import { multipartBody, TINY_PNG } from "../../../tests/support/multipart.ts";
import {
  createTestApp,
  login,
  SAMPLE_ENQUIRY,
  type TestApp,
  withDemoData,
} from "../../../tests/support/test-app.ts";
import { STAFF_ENROL_MESSAGE } from "../../shared/access.ts";
import { todayInIndia } from "../../shared/dates.ts";
import { splitKey } from "../../shared/endpoints/define.ts";
import { type EndpointName, endpoints } from "../../shared/endpoints/index.ts";
import type { PolicyListItem } from "../../shared/schemas/policy.ts";
import type { TicketListItem } from "../../shared/schemas/ticket.ts";

/**
 * Every endpoint of the contract × guest, customer A, customer B, admin, a technician, and
 * the demo partner's owner and member.
 * Resource ids belong to customer A, and A's ticket is not assigned to the technician (their
 * own tickets are tried in visits.test.ts). A row that names no technician expects of them
 * what it expects of customer B on a customer's call (another signed-in person), and 403 on
 * an admin call; the partner's owner expects the same (403 on an admin or staff call too), and
 * the member what the owner does unless the row says. Partner calls are 403 for everyone who
 * is not a partner user, and another partner's records are 404. "ok" is any 2xx. Every row
 * is also tried by the admin and the technician while two-factor sign-in is required of staff
 * and theirs is off (the last block). The table is keyed by the contract's endpoint
 * names, so an endpoint without a row does not compile, and the first test fails when the
 * server runs an /api route the contract does not describe, or misses one it does.
 */
type Who = "guest" | "a" | "b" | "admin" | "technician" | "partner" | "member";
type Expect = number | "ok";
interface Row {
  /** the path, or a function of the ids when it names a row */
  url: string | ((ids: Ids) => string);
  body?: (ids: Ids) => unknown;
  /** a body that is not JSON (a multipart upload) says its type */
  contentType?: string;
  expect: Record<Exclude<Who, "technician" | "partner" | "member">, Expect> & {
    technician?: Expect;
    partner?: Expect;
    member?: Expect;
  };
}
interface Ids {
  aPurchase: number;
  aTicket: number;
  /** a technician visit proposed on aTicket in the setup */
  aVisit: number;
  /** the demo technician's account */
  technicianId: number;
  /** a photo on aTicket */
  aAttachment: number;
  aCustomerId: number;
  inquiry: number;
  b2cPlan: number;
  /** a policy of customer A's issued in the setup, so it has a tax invoice, and that invoice's address */
  aInvoiced: number;
  aInvoiceUrl: string;
  /** a credit note against that invoice */
  aCreditNoteUrl: string;
  /** a policy of customer A's ending within 60 days (renewable), its plan, and a renewal of A's lapsed policy */
  aRenewable: number;
  aRenewablePlan: number;
  aRenewal: number;
  /** customer A's online orders: one to read and report, one for staff to confirm, one to cancel */
  aOrder: number;
  aOrderToConfirm: number;
  aOrderToCancel: number;
  /** a policy item of aPurchase with a photo, and an item and a photo for the removal rows */
  aItem: number;
  aItemPhoto: number;
  aItemToRemove: number;
  aPhotoToRemove: number;
  /** the demo partner, a B2B plan, and a member of another partner (not the demo partner's) */
  partner: number;
  b2bPlan: number;
  otherPartnerMember: number;
  /** an import of that other partner's */
  otherPartnerImport: number;
  /** a statement of the demo partner's, and one of the other partner's */
  statement: number;
  otherStatement: number;
}

const PUBLIC_READ = { guest: "ok", a: "ok", b: "ok", admin: "ok" } as const;
const OWN = { guest: 401, a: "ok", b: 404, admin: 404 } as const;
const SIGNED_IN = { guest: 401, a: "ok", b: "ok", admin: "ok" } as const;
const ADMIN = { guest: 401, a: 403, b: 403, admin: "ok" } as const;
/** the customer's own record, which staff may also act on */
const OWN_OR_STAFF = { ...OWN, admin: "ok" } as const;
/** anyone signed in reaches the body check, which refuses the sample input */
const SIGNED_IN_BAD_INPUT = { guest: 401, a: 400, b: 400, admin: 400 } as const;
/** the same answer whoever asks: input refused before any access matters, or nothing found */
const everyone = (status: number) => ({ guest: status, a: status, b: status, admin: status });
/** office staff, or the technician the ticket is assigned to: A's ticket is not the technician's */
const STAFF_TICKET = { guest: 401, a: 403, b: 403, admin: "ok", technician: 404 } as const;
/** the demo partner's users; everyone else, staff included, is refused */
const PARTNER = { guest: 401, a: 403, b: 403, admin: 403, partner: "ok", member: "ok" } as const;
const PARTNER_OWNER = { ...PARTNER, member: 403 } as const;
let invitations = 0;

/** a slot inside visiting hours: next week's Wednesday, 10:00 to 12:00 India time */
function nextWednesday(): string {
  const d = new Date(Date.now() + 7 * 86_400_000);
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const SLOT = { date: nextWednesday(), start: "10:00", end: "12:00" };

const PHOTO_FORM = multipartBody([
  { name: "file", filename: "damage.png", type: "image/png", data: TINY_PNG },
]);

const matrix: Record<EndpointName, Row> = {
  "GET /api/plans/:type": { url: "/api/plans/B2C", expect: PUBLIC_READ },
  "GET /api/coverages": { url: "/api/coverages", expect: PUBLIC_READ },
  "GET /api/testimonials": { url: "/api/testimonials", expect: PUBLIC_READ },
  "GET /api/faqs": { url: "/api/faqs", expect: PUBLIC_READ },
  "GET /api/blog": { url: "/api/blog", expect: PUBLIC_READ },
  "GET /api/blog/summaries": { url: "/api/blog/summaries", expect: PUBLIC_READ },
  "GET /api/blog/post/slug/:slug": { url: "/api/blog/post/slug/nope", expect: everyone(404) },
  "GET /api/cities": { url: "/api/cities", expect: PUBLIC_READ },
  "GET /api/social-links": { url: "/api/social-links", expect: PUBLIC_READ },
  "GET /api/cities/id/:cityId": { url: "/api/cities/id/5", expect: PUBLIC_READ },
  "GET /api/cities/:slug": { url: "/api/cities/chennai", expect: PUBLIC_READ },
  "GET /api/localities/city/:cityId": { url: "/api/localities/city/1", expect: PUBLIC_READ },
  "GET /api/localities/:slug": { url: "/api/localities/nowhere", expect: everyone(404) },
  "POST /api/inquiries": {
    url: "/api/inquiries",
    body: () => SAMPLE_ENQUIRY,
    expect: PUBLIC_READ,
  },
  "POST /api/register": { url: "/api/register", body: () => ({}), expect: everyone(400) },
  "POST /api/login": {
    url: "/api/login",
    body: () => ({ username: "nobody", password: "nothing1" }),
    expect: everyone(401),
  },
  "POST /api/logout": { url: "/api/logout", expect: PUBLIC_READ },
  "GET /api/user": { url: "/api/user", expect: SIGNED_IN },
  "PATCH /api/user": { url: "/api/user", body: () => ({ phone: "no" }), expect: SIGNED_IN_BAD_INPUT },
  "POST /api/user/email": { url: "/api/user/email", body: () => ({}), expect: SIGNED_IN_BAD_INPUT },
  // the demo accounts' addresses are proved already: nothing to resend
  "POST /api/user/email/resend": {
    url: "/api/user/email/resend",
    expect: { ...SIGNED_IN, a: 409, b: 409, admin: 409 },
  },
  "POST /api/email/confirm": {
    url: "/api/email/confirm",
    body: () => ({ token: "nope" }),
    expect: everyone(400),
  },
  "POST /api/user/password": {
    url: "/api/user/password",
    body: () => ({}),
    expect: SIGNED_IN_BAD_INPUT,
  },
  "GET /api/admin/security-events": { url: "/api/admin/security-events?limit=5", expect: ADMIN },
  "GET /api/user/export": { url: "/api/user/export", expect: SIGNED_IN },
  "DELETE /api/user": {
    url: "/api/user",
    body: () => ({ password: "not-the-password" }),
    expect: SIGNED_IN_BAD_INPUT,
  },
  "GET /api/user/consents": { url: "/api/user/consents", expect: SIGNED_IN },
  "POST /api/user/consents": {
    url: "/api/user/consents",
    body: () => ({ purpose: "marketing", given: false }),
    expect: SIGNED_IN,
  },
  "POST /api/privacy/grievances": {
    url: "/api/privacy/grievances",
    body: () => ({ name: "Visitor", email: "visitor@example.in", message: "Please tell me what you hold." }),
    expect: PUBLIC_READ,
  },
  "GET /api/admin/privacy-requests": {
    url: "/api/admin/privacy-requests?status=open&kind=erasure,grievance&sort=due&limit=5",
    expect: ADMIN,
  },
  "POST /api/admin/privacy-requests/:id/close": {
    url: "/api/admin/privacy-requests/999999/close",
    body: () => ({ note: "Answered by e-mail" }),
    expect: { ...ADMIN, admin: 404 },
  },
  // no sign-in is waiting for a second step here
  "POST /api/login/two-factor": {
    url: "/api/login/two-factor",
    body: () => ({ code: "123456" }),
    expect: everyone(401),
  },
  "GET /api/user/two-factor": { url: "/api/user/two-factor", expect: SIGNED_IN },
  "POST /api/user/two-factor/setup": { url: "/api/user/two-factor/setup", expect: SIGNED_IN },
  "POST /api/user/two-factor/confirm": {
    url: "/api/user/two-factor/confirm",
    body: () => ({ code: "not a code" }),
    expect: SIGNED_IN_BAD_INPUT,
  },
  "POST /api/user/two-factor/recovery-codes": {
    url: "/api/user/two-factor/recovery-codes",
    body: () => ({ code: "000000" }),
    expect: SIGNED_IN_BAD_INPUT,
  },
  "POST /api/user/two-factor/disable": {
    url: "/api/user/two-factor/disable",
    body: () => ({ password: "wrong-password", code: "000000" }),
    expect: SIGNED_IN_BAD_INPUT,
  },
  "GET /api/admin/settings/two-factor": { url: "/api/admin/settings/two-factor", expect: ADMIN },
  "GET /api/admin/canned-replies": { url: "/api/admin/canned-replies", expect: ADMIN },
  "POST /api/admin/canned-replies": {
    url: "/api/admin/canned-replies",
    body: () => ({ title: "Matrix greeting", body: "Hello {{customer_name}}" }),
    expect: ADMIN,
  },
  "PUT /api/admin/canned-replies/:id": {
    url: "/api/admin/canned-replies/999999",
    body: () => ({ title: "Nothing", body: "Nothing here" }),
    expect: { guest: 401, a: 403, b: 403, admin: 404 },
  },
  "DELETE /api/admin/canned-replies/:id": {
    url: "/api/admin/canned-replies/999999",
    expect: { guest: 401, a: 403, b: 403, admin: 404 },
  },
  "GET /api/admin/sla/targets": { url: "/api/admin/sla/targets", expect: ADMIN },
  "PUT /api/admin/sla/targets/:tier/:priority": {
    url: "/api/admin/sla/targets/Elite/urgent",
    body: () => ({ firstResponseHours: 2, resolutionHours: 9 }),
    expect: ADMIN,
  },
  "GET /api/admin/sla/holidays": { url: "/api/admin/sla/holidays", expect: ADMIN },
  "POST /api/admin/sla/holidays": {
    url: "/api/admin/sla/holidays",
    body: () => ({ day: "2030-06-03", name: "Matrix holiday" }),
    expect: ADMIN,
  },
  "DELETE /api/admin/sla/holidays/:day": {
    url: "/api/admin/sla/holidays/2031-06-03",
    expect: { guest: 401, a: 403, b: 403, admin: 404 },
  },
  "PATCH /api/admin/tickets/:id/waiting": {
    url: (i) => `/api/admin/tickets/${i.aTicket}/waiting`,
    body: () => ({ waiting: false }),
    expect: ADMIN,
  },
  "GET /api/admin/metrics": { url: "/api/admin/metrics?period=7", expect: ADMIN },
  "GET /api/admin/metrics.csv": { url: "/api/admin/metrics.csv?period=7", expect: ADMIN },
  "PUT /api/admin/settings/two-factor": {
    url: "/api/admin/settings/two-factor",
    body: () => ({ requiredForStaff: false }),
    expect: ADMIN,
  },
  "GET /api/purchases": { url: "/api/purchases", expect: SIGNED_IN },
  "GET /api/purchases/:id": { url: (i) => `/api/purchases/${i.aPurchase}`, expect: OWN_OR_STAFF },
  "GET /api/purchases/:id/certificate.pdf": {
    url: (i) => `/api/purchases/${i.aPurchase}/certificate.pdf`,
    expect: OWN_OR_STAFF,
  },
  "GET /api/purchases/:id/invoices": {
    url: (i) => `/api/purchases/${i.aInvoiced}/invoices`,
    expect: OWN_OR_STAFF,
  },
  "GET /api/purchases/:id/credit-notes": {
    url: (i) => `/api/purchases/${i.aInvoiced}/credit-notes`,
    expect: OWN_OR_STAFF,
  },
  "GET /api/purchases/:id/credit-notes/:creditNoteId": {
    url: (i) => i.aCreditNoteUrl,
    expect: OWN_OR_STAFF,
  },
  "POST /api/admin/purchases/:id/invoices/:invoiceId/credit-notes": {
    url: (i) => `${i.aInvoiceUrl}/credit-notes`.replace("/api/purchases/", "/api/admin/purchases/"),
    body: () => ({ amount: 100, reason: "Goodwill discount" }),
    expect: ADMIN,
  },
  // renewal: the holder asks (then staff find one already open), staff inspect and activate
  "GET /api/purchases/:id/renewal": {
    url: (i) => `/api/purchases/${i.aRenewable}/renewal`,
    expect: OWN_OR_STAFF,
  },
  "POST /api/purchases/:id/renewal": {
    url: (i) => `/api/purchases/${i.aRenewable}/renewal`,
    body: (i) => ({ planId: i.aRenewablePlan }),
    expect: { ...OWN, admin: 409 },
  },
  "GET /api/admin/renewals": { url: "/api/admin/renewals?status=inspection_required", expect: ADMIN },
  "POST /api/admin/renewals/:id/inspection": {
    url: (i) => `/api/admin/renewals/${i.aRenewal}/inspection`,
    body: () => ({ result: "passed" }),
    expect: ADMIN,
  },
  "POST /api/admin/renewals/:id/activate": {
    url: (i) => `/api/admin/renewals/${i.aRenewal}/activate`,
    body: () => ({ paymentReference: "UPI 412345678901" }),
    expect: ADMIN,
  },
  // online orders: the buyer places, reads and reports their own; staff list, confirm, cancel, reconcile
  "GET /api/payment-options": { url: "/api/payment-options", expect: PUBLIC_READ },
  "POST /api/orders": {
    url: "/api/orders",
    body: (i) => ({
      planId: i.b2cPlan,
      propertyAddress: "12 Lotus Residency, Anna Nagar",
      propertyCity: "Chennai",
      propertyState: "Tamil Nadu",
      propertyPincode: "600040",
    }),
    // plans are bought from a homeowner's account
    expect: { ...SIGNED_IN, admin: 403, technician: 403, partner: 403, member: 403 },
  },
  // the renewal A asked for above, paid online (staff get the same open order back)
  "POST /api/purchases/:id/renewal/order": {
    url: (i) => `/api/purchases/${i.aRenewable}/renewal/order`,
    expect: OWN_OR_STAFF,
  },
  "GET /api/orders/:id": { url: (i) => `/api/orders/${i.aOrder}`, expect: OWN_OR_STAFF },
  "POST /api/orders/:id/payment": {
    url: (i) => `/api/orders/${i.aOrder}/payment`,
    body: () => ({ utr: "412345678901" }),
    expect: OWN_OR_STAFF,
  },
  "GET /api/admin/orders": { url: "/api/admin/orders?status=awaiting_payment", expect: ADMIN },
  "POST /api/admin/orders/:id/confirm": {
    url: (i) => `/api/admin/orders/${i.aOrderToConfirm}/confirm`,
    body: () => ({}),
    expect: ADMIN,
  },
  "POST /api/admin/orders/:id/cancel": {
    url: (i) => `/api/admin/orders/${i.aOrderToCancel}/cancel`,
    body: () => ({ reason: "The customer asked us to cancel" }),
    expect: ADMIN,
  },
  "POST /api/admin/payments/import": {
    url: "/api/admin/payments/import",
    body: () => ({
      csv: "Date,Narration,Ref No,Credit\n01/11/2026,UPI/412345678902/HIPOAAAAAAAA,412345678902,100.00\n",
    }),
    expect: ADMIN,
  },
  "GET /api/purchases/:id/invoices/:invoiceId": {
    url: (i) => i.aInvoiceUrl,
    expect: OWN_OR_STAFF,
  },
  // the policy items answer to the holder and staff; another customer is told nothing exists
  "GET /api/purchases/:id/items": {
    url: (i) => `/api/purchases/${i.aPurchase}/items`,
    expect: OWN_OR_STAFF,
  },
  "POST /api/purchases/:id/items": {
    url: (i) => `/api/purchases/${i.aPurchase}/items`,
    body: () => ({ room: "Kitchen", itemType: "modular_kitchen" }),
    expect: OWN_OR_STAFF,
  },
  "PUT /api/purchases/:id/items/:itemId": {
    url: (i) => `/api/purchases/${i.aPurchase}/items/${i.aItem}`,
    body: () => ({ room: "Master bedroom", itemType: "wardrobe", brand: "Hettich" }),
    expect: OWN_OR_STAFF,
  },
  // removed by the holder, so staff after them find nothing
  "DELETE /api/purchases/:id/items/:itemId": {
    url: (i) => `/api/purchases/${i.aPurchase}/items/${i.aItemToRemove}`,
    expect: { ...OWN, admin: 404 },
  },
  "POST /api/purchases/:id/items/:itemId/photos": {
    url: (i) => `/api/purchases/${i.aPurchase}/items/${i.aItem}/photos`,
    body: () => PHOTO_FORM.payload,
    contentType: PHOTO_FORM.contentType,
    expect: OWN_OR_STAFF,
  },
  "GET /api/purchases/:id/items/:itemId/photos/:photoId": {
    url: (i) => `/api/purchases/${i.aPurchase}/items/${i.aItem}/photos/${i.aItemPhoto}`,
    expect: OWN_OR_STAFF,
  },
  "GET /api/purchases/:id/items/:itemId/photos/:photoId/thumbnail": {
    url: (i) => `/api/purchases/${i.aPurchase}/items/${i.aItem}/photos/${i.aItemPhoto}/thumbnail`,
    expect: OWN_OR_STAFF,
  },
  "DELETE /api/purchases/:id/items/:itemId/photos/:photoId": {
    url: (i) => `/api/purchases/${i.aPurchase}/items/${i.aItem}/photos/${i.aPhotoToRemove}`,
    expect: { ...OWN, admin: 404 },
  },
  // public: anyone may check a certificate, and an unknown one is "not found" for everyone
  "GET /api/verify/:code": { url: "/api/verify/not-a-real-code", expect: everyone(404) },
  "GET /api/verify": {
    url: "/api/verify?policyNumber=HIPW-2020-999999&pincode=600040",
    expect: everyone(404),
  },
  "GET /api/tickets": { url: "/api/tickets", expect: SIGNED_IN },
  "POST /api/tickets": {
    url: "/api/tickets",
    body: (i) => ({
      purchaseId: i.aPurchase,
      subject: "Hinge loose",
      description: "The hinge on the door is loose.",
    }),
    expect: { guest: 401, a: "ok", b: 400, admin: 400 },
  },
  "GET /api/tickets/:id": { url: (i) => `/api/tickets/${i.aTicket}`, expect: OWN },
  "GET /api/tickets/:id/messages": { url: (i) => `/api/tickets/${i.aTicket}/messages`, expect: OWN },
  "POST /api/tickets/:id/messages": {
    url: (i) => `/api/tickets/${i.aTicket}/messages`,
    body: () => ({ body: "Hello" }),
    expect: OWN,
  },
  // a technician's list is their own tickets
  "GET /api/admin/tickets": {
    url: () =>
      "/api/admin/tickets?status=open,in_progress&assignee=mine&sort=updated&dir=asc&q=hinge&limit=5",
    expect: { ...ADMIN, technician: "ok" },
  },
  "GET /api/admin/stats": { url: "/api/admin/stats", expect: ADMIN },
  "GET /api/admin/staff": { url: "/api/admin/staff", expect: ADMIN },
  "GET /api/admin/tickets/:id": { url: (i) => `/api/admin/tickets/${i.aTicket}`, expect: STAFF_TICKET },
  "GET /api/tickets/:id/notifications": {
    url: (i) => `/api/tickets/${i.aTicket}/notifications`,
    expect: OWN,
  },
  "GET /api/admin/tickets/:id/notifications": {
    url: (i) => `/api/admin/tickets/${i.aTicket}/notifications`,
    expect: ADMIN,
  },
  "GET /api/admin/outbox": { url: "/api/admin/outbox", expect: ADMIN },
  "GET /api/admin/outbox/:id": {
    url: "/api/admin/outbox/999999",
    expect: { guest: 401, a: 403, b: 403, admin: 404 },
  },
  "POST /api/admin/outbox/:id/retry": {
    url: "/api/admin/outbox/999999/retry",
    expect: { guest: 401, a: 403, b: 403, admin: 404 },
  },
  "POST /api/unsubscribe": {
    url: "/api/unsubscribe?u=1&t=AAAAAAAAAAAAAAAAAAAAAA",
    expect: everyone(400),
  },
  "GET /api/admin/news/audience": { url: "/api/admin/news/audience", expect: ADMIN },
  // an empty message: staff get its validation, nobody else gets that far
  "POST /api/admin/news": {
    url: "/api/admin/news",
    body: () => ({ subject: "", text: "", key: "matrix-news-1" }),
    expect: { ...ADMIN, admin: 400 },
  },
  // a rating link not signed by the server is refused to everyone alike
  "GET /api/ratings/link": {
    url: (i) => `/api/ratings/link?ticket=${i.aTicket}&r=1&e=9999999999&s=AAAAAAAAAAAAAAAAAAAAAA`,
    expect: everyone(400),
  },
  "POST /api/ratings": {
    url: "/api/ratings",
    body: (i) => ({ ticket: i.aTicket, r: 1, e: 9999999999, s: "AAAAAAAAAAAAAAAAAAAAAA", score: 5 }),
    expect: everyone(400),
  },
  // customer A's ticket is not resolved yet: A is told so, everyone else never learns it exists
  "POST /api/tickets/:id/rating": {
    url: (i) => `/api/tickets/${i.aTicket}/rating`,
    body: () => ({ score: 5 }),
    expect: { guest: 401, a: 409, b: 404, admin: 404 },
  },
  "POST /api/password/forgot": {
    url: "/api/password/forgot",
    body: () => ({ email: "nobody@example.in" }),
    expect: PUBLIC_READ,
  },
  "POST /api/password/reset": {
    url: "/api/password/reset",
    body: () => ({ token: "not-a-token", password: "a-new-password-1" }),
    expect: everyone(400),
  },
  "PATCH /api/admin/tickets/:id": {
    url: (i) => `/api/admin/tickets/${i.aTicket}`,
    body: () => ({ status: "open" }),
    expect: ADMIN,
  },
  "PATCH /api/admin/tickets/:id/assign": {
    url: (i) => `/api/admin/tickets/${i.aTicket}/assign`,
    expect: ADMIN,
  },
  "POST /api/admin/tickets/:id/messages": {
    url: (i) => `/api/admin/tickets/${i.aTicket}/messages`,
    body: () => ({ body: "Staff reply" }),
    expect: STAFF_TICKET,
  },
  // visits: A's ticket already has one being arranged (the setup proposed it), so a second is 409
  "POST /api/admin/tickets/:id/visits": {
    url: (i) => `/api/admin/tickets/${i.aTicket}/visits`,
    body: () => SLOT,
    expect: { ...STAFF_TICKET, admin: 409 },
  },
  "PUT /api/admin/tickets/:id/visits/:visitId": {
    url: (i) => `/api/admin/tickets/${i.aTicket}/visits/${i.aVisit}`,
    body: () => ({ ...SLOT, start: "14:00", end: "16:00" }),
    expect: STAFF_TICKET,
  },
  "POST /api/tickets/:id/visits/:visitId/confirm": {
    url: (i) => `/api/tickets/${i.aTicket}/visits/${i.aVisit}/confirm`,
    expect: OWN,
  },
  "POST /api/tickets/:id/visits/:visitId/change": {
    url: (i) => `/api/tickets/${i.aTicket}/visits/${i.aVisit}/change`,
    body: () => ({ note: "Evenings after 4 suit me better" }),
    expect: OWN,
  },
  // the setup's visit is next week: its outcome cannot be recorded before it begins
  "POST /api/admin/tickets/:id/visits/:visitId/outcome": {
    url: (i) => `/api/admin/tickets/${i.aTicket}/visits/${i.aVisit}/outcome`,
    body: () => ({ outcome: "fixed", notes: "Hinge replaced and aligned" }),
    expect: { ...STAFF_TICKET, admin: 409 },
  },
  // the technician asks about their own calendar
  "GET /api/admin/technicians/:id/free-slots": {
    url: (i) => `/api/admin/technicians/${i.technicianId}/free-slots?from=${SLOT.date}`,
    expect: { ...ADMIN, technician: "ok" },
  },
  // the e-mail's links need no sign-in; a token we did not sign is refused for everyone
  "GET /api/visits/answer": {
    url: "/api/visits/answer?token=1.0.AAAAAAAAAAAAAAAAAAAAAA",
    expect: everyone(400),
  },
  "POST /api/visits/answer": {
    url: "/api/visits/answer",
    body: () => ({ token: "1.0.AAAAAAAAAAAAAAAAAAAAAA", action: "confirm" }),
    expect: everyone(400),
  },
  "GET /api/admin/technicians": { url: "/api/admin/technicians?limit=5", expect: ADMIN },
  "POST /api/admin/technicians": {
    url: "/api/admin/technicians",
    body: () => ({
      firstName: "Ravi",
      lastName: "Kumar",
      username: "matrix-technician",
      email: "matrix-technician@example.in",
      password: "a long enough password",
    }),
    expect: ADMIN,
  },
  "POST /api/admin/technicians/:id/deactivate": {
    url: "/api/admin/technicians/999999/deactivate",
    expect: { ...ADMIN, admin: 404 },
  },
  // files answer to the ticket's owner and to staff; another customer is told nothing exists
  "POST /api/tickets/:id/attachments": {
    url: (i) => `/api/tickets/${i.aTicket}/attachments`,
    body: () => PHOTO_FORM.payload,
    contentType: PHOTO_FORM.contentType,
    expect: { guest: 401, a: "ok", b: 404, admin: "ok" },
  },
  "GET /api/tickets/:id/attachments/:attachmentId": {
    url: (i) => `/api/tickets/${i.aTicket}/attachments/${i.aAttachment}`,
    expect: { guest: 401, a: "ok", b: 404, admin: "ok" },
  },
  "GET /api/tickets/:id/attachments/:attachmentId/thumbnail": {
    url: (i) => `/api/tickets/${i.aTicket}/attachments/${i.aAttachment}/thumbnail`,
    expect: { guest: 401, a: "ok", b: 404, admin: "ok" },
  },
  "GET /api/admin/purchases": { url: "/api/admin/purchases", expect: ADMIN },
  "POST /api/admin/purchases": {
    url: "/api/admin/purchases",
    body: (i) => ({
      userId: i.aCustomerId,
      planId: i.b2cPlan,
      propertyAddress: "1 Test Street",
      propertyCity: "Chennai",
      propertyState: "Tamil Nadu",
      startDate: "2026-01-01",
      status: "pending",
    }),
    expect: ADMIN,
  },
  "POST /api/admin/purchases/:id/activate": {
    url: "/api/admin/purchases/999999/activate",
    expect: { ...ADMIN, admin: 404 },
  },
  "POST /api/admin/purchases/:id/cancel": {
    url: "/api/admin/purchases/999999/cancel",
    body: () => ({ reason: "Testing access" }),
    expect: { ...ADMIN, admin: 404 },
  },
  // a transfer is the holder's to start, read and cancel: anyone else's policy, staff's too, is not found
  "POST /api/purchases/:id/transfer": {
    url: (i) => `/api/purchases/${i.aPurchase}/transfer`,
    body: () => ({ name: "Matrix Buyer", email: "matrix-buyer@example.in", phone: "9876543210" }),
    expect: OWN,
  },
  "GET /api/purchases/:id/transfer": { url: (i) => `/api/purchases/${i.aPurchase}/transfer`, expect: OWN },
  // anyone's own waiting homes (none here); a policy that waits for nobody is not found
  "GET /api/handovers": { url: "/api/handovers", expect: SIGNED_IN },
  "POST /api/handovers/:id/accept": {
    url: (i) => `/api/handovers/${i.aPurchase}/accept`,
    expect: { guest: 401, a: 404, b: 404, admin: 404 },
  },
  "POST /api/purchases/:id/transfer/cancel": {
    url: (i) => `/api/purchases/${i.aPurchase}/transfer/cancel`,
    expect: OWN,
  },
  "POST /api/transfers/offer": {
    url: "/api/transfers/offer",
    body: () => ({ token: "not-a-real-transfer-token" }),
    expect: { guest: 401, a: 404, b: 404, admin: 404 },
  },
  "POST /api/transfers/accept": {
    url: "/api/transfers/accept",
    body: () => ({ token: "not-a-real-transfer-token" }),
    expect: { guest: 401, a: 404, b: 404, admin: 404 },
  },
  "GET /api/admin/transfers": {
    url: "/api/admin/transfers?status=accepted,expired&limit=5",
    expect: ADMIN,
  },
  "POST /api/admin/transfers/:id/approve": {
    url: "/api/admin/transfers/999999/approve",
    expect: { ...ADMIN, admin: 404 },
  },
  "GET /api/admin/transfers/:id/proof": {
    url: "/api/admin/transfers/999999/proof",
    expect: { ...ADMIN, admin: 404 },
  },
  "POST /api/admin/transfers/:id/decline": {
    url: "/api/admin/transfers/999999/decline",
    expect: { ...ADMIN, admin: 404 },
  },
  "GET /api/admin/customers": { url: "/api/admin/customers", expect: ADMIN },
  "GET /api/admin/customers/:id": { url: (i) => `/api/admin/customers/${i.aCustomerId}`, expect: ADMIN },
  "GET /api/admin/find": { url: (i) => `/api/admin/find?q=${i.aTicket}`, expect: ADMIN },
  "GET /api/admin/inquiries": { url: "/api/admin/inquiries", expect: ADMIN },
  "GET /api/admin/inquiries.csv": { url: "/api/admin/inquiries.csv", expect: ADMIN },
  "PATCH /api/admin/inquiries/:id": {
    url: (i) => `/api/admin/inquiries/${i.inquiry}`,
    body: () => ({ status: "contacted" }),
    expect: ADMIN,
  },
  "GET /api/admin/partners": { url: "/api/admin/partners?q=nest&sort=name&limit=5", expect: ADMIN },
  "POST /api/admin/partners": {
    url: "/api/admin/partners",
    body: (i) => ({
      name: "Matrix Interiors",
      address: "1 Matrix Road, Chennai",
      brandColour: "#123456",
      planId: i.b2bPlan,
      contractStart: "2026-01-01",
    }),
    expect: ADMIN,
  },
  "GET /api/admin/partners/:id": { url: (i) => `/api/admin/partners/${i.partner}`, expect: ADMIN },
  "PUT /api/admin/partners/:id/logo": {
    url: (i) => `/api/admin/partners/${i.partner}/logo`,
    body: () => PHOTO_FORM.payload,
    contentType: PHOTO_FORM.contentType,
    expect: ADMIN,
  },
  // after the upload above: a logo is a public brand mark
  "GET /api/partners/:id/logo": { url: (i) => `/api/partners/${i.partner}/logo`, expect: PUBLIC_READ },
  "GET /api/admin/partners/:id/statements": {
    url: (i) => `/api/admin/partners/${i.partner}/statements?limit=5`,
    expect: ADMIN,
  },
  "POST /api/admin/partners/:id/statements": {
    url: (i) => `/api/admin/partners/${i.partner}/statements`,
    body: () => ({ month: monthsAgo(3) }),
    expect: ADMIN,
  },
  "GET /api/admin/partners/:id/statements/current": {
    url: (i) => `/api/admin/partners/${i.partner}/statements/current`,
    expect: ADMIN,
  },
  "GET /api/admin/partners/:id/statements/:statementId": {
    url: (i) => `/api/admin/partners/${i.partner}/statements/${i.statement}`,
    expect: ADMIN,
  },
  "GET /api/admin/partners/:id/members": {
    url: (i) => `/api/admin/partners/${i.partner}/members`,
    expect: ADMIN,
  },
  "POST /api/admin/partners/:id/members": {
    url: (i) => `/api/admin/partners/${i.partner}/members`,
    body: () => ({
      email: `matrix-staff-invite-${++invitations}@example.in`,
      firstName: "Matrix",
      lastName: "Invite",
      role: "member",
    }),
    expect: ADMIN,
  },
  "GET /api/partner": { url: "/api/partner", expect: PARTNER },
  "GET /api/partner/members": { url: "/api/partner/members", expect: PARTNER_OWNER },
  "POST /api/partner/members": {
    url: "/api/partner/members",
    body: () => ({
      email: `matrix-partner-invite-${++invitations}@example.in`,
      firstName: "Matrix",
      lastName: "Invite",
      role: "member",
    }),
    expect: PARTNER_OWNER,
  },
  // another partner's member is not found
  "DELETE /api/partner/members/:memberId": {
    url: (i) => `/api/partner/members/${i.otherPartnerMember}`,
    expect: { ...PARTNER_OWNER, partner: 404 },
  },
  "POST /api/partner/handovers": {
    url: "/api/partner/handovers",
    body: (i) => ({
      homeownerName: "Matrix Homeowner",
      homeownerEmail: "matrix-homeowner@example.in",
      homeownerPhone: "9876543210",
      propertyAddress: "3 Matrix Street, Adyar",
      propertyCity: "Chennai",
      propertyPincode: "600020",
      planId: i.b2cPlan,
      installDate: new Date().toISOString().slice(0, 10),
    }),
    expect: PARTNER,
  },
  "GET /api/partner/policies": { url: "/api/partner/policies?q=HIPW&limit=5", expect: PARTNER },
  "GET /api/partner/imports/template.csv": {
    url: "/api/partner/imports/template.csv",
    expect: PARTNER,
  },
  "GET /api/partner/imports": { url: "/api/partner/imports?limit=5", expect: PARTNER },
  "POST /api/partner/imports": {
    url: "/api/partner/imports",
    contentType: "text/csv",
    body: () =>
      `Homeowner name,E-mail,Phone,Property address,City,PIN code,Plan,Install date\nMatrix Import,matrix-import@example.in,9876543210,4 Matrix Street,Chennai,600020,Premium,${new Date().toISOString().slice(0, 10)}\n`,
    expect: PARTNER,
  },
  // another partner's import is not found
  "GET /api/partner/imports/:id": {
    url: (i) => `/api/partner/imports/${i.otherPartnerImport}`,
    expect: { ...PARTNER, partner: 404, member: 404 },
  },
  "POST /api/partner/imports/:id/commit": {
    url: (i) => `/api/partner/imports/${i.otherPartnerImport}/commit`,
    expect: { ...PARTNER, partner: 404, member: 404 },
  },
  "GET /api/partner/claims": { url: "/api/partner/claims?status=open&limit=5", expect: PARTNER },
  "GET /api/partner/scorecard": { url: "/api/partner/scorecard", expect: PARTNER },
  // statements are billing documents: owners only
  "GET /api/partner/statements": { url: "/api/partner/statements?limit=5", expect: PARTNER_OWNER },
  "GET /api/partner/statements/current": {
    url: "/api/partner/statements/current",
    expect: PARTNER_OWNER,
  },
  // another partner's statement is not found
  "GET /api/partner/statements/:statementId": {
    url: (i) => `/api/partner/statements/${i.otherStatement}`,
    expect: { ...PARTNER_OWNER, partner: 404 },
  },
};

/** the India month `n` months before this one, "YYYY-MM" */
function monthsAgo(n: number): string {
  const [y, m] = todayInIndia().slice(0, 7).split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 - n, 1));
  return d.toISOString().slice(0, 7);
}

let t: TestApp;
let cookies: Record<Who, string | undefined>;
let ids: Ids;

beforeAll(async () => {
  t = await createTestApp({ upiVpa: "hipws@testbank" }, "demo");
  const demo = await withDemoData(t);
  cookies = {
    guest: undefined,
    a: await login(t.app, "demo-customer"),
    b: await login(t.app, "demo-customer-2"),
    admin: await login(t.app, "demo-admin"),
    technician: await login(t.app, "demo-technician"),
    partner: await login(t.app, "demo-partner"),
    member: await login(t.app, "demo-partner-member"),
  };
  const purchases = (
    await t.app.inject({ method: "GET", url: "/api/purchases", headers: { cookie: cookies.a! } })
  ).json<PolicyListItem[]>();
  const tickets = (
    await t.app.inject({ method: "GET", url: "/api/tickets", headers: { cookie: cookies.a! } })
  ).json<TicketListItem[]>();
  const inquiry = await t.app.inject({
    method: "POST",
    url: "/api/inquiries",
    payload: SAMPLE_ENQUIRY,
  });
  const plans = (await t.app.inject({ method: "GET", url: "/api/plans/B2C" })).json<
    { plan: { id: number; duration: number } }[]
  >();
  const aTicket = tickets.find((x) => x.status === "in_progress")!.id;
  const visit = await t.app.inject({
    method: "POST",
    url: `/api/admin/tickets/${aTicket}/visits`,
    headers: { cookie: cookies.admin! },
    payload: SLOT,
  });
  const upload = await t.app.inject({
    method: "POST",
    url: `/api/tickets/${aTicket}/attachments`,
    headers: { cookie: cookies.a!, "content-type": PHOTO_FORM.contentType },
    payload: PHOTO_FORM.payload,
  });
  const issued = await t.app.inject({
    method: "POST",
    url: "/api/admin/purchases",
    headers: { cookie: cookies.admin! },
    payload: {
      userId: demo.customer.id,
      planId: plans[0].plan.id,
      propertyAddress: "1 Test Street",
      propertyCity: "Chennai",
      propertyState: "Tamil Nadu",
      propertyPincode: "600040",
      startDate: new Date().toISOString().slice(0, 10),
    },
  });
  const aInvoiced: number = issued.json().id;
  const invoices = await t.app.inject({
    method: "GET",
    url: `/api/purchases/${aInvoiced}/invoices`,
    headers: { cookie: cookies.admin! },
  });
  const aPurchase = purchases.find((p) => p.purchase.status === "active")!.purchase.id;
  const addItem = async (room: string) =>
    (
      await t.app.inject({
        method: "POST",
        url: `/api/purchases/${aPurchase}/items`,
        headers: { cookie: cookies.a! },
        payload: { room, itemType: "hinges" },
      })
    ).json<{ id: number }>().id;
  const aItem = await addItem("Kitchen");
  const aItemToRemove = await addItem("Pooja room");
  const addPhoto = async () =>
    (
      await t.app.inject({
        method: "POST",
        url: `/api/purchases/${aPurchase}/items/${aItem}/photos`,
        headers: { cookie: cookies.a!, "content-type": PHOTO_FORM.contentType },
        payload: PHOTO_FORM.payload,
      })
    ).json<{ id: number }[]>()[0].id;
  const aItemPhoto = await addPhoto();
  const aPhotoToRemove = await addPhoto();
  const aInvoiceUrl: string = invoices.json()[0].url;
  const creditNote = await t.app.inject({
    method: "POST",
    url: `${aInvoiceUrl}/credit-notes`.replace("/api/purchases/", "/api/admin/purchases/"),
    headers: { cookie: cookies.admin! },
    payload: { amount: 100, reason: "Goodwill discount" },
  });
  // a policy that ends in 30 days, so its holder may renew it
  const plan = plans[0].plan;
  const ends = new Date(Date.now() + 30 * 86_400_000);
  ends.setUTCFullYear(ends.getUTCFullYear() - plan.duration);
  const renewable = await t.app.inject({
    method: "POST",
    url: "/api/admin/purchases",
    headers: { cookie: cookies.admin! },
    payload: {
      userId: demo.customer.id,
      planId: plan.id,
      propertyAddress: "2 Test Street",
      propertyCity: "Chennai",
      propertyState: "Tamil Nadu",
      startDate: ends.toISOString().slice(0, 10),
    },
  });
  const lapsed = purchases.find((p) => p.purchase.status === "expired")!.purchase;
  const renewal = await t.app.inject({
    method: "POST",
    url: `/api/purchases/${lapsed.id}/renewal`,
    headers: { cookie: cookies.a! },
    payload: { planId: lapsed.planId },
  });
  const [b2b] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from plans where name = 'Standard Plan'`,
  );
  const partners = await t.app.inject({
    method: "GET",
    url: "/api/admin/partners?q=Nest",
    headers: { cookie: cookies.admin! },
  });
  const other = await t.app.inject({
    method: "POST",
    url: "/api/admin/partners",
    headers: { cookie: cookies.admin! },
    payload: {
      name: "Other Studio",
      address: "2 Other Road, Chennai",
      brandColour: "#654321",
      planId: b2b.id,
      contractStart: "2026-01-01",
    },
  });
  const otherMember = await t.app.inject({
    method: "POST",
    url: `/api/admin/partners/${other.json().id}/members`,
    headers: { cookie: cookies.admin! },
    payload: { email: "other-studio-owner@example.in", firstName: "Other", lastName: "Owner", role: "owner" },
  });
  const [otherImport] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into partner_imports (partner_id, row_count, error_count, rows, errors)
        values (${other.json().id}, 0, 0, '[]', '{}') returning id`,
  );
  const issue = async (partnerId: number) => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/partners/${partnerId}/statements`,
      headers: { cookie: cookies.admin! },
      payload: { month: monthsAgo(1) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const order = async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { cookie: cookies.a! },
      payload: {
        planId: plans[0].plan.id,
        propertyAddress: "12 Lotus Residency, Anna Nagar",
        propertyCity: "Chennai",
        propertyState: "Tamil Nadu",
        propertyPincode: "600040",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  ids = {
    aOrder: await order(),
    aOrderToConfirm: await order(),
    aOrderToCancel: await order(),
    otherPartnerImport: otherImport.id,
    statement: await issue(partners.json()[0].id),
    otherStatement: await issue(other.json().id),
    partner: partners.json()[0].id,
    b2bPlan: b2b.id,
    otherPartnerMember: otherMember.json().id,
    aItem,
    aItemPhoto,
    aItemToRemove,
    aPhotoToRemove,
    aInvoiced,
    aInvoiceUrl,
    aCreditNoteUrl: creditNote.json().url,
    aRenewable: renewable.json().id,
    aRenewablePlan: plan.id,
    aRenewal: renewal.json().id,
    aAttachment: upload.json()[0].id,
    aPurchase: purchases.find((p) => p.purchase.status === "active")!.purchase.id,
    aTicket: tickets.find((x) => x.status === "in_progress")!.id,
    aVisit: visit.json().id,
    technicianId: demo.technician.id,
    aCustomerId: demo.customer.id,
    inquiry: inquiry.json().id,
    b2cPlan: plans[0].plan.id,
  };
});
afterAll(() => t.close());

describe("authorization matrix", () => {
  it("runs exactly the contract's endpoints, each with its declared access level and a row here", () => {
    const running = t.app.apiRoutes.map((r) => `${r.method} ${r.url} ${r.access}`).sort();
    const described = Object.entries(endpoints).map(([name, e]) => `${name} ${e.access}`);
    expect(running).toEqual(described.sort());
    expect(Object.keys(matrix).sort()).toEqual(Object.keys(endpoints).sort());
  });

  for (const [name, row] of Object.entries(matrix)) {
    const { path } = splitKey(name);
    it(name, async () => {
      // the row agrees with the access level the contract declares
      const { access } = endpoints[name as EndpointName];
      if (access !== "public") expect(row.expect.guest).toBe(401);
      if (access === "office") expect([row.expect.a, row.expect.b]).toEqual([403, 403]);
      if (access === "office") expect(row.expect.technician ?? 403).toBe(403);
      if (access === "staff") expect([row.expect.a, row.expect.b]).toEqual([403, 403]);
      if (access === "staff") expect(row.expect.technician).toBeDefined();
      if (access === "office" || access === "staff") expect(row.expect.partner ?? 403).toBe(403);
      if (access === "partner") {
        expect([row.expect.a, row.expect.b, row.expect.admin]).toEqual([403, 403, 403]);
        expect(row.expect.technician ?? 403).toBe(403);
        expect(row.expect.partner).toBeDefined();
      }
      const closed = access === "office" || access === "staff" || access === "partner";
      for (const who of ["guest", "b", "a", "admin", "technician", "partner", "member"] as const) {
        const res = await call(name, row, cookies[who]);
        const partnerWant = row.expect.partner ?? (closed ? 403 : row.expect.b);
        const want =
          who === "technician"
            ? (row.expect.technician ?? (access === "office" || access === "partner" ? 403 : row.expect.b))
            : who === "partner"
              ? partnerWant
              : who === "member"
                ? (row.expect.member ?? partnerWant)
                : row.expect[who];
        if (want === "ok") expect(res.statusCode, `${who}: ${res.body}`).toBeLessThan(300);
        else expect(res.statusCode, `${who}: ${res.body}`).toBe(want);
        if (res.statusCode >= 400) expect(res.json(), who).toHaveProperty("message");
      }
      // logout ends the session it is sent with: sign the roles in again for the next rows
      if (path === "/api/logout") await signInEveryone();
    });
  }
});

/**
 * What a member of staff reaches while two-factor sign-in is required of staff and theirs is
 * off: the set-up, their own profile and sign-out, and what any visitor reaches (the public
 * calls); every other call is 403 with the message that sends them to the set-up, whatever
 * the call's level, so no customer-level door (a policy, an invoice, a policy item, an
 * upload) stays open to them.
 */
const OPEN_TO_STAFF_WITHOUT_TWO_FACTOR: EndpointName[] = [
  "GET /api/user",
  "PATCH /api/user",
  "GET /api/user/two-factor",
  "POST /api/user/two-factor/setup",
  "POST /api/user/two-factor/confirm",
];

describe("authorization matrix: staff without two-factor sign-in while it is required of staff", () => {
  beforeAll(async () => {
    // as an enrolled admin would have set it; the setting's own rules are tried in two-factor.test.ts
    await t.database.db.execute(
      sql`insert into app_settings (key, value) values ('staff_two_factor_required', 'true'::jsonb)
          on conflict (key) do update set value = 'true'::jsonb`,
    );
    t.app.twoFactor.setStaffRule(true);
    await signInEveryone();
  });
  afterAll(async () => {
    await t.database.db.execute(sql`delete from app_settings where key = 'staff_two_factor_required'`);
    t.app.twoFactor.setStaffRule(false);
  });

  it("the contract declares exactly these calls open to them", () => {
    const declared = Object.entries(endpoints)
      .filter(([, e]) => "staffTwoFactorExempt" in e && e.staffTwoFactorExempt)
      .map(([name]) => name);
    expect(declared.sort()).toEqual([...OPEN_TO_STAFF_WITHOUT_TWO_FACTOR].sort());
  });

  for (const [name, row] of Object.entries(matrix)) {
    const { path } = splitKey(name);
    const { access } = endpoints[name as EndpointName];
    const open = access === "public" || OPEN_TO_STAFF_WITHOUT_TWO_FACTOR.includes(name as EndpointName);
    it(name, async () => {
      for (const who of ["admin", "technician"] as const) {
        const res = await call(name, row, cookies[who]);
        if (open) {
          // what the same person gets without the rule
          const want = who === "technician" ? (row.expect.technician ?? row.expect.b) : row.expect.admin;
          if (want === "ok") expect(res.statusCode, `${who}: ${res.body}`).toBeLessThan(300);
          else expect(res.statusCode, `${who}: ${res.body}`).toBe(want);
        } else {
          expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
          expect(res.json().message, who).toBe(STAFF_ENROL_MESSAGE);
        }
      }
      if (path === "/api/logout") await signInEveryone();
    });
  }
});

/** One row's request, as the caller with `cookie` (none: a guest) */
function call(name: string, row: Row, cookie: string | undefined) {
  const { method } = splitKey(name);
  return t.app.inject({
    method,
    url: typeof row.url === "string" ? row.url : row.url(ids),
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(row.contentType ? { "content-type": row.contentType } : {}),
    },
    ...(row.body ? { payload: row.body(ids) as object } : {}),
  });
}

async function signInEveryone() {
  cookies.a = await login(t.app, "demo-customer");
  cookies.b = await login(t.app, "demo-customer-2");
  cookies.admin = await login(t.app, "demo-admin");
  cookies.technician = await login(t.app, "demo-technician");
  cookies.partner = await login(t.app, "demo-partner");
  cookies.member = await login(t.app, "demo-partner-member");
}
