import { describe, expect, it } from "vitest";
import { multipartBody, TINY_PNG } from "../../../../tests/support/multipart.ts";
import { appForFile, createInvoicingTestApp } from "../../../../tests/support/test-app.ts";
import { todayInIndia } from "../../../shared/dates.ts";
import type { Attachment } from "../../../shared/schemas/attachment.ts";
import type { Policy } from "../../../shared/schemas/policy.ts";
import type { PolicyItem, PolicyItemPhoto } from "../../../shared/schemas/policy-items.ts";
import type { DataExport } from "../../../shared/schemas/privacy.ts";
import type { Renewal } from "../../../shared/schemas/renewal.ts";
import type { Ticket } from "../../../shared/schemas/ticket.ts";
import type { Transfer } from "../../../shared/schemas/transfer.ts";
import type { Visit } from "../../../shared/schemas/visit.ts";
import { LINK_REMOVED } from "../mail/email-links.ts";

/**
 * The data export carries every kind of record held about the person, and only theirs: two
 * customers each get one of everything through the API (a policy with its invoice, a home
 * record item with a photo, a ticket with a file, a staff-only note with a file, a visit, a
 * rating, a renewal, a sale of their home, e-mails), and each one's export is checked for
 * all of its own records and none of the other's.
 */
const t = appForFile(createInvoicingTestApp);

