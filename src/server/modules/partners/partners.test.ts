import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import {
  createTestApp,
  login,
  sessionCookie,
  type TestApp,
  withDemoData,
} from "../../../../tests/support/test-app.ts";
import { todayInIndia } from "../../../shared/dates.ts";
import { nextPageLink } from "../../../shared/endpoints/define.ts";
import { GSTIN_MESSAGE } from "../../../shared/gstin.ts";
import type {
  AdminPartner,
  PartnerMember,
  PartnerOverview,
  PartnerPolicy,
} from "../../../shared/schemas/partner.ts";
import { OVER_QUOTA_MESSAGE } from "../../../shared/schemas/partner.ts";
import { ACCESS_ENDED, OWNERS_ONLY } from "./partner-access.ts";
import { CANNOT_INVITE, NOT_A_HOMEOWNER } from "./partners.service.ts";

/**
 * The B2B partner programme through the API: staff make a partner and invite its owner,
 * who invites a member; the member registers handovers against the month's quota; the
 * homeowner's invitation opens their account. E-mails are read as the outbox keeps them.
 */
let t: TestApp;
let staff: string;
let customer: string;
let customerEmail: string;
let b2b: Record<string, number>;
let b2c: Record<string, number>;
const PASSWORD = "a long partner password";

type Method = "GET" | "POST" | "DELETE";
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  const demo = await withDemoData(t);
  customerEmail = demo.customer.email;
  staff = await login(t.app, "demo-admin");
  customer = await login(t.app, "demo-customer");
  const plansOf = async (type: string) =>
    Object.fromEntries(
      (
        await queryRows<{ id: number; name: string }>(
          t.database.db,
          sql`select id, name from plans where type = ${type}`,
        )
      ).map((p) => [p.name, p.id]),
    );
  b2b = await plansOf("B2B");
  b2c = await plansOf("B2C");
});
afterAll(() => t?.close());

