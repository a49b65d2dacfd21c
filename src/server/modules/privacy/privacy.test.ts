import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { at, eveningBeforeInUtc } from "../../../../tests/support/clock.ts";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import {
  appForFile,
  createSignedInTestApp,
  login,
  SAMPLE_ENQUIRY,
  sessionCookie,
} from "../../../../tests/support/test-app.ts";
import { todayInIndia } from "../../../shared/dates.ts";
import type { PolicyListItem } from "../../../shared/schemas/policy.ts";
import {
  type ConsentState,
  type DataExport,
  type EraseOutcome,
  PRIVACY_NOTICE_VERSION,
  type PrivacyRequest,
} from "../../../shared/schemas/privacy.ts";
import { consentService, hasConsent } from "./consent.service.ts";

/**
 * The person's rights over their data as a browser or API client sees them: consents by
 * purpose, the export, erasure (now, or as a request with its deadline), grievances, and
 * the staff queue. Each test makes the accounts it needs.
 */
const t = appForFile(createSignedInTestApp);

let counter = 0;
const PASSWORD = "teak-wardrobe-42";

async function register(over: Record<string, unknown> = {}) {
  const n = ++counter;
  const res = await t.call("POST", "/api/register", undefined, {
    firstName: "Meenakshi",
    lastName: "Sundaram",
    username: `meenakshi-${n}`,
    email: `meenakshi-${n}@example.in`,
    phone: "98400 12345",
    address: "12 Temple Street",
    city: "Chennai",
    password: PASSWORD,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as number, username: `meenakshi-${n}`, cookie: sessionCookie(res) };
}

const get = (url: string, cookie?: string) => t.call("GET", url, cookie);

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const auditActions = async (entityType: string, entityId: number) =>
  (
    await rows<{ action: string }>(
      sql`select action from audit_log where entity_type = ${entityType} and entity_id = ${entityId} order by id`,
    )
  ).map((r) => r.action);

/** staff issue an active policy to the customer: what makes an erasure wait */
async function issuePolicy(userId: number): Promise<number> {
  const plans = (await get("/api/plans/B2C")).json<{ plan: { id: number } }[]>();
  const res = await t.call("POST", "/api/admin/purchases", t.admin, {
    userId,
    planId: plans[0].plan.id,
    propertyAddress: "12 Temple Street, Mylapore",
    propertyCity: "Chennai",
    propertyState: "Tamil Nadu",
    startDate: "2026-01-01",
    status: "active",
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

describe("consents", () => {
  it("sign-up records the notice; marketing only when ticked, unticked meaning no", async () => {
    const plain = await register();
    const state = (await get("/api/user/consents", plain.cookie)).json<ConsentState>();
    expect(state.marketing).toBe(false);
    expect(state.history.map((c) => [c.purpose, c.given, c.noticeVersion, c.source])).toEqual([
      ["privacy_notice", true, PRIVACY_NOTICE_VERSION, "registration"],
    ]);
    expect(await hasConsent(t.database.db, plain.id, "marketing")).toBe(false);

    const keen = await register({ marketingConsent: true });
    const keenState = (await get("/api/user/consents", keen.cookie)).json<ConsentState>();
    expect(keenState.marketing).toBe(true);
    expect(await consentService(t.database.db).hasConsent(keen.id, "marketing")).toBe(true);
    expect(await hasConsent(t.database.db, keen.id, "privacy_notice")).toBe(true);
  });

  it("marketing is withdrawn and given again from the profile, each change a new row, each audited", async () => {
    const u = await register({ marketingConsent: true });
    const off = await t.call("POST", "/api/user/consents", u.cookie, { purpose: "marketing", given: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<ConsentState>().marketing).toBe(false);
    expect(await hasConsent(t.database.db, u.id, "marketing")).toBe(false);
    // the same choice again changes nothing
    await t.call("POST", "/api/user/consents", u.cookie, { purpose: "marketing", given: false });
    const on = await t.call("POST", "/api/user/consents", u.cookie, { purpose: "marketing", given: true });
    const history = on.json<ConsentState>().history;
    expect(history.filter((c) => c.purpose === "marketing").map((c) => [c.given, c.source])).toEqual([
      [true, "profile"],
      [false, "profile"],
      [true, "registration"],
    ]);
    expect(await hasConsent(t.database.db, u.id, "marketing")).toBe(true);
    const audited = await rows<{ action: string }>(
      sql`select a.action from audit_log a join consents c on c.id = a.entity_id
          where a.entity_type = 'consent' and c.user_id = ${u.id} and c.purpose = 'marketing' order by a.id`,
    );
    expect(audited.map((r) => r.action)).toEqual(["consent_given", "consent_withdrawn", "consent_given"]);
  });

  it("the notice cannot be withdrawn from the profile, and a guest has no consents", async () => {
    const u = await register();
    const res = await t.call("POST", "/api/user/consents", u.cookie, {
      purpose: "privacy_notice",
      given: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Only marketing messages can be turned on or off here");
    expect((await get("/api/user/consents")).statusCode).toBe(401);
  });
});

describe("export", () => {
  it("is named by India's day, which begins at 18:30 UTC", async () => {
    const a = await login(t.app, "demo-customer");
    const evening = eveningBeforeInUtc();
    const res = await at(evening, () => get("/api/user/export", a));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="hipws-my-data-${todayInIndia(evening)}.json"`,
    );
  });

  it("gives the person everything held about them as a download, never staff notes, never another's data", async () => {
    const a = await login(t.app, "demo-customer");
    const res = await get("/api/user/export", a);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="hipws-my-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    const data = res.json<DataExport>();
    expect(data.profile.username).toBe("demo-customer");
    expect(data.profile).not.toHaveProperty("passwordHash");
    expect(data.policies.length).toBeGreaterThanOrEqual(3);
    expect(data.policies.every((p) => p.purchase.userId === t.demo.customer.id)).toBe(true);
    expect(data.tickets.length).toBeGreaterThanOrEqual(3);
    expect(data.messages.length).toBeGreaterThan(0);
    expect(data.signIns.some((e) => e.type === "signed_in")).toBe(true);
    expect(data.signIns.every((e) => e.userId === t.demo.customer.id)).toBe(true);

    // staff-only notes exist on this customer's tickets, and none is in the export
    const notes = await rows<{ body: string }>(
      sql`select m.body from ticket_messages m join tickets t on t.id = m.ticket_id
          where t.user_id = ${t.demo.customer.id} and m.internal`,
    );
    expect(notes.length).toBeGreaterThan(0);
    const text = res.body;
    for (const n of notes) expect(text).not.toContain(n.body);

    // customer B's export holds nothing of A's
    const b = await login(t.app, "demo-customer-2");
    const theirs = (await get("/api/user/export", b)).json<DataExport>();
    expect(theirs.profile.username).toBe("demo-customer-2");
    const aPolicyNumbers = data.policies.map((p) => p.purchase.policyNumber);
    expect(theirs.policies.some((p) => aPolicyNumbers.includes(p.purchase.policyNumber))).toBe(false);
    const aTicketIds = new Set(data.tickets.map((x) => x.id));
    expect(theirs.tickets.some((x) => aTicketIds.has(x.id))).toBe(false);
    expect(theirs.messages.some((m) => aTicketIds.has(m.ticketId))).toBe(false);
    expect(JSON.stringify(theirs)).not.toContain(t.demo.customer.email);

    expect(await auditActions("user", t.demo.customer.id)).toContain("data_exported");
    expect((await get("/api/user/export")).statusCode).toBe(401);
  });
});

describe("erasure", () => {
  it("a wrong password changes nothing and says so", async () => {
    const u = await register();
    const res = await t.call("DELETE", "/api/user", u.cookie, { password: "not-my-password" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Your password is not correct; nothing was changed");
    expect((await get("/api/user", u.cookie)).json().username).toBe(u.username);
    expect(await auditActions("user", u.id)).not.toContain("account_erased");
  });

  it("with no cover and no open claim: erased now, signed out everywhere, cannot sign in again", async () => {
    const u = await register({ firstName: "Kavitha", lastName: "Raman" });
    const other = await login(t.app, u.username, PASSWORD);
    await t.call("POST", "/api/inquiries", undefined, {
      ...SAMPLE_ENQUIRY,
      email: `${u.username}@example.in`,
    });
    const res = await t.call("DELETE", "/api/user", u.cookie, { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const outcome = res.json<EraseOutcome>();
    expect(outcome.outcome).toBe("erased");
    expect(outcome.dueAt).toBeNull();
    expect(outcome.message).toMatch(/^Your account has been erased and you have been signed out\./);
    // this session's cookie is cleared, and every other session has ended
    expect(res.cookies.find((c) => c.name === "hipws_sid")?.value).toBe("");
    expect((await get("/api/user", u.cookie)).statusCode).toBe(401);
    expect((await get("/api/user", other)).statusCode).toBe(401);
    const again = await t.call("POST", "/api/login", undefined, { username: u.username, password: PASSWORD });
    expect(again.statusCode).toBe(401);

    const [row] = await rows<Record<string, unknown>>(sql`select * from users where id = ${u.id}`);
    expect(row).toMatchObject({ first_name: "Erased", phone: null, address: null, city: null });
    expect(String(row.email)).not.toContain("meenakshi");
    expect(row.erased_at).not.toBeNull();
    const [enquiry] = await rows<{ name: string; email: string }>(
      sql`select name, email from inquiries where anonymised_at is not null order by id desc limit 1`,
    );
    expect(enquiry).toEqual({ name: "[anonymised]", email: "[anonymised]" });
    expect(await auditActions("user", u.id)).toContain("account_erased");
    // staff see an erased customer, not the person
    const customer = (await get(`/api/admin/customers/${u.id}`, t.admin)).json();
    expect(customer.customer.firstName).toBe("Erased");
  });

  it("an ended policy and a resolved claim are kept, with the person's details taken out of the claim", async () => {
    const u = await register({ firstName: "Kavitha", lastName: "Raman", phone: "+91 98400 55511" });
    const policyId = await issuePolicy(u.id);
    const ticket = await t.call("POST", "/api/tickets", u.cookie, {
      purchaseId: policyId,
      subject: "Wardrobe hinge loose",
      description: "Hinge loose. Call Kavitha on 98400-55511 or kavitha.r@gmail.com after 6 pm.",
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const ticketId = ticket.json().id as number;
    await t.call("POST", `/api/tickets/${ticketId}/messages`, u.cookie, {
      body: "This is Kavitha Raman again",
    });

    // with the cover active and the claim open, erasure waits: a request with a deadline
    const waiting = await t.call("DELETE", "/api/user", u.cookie, { password: PASSWORD });
    expect(waiting.statusCode, waiting.body).toBe(200);
    const requested = waiting.json<EraseOutcome>();
    expect(requested.outcome).toBe("requested");
    expect(requested.kept).toEqual(["active_cover", "open_claim", "tax_records"]);
    const due = Date.parse(requested.dueAt!);
    expect(due - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    expect(due - Date.now()).toBeLessThan(30.1 * 86_400_000);
    expect(requested.message).toContain("by ");
    expect((await get("/api/user", u.cookie)).statusCode).toBe(200);
    // asking again gives the same request, not a second one
    const twice = (
      await t.call("DELETE", "/api/user", u.cookie, { password: PASSWORD })
    ).json<EraseOutcome>();
    expect(twice.requestId).toBe(requested.requestId);
    expect(await auditActions("privacy_request", requested.requestId!)).toEqual(["erasure_requested"]);

    const queue = await get("/api/admin/privacy-requests?status=open&kind=erasure", t.admin);
    const item = queue.json<PrivacyRequest[]>().find((r) => r.id === requested.requestId);
    expect(item).toMatchObject({ kind: "erasure", userId: u.id, status: "open", kept: requested.kept });

    // the claim is resolved and the cover cancelled: now it goes at once
    expect(
      (await t.call("PATCH", `/api/admin/tickets/${ticketId}`, t.admin, { status: "resolved" })).statusCode,
    ).toBe(200);
    const cancel = await t.call("POST", `/api/admin/purchases/${policyId}/cancel`, t.admin, {
      reason: "Customer left Chennai",
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const erased = (
      await t.call("DELETE", "/api/user", u.cookie, { password: PASSWORD })
    ).json<EraseOutcome>();
    expect(erased.outcome).toBe("erased");
    // the request that waited is settled, and no longer names the person
    const settled = (await get("/api/admin/privacy-requests?status=done&kind=erasure", t.admin))
      .json<PrivacyRequest[]>()
      .find((r) => r.id === requested.requestId);
    expect(settled).toMatchObject({ status: "done", name: "Erased customer" });
    expect(settled?.email).not.toContain("meenakshi");
    expect(await auditActions("privacy_request", requested.requestId!)).toEqual([
      "erasure_requested",
      "privacy_request_closed",
    ]);

    const staffView = (await get(`/api/admin/tickets/${ticketId}`, t.admin)).json();
    const kept = JSON.stringify(staffView);
    expect(kept).not.toMatch(/Kavitha|Raman|98400|55511|gmail/);
    expect(kept).toContain("Hinge loose. Call [removed] on [removed] or [removed] after 6 pm.");
    const policies = (await get(`/api/admin/purchases?userId=${u.id}`, t.admin)).json<PolicyListItem[]>();
    expect(policies.map((p) => p.purchase.id)).toEqual([policyId]);
  });

  it("staff accounts are not erased from the profile", async () => {
    const res = await t.call("DELETE", "/api/user", t.admin, { password: "demo-password-1" });
    expect(res.statusCode).toBe(403);
    expect((await get("/api/user", t.admin)).statusCode).toBe(200);
  });
});

describe("grievances and the staff queue", () => {
  it("a visitor raises a grievance; staff see it with its deadline and close it once, audited", async () => {
    const res = await t.call("POST", "/api/privacy/grievances", undefined, {
      name: "Arun",
      email: "Arun@Example.in",
      message: "Please stop calling me about plans.",
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, dueAt, message } = res.json();
    expect(message).toMatch(/^Thank you\. Our Grievance Officer will reply to arun@example\.in by /);

    const bad = await t.call("POST", "/api/privacy/grievances", undefined, {
      name: "A",
      email: "x",
      message: "",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ name: "Name must be at least 2 characters" });

    const list = await get("/api/admin/privacy-requests?kind=grievance&status=open", t.admin);
    expect(list.statusCode).toBe(200);
    expect(Number(list.headers["x-total-count"])).toBeGreaterThanOrEqual(1);
    const row = list.json<PrivacyRequest[]>().find((r) => r.id === id);
    expect(row).toMatchObject({
      kind: "grievance",
      userId: null,
      email: "arun@example.in",
      dueAt,
      status: "open",
    });

    const short = await t.call("POST", `/api/admin/privacy-requests/${id}/close`, t.admin, { note: "ok" });
    expect(short.statusCode).toBe(400);
    const closed = await t.call("POST", `/api/admin/privacy-requests/${id}/close`, t.admin, {
      note: "Removed from the call list; replied by e-mail.",
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      status: "done",
      closedBy: "Priya Raghavan",
      closeNote: "Removed from the call list; replied by e-mail.",
    });
    const again = await t.call("POST", `/api/admin/privacy-requests/${id}/close`, t.admin, {
      note: "Closing it twice",
    });
    expect(again.statusCode).toBe(409);
    expect(await auditActions("privacy_request", id)).toEqual([
      "grievance_received",
      "privacy_request_closed",
    ]);

    const done = (await get("/api/admin/privacy-requests?status=done", t.admin)).json<PrivacyRequest[]>();
    expect(done.map((r) => r.id)).toContain(id);
    const open = (await get("/api/admin/privacy-requests?status=open", t.admin)).json<PrivacyRequest[]>();
    expect(open.map((r) => r.id)).not.toContain(id);
  });

  it("pages the queue by nearest deadline with a cursor, and refuses an unknown filter", async () => {
    for (let i = 0; i < 3; i++) {
      await t.call("POST", "/api/privacy/grievances", undefined, {
        name: `Paged ${i}`,
        email: `paged${i}@example.in`,
        message: "A question about my data.",
      });
    }
    const first = await get("/api/admin/privacy-requests?limit=2", t.admin);
    expect(first.json()).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toBeTruthy();
    const second = await get(next!, t.admin);
    const all = [...first.json<PrivacyRequest[]>(), ...second.json<PrivacyRequest[]>()];
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    const dues = all.map((r) => r.dueAt);
    expect([...dues].sort()).toEqual(dues);
    expect((await get("/api/admin/privacy-requests?status=maybe", t.admin)).statusCode).toBe(400);
  });
});