const upload = async (url: string, cookie: string, fields: Record<string, string> = {}) => {
  const form = multipartBody([
    ...Object.entries(fields).map(([name, data]) => ({ name, data })),
    { name: "file", filename: "photo.png", type: "image/png", data: TINY_PNG },
  ]);
  const res = await t.app.inject({
    method: "POST",
    url,
    headers: { cookie, "content-type": form.contentType },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Attachment[]>()[0];
};

async function call<T>(method: "POST" | "PATCH", url: string, cookie: string, body: object, status = 201) {
  const res = await t.call(method, url, cookie, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json<T>();
}

/** a weekday after next, as YYYY-MM-DD: a visit's day */
function weekdayAhead(): string {
  const d = new Date(Date.now() + 9 * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** the start of a cover of `years` that ends in about a month: a policy open to renewal */
function startEndingSoon(years: number): string {
  const d = new Date(`${todayInIndia()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 30);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

/** One of every record for the customer, each named with `tag`; what an export of theirs must hold */
async function oneOfEach(userId: number, cookie: string, tag: string, visitHour: string) {
  const premium = t.plans.Premium;
  const issue = (startDate: string) =>
    call<Policy>("POST", "/api/admin/purchases", t.admin, {
      userId,
      planId: premium.id,
      propertyAddress: `${tag} House, 12 Lake View Road`,
      propertyCity: "Chennai",
      propertyState: "Tamil Nadu",
      propertyPincode: "600040",
      startDate,
      status: "active",
    });
  const policy = await issue(todayInIndia());
  const ending = await issue(startEndingSoon(premium.duration));
  const renewal = await call<Renewal>("POST", `/api/purchases/${ending.id}/renewal`, cookie, {
    planId: premium.id,
  });
  const item = await call<PolicyItem>("POST", `/api/purchases/${policy.id}/items`, cookie, {
    room: `${tag} kitchen`,
    itemType: "hinges",
  });
  const photo = (await upload(
    `/api/purchases/${policy.id}/items/${item.id}/photos`,
    cookie,
  )) as unknown as PolicyItemPhoto;
  const ticket = await call<Ticket>("POST", "/api/tickets", cookie, {
    purchaseId: policy.id,
    subject: `${tag}: the hinge has come loose`,
    description: "The soft-close hinge on the left door has come loose.",
    priority: "medium",
    policyItemId: item.id,
  });
  const file = await upload(`/api/tickets/${ticket.id}/attachments`, cookie);
  const note = await call<{ id: number }>("POST", `/api/admin/tickets/${ticket.id}/messages`, t.admin, {
    body: `${tag} staff-only: supplier's invoice attached`,
    internal: true,
  });
  const staffFile = await upload(`/api/tickets/${ticket.id}/attachments`, t.admin, {
    messageId: String(note.id),
  });
  // a visit is made by the ticket's assignee
  await call(
    "PATCH",
    `/api/admin/tickets/${ticket.id}/assign`,
    t.admin,
    { assigneeId: t.demo.technician.id },
    200,
  );
  const visit = await call<Visit>("POST", `/api/admin/tickets/${ticket.id}/visits`, t.admin, {
    date: weekdayAhead(),
    start: `${visitHour}:00`,
    end: `${visitHour}:30`,
  });
  await call("PATCH", `/api/admin/tickets/${ticket.id}`, t.admin, { status: "resolved" }, 200);
  await call("POST", `/api/tickets/${ticket.id}/rating`, cookie, { score: 4, comment: `${tag} was quick` });
  const transfer = await call<Transfer>("POST", `/api/purchases/${policy.id}/transfer`, cookie, {
    name: `${tag} Buyer`,
    email: `${tag.toLowerCase()}-buyer@example.in`,
    phone: "+91 98400 77777",
  });
  await call("POST", "/api/user/consents", cookie, { purpose: "marketing", given: true }, 200);
  const { email } = (await t.call("GET", "/api/user", cookie)).json<{ email: string }>();
  await call("POST", "/api/password/forgot", cookie, { email }, 200);
  await t.app.jobs.drain();
  return { policy, ending, renewal, item, photo, ticket, file, staffFile, visit, transfer, tag };
}

type Records = Awaited<ReturnType<typeof oneOfEach>>;

/** what the export shows of each record, by the ids and words that make it that record */
function seen(data: DataExport) {
  return {
    policyItems: data.policyItems.map((i) => i.id),
    attachments: data.attachments.map((a) => a.url),
    ratings: data.ratings.map((r) => r.ticketId),
    visits: data.visits.map((v) => v.id),
    invoices: data.invoices.map((i) => i.purchaseId),
    renewals: data.renewals.map((r) => r.id),
    transfers: data.transfers.map((x) => x.id),
    emails: data.emails.map((m) => m.text).join("\n"),
  };
}

describe("the data export", () => {
  it("holds every kind of record of the person, and none of another customer's", async () => {
    const a = await oneOfEach(t.demo.customer.id, t.customer, "Anand", "10");
    const b = await oneOfEach(t.demo.customer2.id, t.otherCustomer, "Bhavani", "14");
    const res = await t.call("GET", "/api/user/export", t.customer);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<DataExport>();
    const mine = seen(data);

    const has = (r: Records, present: boolean) => {
      const want = (values: unknown[], value: unknown) =>
        present ? expect(values).toContain(value) : expect(values).not.toContain(value);
      want(mine.policyItems, r.item.id);
      want(mine.attachments, r.file.url);
      want(mine.attachments, r.photo.url);
      want(mine.ratings, r.ticket.id);
      want(mine.visits, r.visit.id);
      want(mine.invoices, r.policy.id);
      want(mine.invoices, r.ending.id);
      want(mine.renewals, r.renewal.id);
      want(mine.transfers, r.transfer.id);
      want(JSON.stringify(data).includes(r.tag) ? [r.tag] : [], r.tag);
    };
    has(a, true);
    has(b, false);

    // how each is read, and fetched
    expect(data.policyItems.find((i) => i.id === a.item.id)).toMatchObject({
      room: "Anand kitchen",
      itemType: "hinges",
      photos: [expect.objectContaining({ id: a.photo.id })],
    });
    const photo = data.attachments.find((f) => f.url === a.photo.url)!;
    expect(photo).toMatchObject({ policyItemId: a.item.id, ticketId: null, type: "image/png" });
    const file = data.attachments.find((f) => f.url === a.file.url)!;
    expect(file).toMatchObject({ ticketId: a.ticket.id, policyItemId: null, name: "photo.png" });
    for (const f of [photo, file]) {
      expect((await t.call("GET", f.url, t.customer)).statusCode, f.url).toBe(200);
    }
    expect(data.ratings).toContainEqual(
      expect.objectContaining({ ticketId: a.ticket.id, score: 4, comment: "Anand was quick" }),
    );
    expect(data.visits.find((v) => v.id === a.visit.id)).toMatchObject({ ticketId: a.ticket.id });
    const invoice = data.invoices.find((i) => i.purchaseId === a.policy.id)!;
    expect(invoice.total).toBeGreaterThan(0);
    expect((await t.call("GET", invoice.url!, t.customer)).statusCode).toBe(200);
    expect(data.renewals.find((r) => r.id === a.renewal.id)).toMatchObject({
      purchaseId: a.ending.id,
      status: a.renewal.status,
    });
    expect(data.transfers.find((x) => x.id === a.transfer.id)).toMatchObject({
      purchaseId: a.policy.id,
      role: "seller",
      status: "pending",
    });
    // their consents, as their own page lists them, and no one else's
    const consents = (await t.call("GET", "/api/user/consents", t.customer)).json<{ history: unknown[] }>();
    expect(data.consents).toEqual(consents.history);
    expect(data.consents).toContainEqual(expect.objectContaining({ purpose: "marketing", given: true }));

    // nothing staff keep to themselves, and no other person's or secret
    const text = JSON.stringify(data);
    expect(mine.attachments).not.toContain(a.staffFile.url);
    expect(mine.attachments).not.toContain(b.staffFile.url);
    expect(text).not.toContain("staff-only");
    expect(text).not.toContain("anand-buyer@example.in");
    expect(text).not.toMatch(/storageKey|storage_key|tokenHash|token_hash|passwordHash/);

    // the e-mails sent to them, as kept: their reset e-mail's link reads "link removed"
    expect(mine.emails).toContain("Anand: the hinge has come loose");
    expect(mine.emails).not.toContain("Bhavani");
    const reset = data.emails.find((m) => /password/i.test(m.subject));
    expect(reset, "the password reset e-mail").toBeDefined();
    expect(reset!.text).toContain(LINK_REMOVED);
    expect(reset!.text).not.toMatch(/token=|\/reset-password\?[^\s]*[A-Za-z0-9_-]{30,}/);

    // and the other way round
    const theirs = seen((await t.call("GET", "/api/user/export", t.otherCustomer)).json<DataExport>());
    expect(theirs.policyItems).toContain(b.item.id);
    expect(theirs.policyItems).not.toContain(a.item.id);
    expect(theirs.transfers).not.toContain(a.transfer.id);
    expect(theirs.emails).not.toContain("Anand");
  });
});