let partners = 0;
async function createPartner(overrides: object = {}) {
  partners++;
  const res = await call("POST", "/api/admin/partners", staff, {
    name: `Studio ${partners} Interiors`,
    gstin: "33ABCDE1234F1Z7",
    address: "12 Cathedral Road, Chennai 600086",
    brandColour: "#1A6B5C",
    planId: b2b["Standard Plan"],
    contractStart: "2026-01-01",
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminPartner>();
}

/** the newest e-mail to an address, once the queue has run */
async function lastMailTo(email: string) {
  await t.app.jobs.drain();
  const [row] = await queryRows<{ template: string; subject: string; text: string }>(
    t.database.db,
    sql`select template, subject, text from emails where to_address = ${email} order by id desc limit 1`,
  );
  return row;
}

const tokenIn = (text: string) => /\/reset-password#token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

/** the invited person opens the link and chooses a password: signed in */
async function acceptInvitation(email: string, password = PASSWORD) {
  const mail = await lastMailTo(email);
  const token = tokenIn(mail.text);
  expect(token, mail.text).toBeDefined();
  const res = await call("POST", "/api/password/reset", undefined, { token, password });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookie(res);
}

let people = 0;
async function invite(url: string, cookie: string, role: "owner" | "member") {
  people++;
  const email = `partner-user-${people}@studio.example.in`;
  const res = await call("POST", url, cookie, { email, firstName: "Kavya", lastName: `Rao ${people}`, role });
  expect(res.statusCode, res.body).toBe(201);
  return { member: res.json<PartnerMember>(), cookie: await acceptInvitation(email), email };
}

/** a partner with a signed-in owner and member */
async function partnerWithUsers(overrides: object = {}) {
  const partner = await createPartner(overrides);
  const owner = await invite(`/api/admin/partners/${partner.id}/members`, staff, "owner");
  const member = await invite("/api/partner/members", owner.cookie, "member");
  return { partner, owner, member };
}

let homes = 0;
function handover(overrides: object = {}) {
  homes++;
  return {
    homeownerName: "Lakshmi Narayanan",
    homeownerEmail: `homeowner-${homes}@example.in`,
    homeownerPhone: "+91 98400 12345",
    propertyAddress: `${homes} Besant Avenue, Adyar`,
    propertyCity: "Chennai",
    propertyPincode: "600020",
    planId: b2c.Premium,
    installDate: todayInIndia(),
    installer: "Team Ravi",
    coveredItems: [{ room: "Kitchen", itemType: "modular_kitchen", brand: "Hettich" }],
    ...overrides,
  };
}

const count = async (table: string) =>
  (await queryRows<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0].n;

describe("staff and partners", () => {
  it("staff create a partner with the plan's quota, audited; bad input changes nothing", async () => {
    const before = await count("partners");
    const bad = await call("POST", "/api/admin/partners", staff, {
      name: "Bad GST Studio",
      gstin: "33ABCDE1234F1Z8",
      address: "1 Mount Road, Chennai",
      brandColour: "teal",
      planId: b2b["Standard Plan"],
      contractStart: "2026-01-01",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ gstin: GSTIN_MESSAGE, brandColour: expect.any(String) });
    const homePlan = await call("POST", "/api/admin/partners", staff, {
      name: "Wrong Plan Studio",
      address: "1 Mount Road, Chennai",
      brandColour: "#000000",
      planId: b2c.Premium,
      contractStart: "2026-01-01",
    });
    expect(homePlan.statusCode).toBe(400);
    expect(homePlan.json().message).toBe("Please choose a B2B plan");
    const noPrice = await call("POST", "/api/admin/partners", staff, {
      name: "Builder Co",
      address: "1 Mount Road, Chennai",
      brandColour: "#000000",
      planId: b2b["Enterprise Plan"],
      contractStart: "2026-01-01",
    });
    expect(noPrice.statusCode).toBe(400);
    expect(await count("partners")).toBe(before);

    const standard = await createPartner();
    expect(standard).toMatchObject({ planName: "Standard Plan", monthlyQuota: 10, brandColour: "#1a6b5c" });
    expect(standard.month).toMatchObject({ registrations: 0, quota: 10 });
    const professional = await createPartner({ planId: b2b["Professional Plan"] });
    expect(professional.monthlyQuota).toBe(15);
    const enterprise = await createPartner({ planId: b2b["Enterprise Plan"], agreedPricePaise: 150000 });
    expect(enterprise).toMatchObject({ monthlyQuota: null, agreedPricePaise: 150000 });
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where entity_type = 'partner' and entity_id = ${standard.id}`,
    );
    expect(audit.map((a) => a.action)).toEqual(["partner.create"]);

    const got = await call("GET", `/api/admin/partners/${standard.id}`, staff);
    expect(got.json()).toMatchObject({ id: standard.id, memberCount: 0 });
    expect((await call("GET", "/api/admin/partners/999999", staff)).statusCode).toBe(404);
    const list = await call(
      "GET",
      `/api/admin/partners?q=${encodeURIComponent(standard.name)}&limit=1`,
      staff,
    );
    expect(list.headers["x-total-count"]).toBe("1");
    expect(list.json<AdminPartner[]>().map((p) => p.id)).toEqual([standard.id]);
  });

  it("an invited owner sets a password, sees the organisation and invites a member; members do not manage users", async () => {
    const { partner, owner, member } = await partnerWithUsers();
    const overview = (await call("GET", "/api/partner", owner.cookie)).json<PartnerOverview>();
    expect(overview).toMatchObject({ role: "owner", partner: { id: partner.id, name: partner.name } });
    expect(overview.month).toMatchObject({ month: todayInIndia().slice(0, 7), registrations: 0, quota: 10 });
    expect((await call("GET", "/api/partner", member.cookie)).json()).toMatchObject({ role: "member" });

    const members = (await call("GET", "/api/partner/members", owner.cookie)).json<PartnerMember[]>();
    expect(members.map((m) => [m.email, m.role])).toEqual([
      [owner.email, "owner"],
      [member.email, "member"],
    ]);
    const staffView = await call("GET", `/api/admin/partners/${partner.id}/members`, staff);
    expect(staffView.json()).toHaveLength(2);
    for (const [method, url, body] of [
      ["GET", "/api/partner/members", undefined],
      [
        "POST",
        "/api/partner/members",
        { email: "x@example.in", firstName: "X", lastName: "Y", role: "member" },
      ],
      ["DELETE", `/api/partner/members/${owner.member.id}`, undefined],
    ] as const) {
      const res = await call(method, url, member.cookie, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(OWNERS_ONLY);
    }
    // a customer's address, or a partner user's already, cannot be invited
    for (const email of [customerEmail, member.email]) {
      const res = await call("POST", "/api/partner/members", owner.cookie, {
        email,
        firstName: "A",
        lastName: "B",
        role: "member",
      });
      expect(res.statusCode).toBe(409);
    }
    const other = await createPartner();
    const taken = await call("POST", `/api/admin/partners/${other.id}/members`, staff, {
      email: member.email,
      firstName: "A",
      lastName: "B",
      role: "owner",
    });
    expect(taken.json().message).toBe(CANNOT_INVITE);
    const audit = await queryRows<{ action: string; actor_id: number }>(
      t.database.db,
      sql`select action, actor_id from audit_log where entity_type = 'partner' and entity_id = ${partner.id} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      "partner.create",
      "partner.member_invite",
      "partner.member_invite",
    ]);
  });

  it("a handover makes a policy in the partner's name, and invites the homeowner to their account", async () => {
    const { partner, member } = await partnerWithUsers();
    const input = handover({ homeownerName: "Lakshmi Priya Narayanan" });
    const res = await call("POST", "/api/partner/handovers", member.cookie, input);
    expect(res.statusCode, res.body).toBe(201);
    const policy = res.json<PartnerPolicy>();
    expect(policy).toMatchObject({
      status: "active",
      planName: "Premium",
      homeowner: { name: "Lakshmi Priya Narayanan", email: input.homeownerEmail },
      installer: "Team Ravi",
      overQuota: false,
      startDate: input.installDate,
    });
    expect(policy.policyNumber).toMatch(/^HIPW-\d{4}-\d{6}$/);

    const mail = await lastMailTo(input.homeownerEmail);
    expect(mail.template).toBe("partner_handover");
    expect(mail.text).toContain(
      `Warranty provided by ${partner.name}, serviced by Home Interior Project Warranty Solutions`,
    );
    const homeowner = await acceptInvitation(input.homeownerEmail, "homeowner-pass-7");
    const mine = (await call("GET", "/api/purchases", homeowner)).json<{ purchase: { id: number } }[]>();
    expect(mine.map((p) => p.purchase.id)).toEqual([policy.id]);
    const items = (await call("GET", `/api/purchases/${policy.id}/items`, homeowner)).json<
      { itemType: string }[]
    >();
    expect(items.map((i) => i.itemType)).toEqual(["modular_kitchen"]);
    // the homeowner pays nothing: the partner is billed, so no tax invoice is made for them
    expect((await call("GET", `/api/purchases/${policy.id}/invoices`, homeowner)).json()).toEqual([]);
    const audit = await queryRows<{ action: string; details: { partnerId: number } }>(
      t.database.db,
      sql`select action, details from audit_log where entity_type = 'purchase' and entity_id = ${policy.id}`,
    );
    expect(audit).toMatchObject([{ action: "partner.handover", details: { partnerId: partner.id } }]);

    // an existing customer gets the policy in their own account, and a sign-in link, not a password link
    const existing = await call(
      "POST",
      "/api/partner/handovers",
      member.cookie,
      handover({ homeownerEmail: customerEmail }),
    );
    expect(existing.statusCode, existing.body).toBe(201);
    const existingMail = await lastMailTo(customerEmail);
    expect(existingMail.template).toBe("partner_handover");
    expect(tokenIn(existingMail.text)).toBeUndefined();
    const theirs = (await call("GET", "/api/purchases", customer)).json<{ purchase: { id: number } }[]>();
    expect(theirs.map((p) => p.purchase.id)).toContain(existing.json().id);

    // a partner user's or staff's address is not a homeowner's
    const notHomeowner = await call(
      "POST",
      "/api/partner/handovers",
      member.cookie,
      handover({ homeownerEmail: member.email }),
    );
    expect(notHomeowner.statusCode).toBe(409);
    expect(notHomeowner.json().message).toBe(NOT_A_HOMEOWNER);
  });

  it("a contract that says pending makes pending policies; staff activate them without a homeowner invoice", async () => {
    const { member } = await partnerWithUsers({ handoverStatus: "pending" });
    const res = await call("POST", "/api/partner/handovers", member.cookie, handover());
    expect(res.statusCode, res.body).toBe(201);
    const policy = res.json<PartnerPolicy>();
    expect(policy.status).toBe("pending");
    expect((await lastMailTo(policy.homeowner.email)).text).toContain("The policy is pending");
    const activated = await call("POST", `/api/admin/purchases/${policy.id}/activate`, staff);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({ status: "active" });
    expect((await call("GET", `/api/purchases/${policy.id}/invoices`, staff)).json()).toEqual([]);
  });

  it("refuses bad handovers with clear errors and creates nothing", async () => {
    const { member } = await partnerWithUsers();
    const [purchasesBefore, usersBefore] = [await count("purchases"), await count("users")];
    const bad = await call("POST", "/api/partner/handovers", member.cookie, {
      ...handover(),
      homeownerEmail: "not-an-address",
      propertyPincode: "12345",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      homeownerEmail: "Please enter a valid email address",
      propertyPincode: "Please enter a valid 6-digit PIN code",
    });
    const business = await call(
      "POST",
      "/api/partner/handovers",
      member.cookie,
      handover({ planId: b2b["Standard Plan"] }),
    );
    expect(business.statusCode).toBe(400);
    expect(business.json().message).toBe("Please choose a homeowner plan");
    const future = await call(
      "POST",
      "/api/partner/handovers",
      member.cookie,
      handover({ installDate: "2099-01-01" }),
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe("The install date cannot be in the future");
    expect([await count("purchases"), await count("users")]).toEqual([purchasesBefore, usersBefore]);
  });

  it("checks the month's quota: past it, refused with a clear message, or flagged for billing", async () => {
    const refuse = await partnerWithUsers();
    const bill = await partnerWithUsers({ overQuota: "bill" });
    for (let i = 0; i < 10; i++) {
      for (const p of [refuse, bill]) {
        const res = await call("POST", "/api/partner/handovers", p.member.cookie, handover());
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    const before = await count("purchases");
    const refused = await call("POST", "/api/partner/handovers", refuse.member.cookie, handover());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(OVER_QUOTA_MESSAGE(10));
    expect(await count("purchases")).toBe(before);

    const flagged = await call("POST", "/api/partner/handovers", bill.owner.cookie, handover());
    expect(flagged.statusCode).toBe(201);
    expect(flagged.json()).toMatchObject({ overQuota: true });
    const month = (await call("GET", "/api/partner", bill.owner.cookie)).json<PartnerOverview>().month;
    expect(month).toMatchObject({ registrations: 11, quota: 10, overQuota: 1 });
  });

  it("lists the partner's policies a page at a time, with search, and never another partner's", async () => {
    const a = await partnerWithUsers({ planId: b2b["Enterprise Plan"], agreedPricePaise: 99900 });
    const b = await partnerWithUsers();
    const made: PartnerPolicy[] = [];
    for (let i = 0; i < 5; i++) {
      made.push((await call("POST", "/api/partner/handovers", a.member.cookie, handover())).json());
    }
    const bPolicy = (
      await call(
        "POST",
        "/api/partner/handovers",
        b.member.cookie,
        handover({ homeownerName: "Zubin Mehta" }),
      )
    ).json<PartnerPolicy>();

    const seen: number[] = [];
    let url: string | null = "/api/partner/policies?limit=2";
    let pages = 0;
    while (url) {
      const res = await call("GET", url, a.owner.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["x-total-count"]).toBe("5");
      seen.push(...res.json<PartnerPolicy[]>().map((p) => p.id));
      url = nextPageLink(res.headers.link as string | undefined);
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(made.map((p) => p.id).reverse());

    const byNumber = await call("GET", `/api/partner/policies?q=${made[2].policyNumber}`, a.member.cookie);
    expect(byNumber.json<PartnerPolicy[]>().map((p) => p.id)).toEqual([made[2].id]);
    const byName = await call("GET", "/api/partner/policies?q=zubin", a.owner.cookie);
    expect(byName.json()).toEqual([]);
    expect(
      (await call("GET", "/api/partner/policies?q=zubin", b.owner.cookie))
        .json<PartnerPolicy[]>()
        .map((p) => p.id),
    ).toEqual([bPolicy.id]);

    // a page link of one partner's list is refused on another's
    const first = await call("GET", "/api/partner/policies?limit=2", a.owner.cookie);
    const next = nextPageLink(first.headers.link as string)!;
    expect((await call("GET", next, b.owner.cookie)).statusCode).toBe(400);
    // another partner's member is not found
    const cross = await call("DELETE", `/api/partner/members/${a.member.member.id}`, b.owner.cookie);
    expect(cross.statusCode).toBe(404);
    expect((await call("GET", "/api/partner", a.member.cookie)).statusCode).toBe(200);
  });

  it("a removed member loses access at once, and an owner cannot remove themselves", async () => {
    const { partner, owner, member } = await partnerWithUsers();
    const self = await call("DELETE", `/api/partner/members/${owner.member.id}`, owner.cookie);
    expect(self.statusCode).toBe(409);
    expect((await call("GET", "/api/partner", member.cookie)).statusCode).toBe(200);
    const removed = await call("DELETE", `/api/partner/members/${member.member.id}`, owner.cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<PartnerMember>().removedAt).not.toBeNull();
    // signed out everywhere, and signing in again opens nothing of the partner's
    expect((await call("GET", "/api/partner", member.cookie)).statusCode).toBe(401);
    const again = await login(
      t.app,
      (
        await queryRows<{ username: string }>(
          t.database.db,
          sql`select username from users where email = ${member.email}`,
        )
      )[0].username,
      PASSWORD,
    );
    const refused = await call("POST", "/api/partner/handovers", again, handover());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCESS_ENDED);
    expect((await call("DELETE", `/api/partner/members/${member.member.id}`, owner.cookie)).statusCode).toBe(
      409,
    );
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where entity_type = 'partner' and entity_id = ${partner.id} order by id desc limit 1`,
    );
    expect(audit[0].action).toBe("partner.member_remove");
    // the owner invites them back: access returns
    const back = await call("POST", "/api/partner/members", owner.cookie, {
      email: member.email,
      firstName: "Kavya",
      lastName: "Rao",
      role: "member",
    });
    expect(back.statusCode, back.body).toBe(201);
    expect((await call("GET", "/api/partner", again)).statusCode).toBe(200);
  });

  it("partner accounts get 403 on staff calls, customers and staff 403 on partner calls", async () => {
    const { owner } = await partnerWithUsers();
    for (const url of [
      "/api/admin/partners",
      "/api/admin/purchases",
      "/api/admin/customers",
      "/api/admin/tickets",
    ]) {
      expect((await call("GET", url, owner.cookie)).statusCode, url).toBe(403);
    }
    for (const cookie of [customer, staff]) {
      for (const url of ["/api/partner", "/api/partner/policies", "/api/partner/members"]) {
        expect((await call("GET", url, cookie)).statusCode, url).toBe(403);
      }
    }
    expect((await call("GET", "/api/partner")).statusCode).toBe(401);
  });
});
