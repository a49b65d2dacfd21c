import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import {
  PARTNER_PASSWORD,
  type PartnerTestContext,
  partnerFixtures,
  partnerTestApp,
} from "../../../../tests/support/partners.ts";
import { login, type TestApp } from "../../../../tests/support/test-app.ts";
import { PARTNER_ACCESS_ENDED } from "../../../shared/access.ts";
import { todayInIndia } from "../../../shared/dates.ts";
import { nextPageLink } from "../../../shared/endpoints/define.ts";
import { GSTIN_MESSAGE } from "../../../shared/gstin.ts";
import type {
  AdminPartner,
  PartnerClaim,
  PartnerMember,
  PartnerOverview,
  PartnerPolicy,
  PartnerScorecard,
} from "../../../shared/schemas/partner.ts";
import { OVER_QUOTA_MESSAGE, UNUSABLE_HOMEOWNER_EMAIL } from "../../../shared/schemas/partner.ts";
import { OWNERS_ONLY } from "./partner-access.ts";
import { CANNOT_INVITE } from "./partners.service.ts";

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

let context: PartnerTestContext;
beforeAll(async () => {
  context = await partnerTestApp();
  ({ t, staff, customer, customerEmail, b2b, b2c } = context);
});
afterAll(() => t?.close());

const { call, createPartner, lastMailTo, tokenIn, acceptInvitation, partnerWithUsers, handover } =
  partnerFixtures(() => context);

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
    // the homeowner gave their details to the partner: the e-mail says who holds them now, and links the notice
    expect(mail.text).toContain(`${partner.name} gave us your name, e-mail address, phone number`);
    expect(mail.text).toMatch(/Read our Privacy Notice.*\/privacy/s);
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

    // an existing customer gets a sign-in link, not a password link, and accepts the home
    // first (handover-invitations.test.ts)
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
    expect(theirs.map((p) => p.purchase.id)).not.toContain(existing.json().id);

    // a partner user's or staff's address is not a homeowner's
    const notHomeowner = await call(
      "POST",
      "/api/partner/handovers",
      member.cookie,
      handover({ homeownerEmail: member.email }),
    );
    expect(notHomeowner.statusCode).toBe(400);
    expect(notHomeowner.json().message).toBe(UNUSABLE_HOMEOWNER_EMAIL);
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
      homeownerEmail: UNUSABLE_HOMEOWNER_EMAIL,
      propertyPincode: "Please enter a valid 6-digit PIN code",
    });
    const business = await call(
      "POST",
      "/api/partner/handovers",
      member.cookie,
      handover({ planId: b2b["Standard Plan"] }),
    );
    expect(business.statusCode).toBe(400);
    expect(business.json().message).toBe("Please choose a homeowner plan (Essential, Premium or Elite)");
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

  it("tells every field's problem at once, the future install date and the plan among them", async () => {
    const { member } = await partnerWithUsers();
    const before = await count("purchases");
    const bad = await call("POST", "/api/partner/handovers", member.cookie, {
      homeownerName: "A",
      homeownerEmail: "not-an-address",
      homeownerPhone: "12",
      propertyAddress: "x",
      propertyCity: "",
      propertyPincode: "12345",
      planId: "",
      installDate: "2099-01-01",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      homeownerName: "Please enter the homeowner's full name",
      homeownerEmail: UNUSABLE_HOMEOWNER_EMAIL,
      homeownerPhone: "Please enter a valid phone number",
      propertyAddress: "Property address must be at least 5 characters",
      propertyCity: "Please enter the city",
      propertyPincode: "Please enter a valid 6-digit PIN code",
      planId: "Please choose a plan",
      installDate: "The install date cannot be in the future",
    });
    // the rules that need the plan and the accounts are told together too
    const both = await call(
      "POST",
      "/api/partner/handovers",
      member.cookie,
      handover({ planId: b2b["Standard Plan"], installDate: "2099-01-01", homeownerEmail: member.email }),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual({
      homeownerEmail: UNUSABLE_HOMEOWNER_EMAIL,
      planId: "Please choose a homeowner plan (Essential, Premium or Elite)",
      installDate: "The install date cannot be in the future",
    });
    expect(await count("purchases")).toBe(before);
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
      PARTNER_PASSWORD,
    );
    const refused = await call("POST", "/api/partner/handovers", again, handover());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PARTNER_ACCESS_ENDED);
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

describe("the partner's dashboard reads", () => {
  /** the homeowner of a handover opens their invitation and raises a claim on the home's first item */
  async function claimOn(policy: PartnerPolicy, subject = "Hinge of the kitchen shutter broke") {
    const homeowner = await acceptInvitation(policy.homeowner.email);
    const items = await call("GET", `/api/purchases/${policy.id}/items`, homeowner);
    expect(items.statusCode, items.body).toBe(200);
    const res = await call("POST", "/api/tickets", homeowner, {
      purchaseId: policy.id,
      subject,
      description: "The soft-close hinge came off the shutter.",
      policyItemId: items.json<{ id: number }[]>()[0].id,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { ticketId: res.json<{ id: number }>().id, homeowner };
  }

  async function register(cookie: string, overrides: object = {}) {
    const res = await call("POST", "/api/partner/handovers", cookie, handover(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<PartnerPolicy>();
  }

  it("lists only the partner's claims with status, service level and rating; searches and filters; scores root causes", async () => {
    const a = await partnerWithUsers({ planId: b2b["Enterprise Plan"], agreedPricePaise: 50_000 });
    const b = await partnerWithUsers();
    const hettich = await register(a.member.cookie, {
      installer: "Team Ravi",
      coveredItems: [{ room: "Kitchen", itemType: "hinges", brand: "Hettich" }],
    });
    const hafele = await register(a.member.cookie, {
      homeownerName: "Meena Sundaram",
      installer: "Team Arun",
      coveredItems: [{ room: "Bedroom", itemType: "wardrobe", brand: "hettich " }],
    });
    await register(a.member.cookie, { installer: "Team Ravi", coveredItems: [] });
    const other = await register(b.member.cookie);

    const first = await claimOn(hettich);
    const second = await claimOn(hafele, "Wardrobe shutter out of line");
    await claimOn(other, "Other partner's claim");
    // staff resolve the first claim, and its homeowner rates it
    const resolved = await call("PATCH", `/api/admin/tickets/${first.ticketId}`, staff, {
      status: "resolved",
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const rated = await call("POST", `/api/tickets/${first.ticketId}/rating`, first.homeowner, { score: 4 });
    expect(rated.statusCode, rated.body).toBe(201);

    const list = await call("GET", "/api/partner/claims", a.owner.cookie);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers["x-total-count"]).toBe("2");
    const rows = list.json<PartnerClaim[]>();
    // newest first; the other partner's claim is not there
    expect(rows.map((r) => r.id)).toEqual([second.ticketId, first.ticketId]);
    expect(rows[1]).toMatchObject({
      policyNumber: hettich.policyNumber,
      homeownerFirstName: "Lakshmi",
      coveredItem: "hinges",
      item: { room: "Kitchen", brand: "Hettich" },
      status: "resolved",
      sla: "met",
      rating: 4,
    });
    expect(rows[0]).toMatchObject({ status: "open", sla: "due", rating: null, homeownerFirstName: "Meena" });
    expect(JSON.stringify(rows)).not.toContain(other.policyNumber);

    // filter, search by ticket number and by policy number; a page of one continues with its cursor
    const open = await call("GET", "/api/partner/claims?status=open,in_progress", a.member.cookie);
    expect(open.json<PartnerClaim[]>().map((r) => r.id)).toEqual([second.ticketId]);
    const byNumber = await call("GET", `/api/partner/claims?q=%23${first.ticketId}`, a.member.cookie);
    expect(byNumber.json<PartnerClaim[]>().map((r) => r.id)).toEqual([first.ticketId]);
    const byPolicy = await call(
      "GET",
      `/api/partner/claims?q=${encodeURIComponent(hafele.policyNumber)}`,
      a.member.cookie,
    );
    expect(byPolicy.json<PartnerClaim[]>().map((r) => r.id)).toEqual([second.ticketId]);
    // another partner's ticket number finds nothing
    const foreign = await call("GET", `/api/partner/claims?q=%23${first.ticketId}`, b.owner.cookie);
    expect(foreign.json<PartnerClaim[]>()).toEqual([]);
    const paged = await call("GET", "/api/partner/claims?limit=1", a.owner.cookie);
    const next = nextPageLink(paged.headers.link as string);
    expect(next).toBeTruthy();
    expect((await call("GET", next!, a.owner.cookie)).json<PartnerClaim[]>().map((r) => r.id)).toEqual([
      first.ticketId,
    ]);
    // another partner's cursor is refused, not read as a position in its list
    expect((await call("GET", next!, b.owner.cookie)).statusCode).toBe(400);
    expect((await call("GET", "/api/partner/claims?status=lost", a.owner.cookie)).statusCode).toBe(400);

    const card = await call("GET", "/api/partner/scorecard", a.member.cookie);
    expect(card.statusCode, card.body).toBe(200);
    const s = card.json<PartnerScorecard>();
    expect(s).toMatchObject({ claims: 2, homes: 3 });
    expect(s.byInstaller).toEqual([
      // as many claims: the group over more homes first
      { key: "Team Ravi", claims: 1, homes: 2 },
      { key: "Team Arun", claims: 1, homes: 1 },
    ]);
    expect(s.byCoveredItem).toEqual(
      expect.arrayContaining([
        { key: "hinges", claims: 1, homes: 1 },
        { key: "wardrobe", claims: 1, homes: 1 },
      ]),
    );
    // "Hettich" and "hettich " are one brand
    expect(s.byBrand).toHaveLength(1);
    expect(s.byBrand[0]).toMatchObject({ claims: 2, homes: 2 });
    expect(s.byBrand[0].key?.trim().toLowerCase()).toBe("hettich");
    expect(s.byMonth).toHaveLength(12);
    expect(s.byMonth.at(-1)).toEqual({ key: todayInIndia().slice(0, 7), claims: 2, homes: 3 });
    expect(s.byMonth.slice(0, -1).every((m) => m.claims === 0)).toBe(true);

    // a new registration counts at once, though the homes are kept for a minute between calls
    await register(a.owner.cookie, { installer: "Team Arun", coveredItems: [] });
    const after = (await call("GET", "/api/partner/scorecard", a.member.cookie)).json<PartnerScorecard>();
    expect(after).toMatchObject({ claims: 2, homes: 4 });
    expect(after.byInstaller.find((g) => g.key === "Team Arun")).toEqual({
      key: "Team Arun",
      claims: 1,
      homes: 2,
    });

    const otherCard = (await call("GET", "/api/partner/scorecard", b.member.cookie)).json<PartnerScorecard>();
    expect(otherCard).toMatchObject({ claims: 1, homes: 1 });
    // customers and staff are refused
    for (const cookie of [customer, staff, first.homeowner]) {
      expect((await call("GET", "/api/partner/claims", cookie)).statusCode).toBe(403);
      expect((await call("GET", "/api/partner/scorecard", cookie)).statusCode).toBe(403);
    }
  });

  it("a removed member loses the dashboard at once; searches find the partner's homes only", async () => {
    const { owner, member } = await partnerWithUsers();
    const other = await partnerWithUsers();
    const mine = await register(member.cookie, { homeownerName: "Revathi Krishnan" });
    await register(other.member.cookie, { homeownerName: "Revathi Krishnan" });
    const search = await call("GET", "/api/partner/policies?q=revathi", member.cookie);
    expect(search.json<PartnerPolicy[]>().map((p) => p.id)).toEqual([mine.id]);
    const byEmail = await call("GET", `/api/partner/policies?q=${mine.homeowner.email}`, member.cookie);
    expect(byEmail.json<PartnerPolicy[]>().map((p) => p.id)).toEqual([mine.id]);

    expect((await call("GET", "/api/partner/claims", member.cookie)).statusCode).toBe(200);
    expect((await call("DELETE", `/api/partner/members/${member.member.id}`, owner.cookie)).statusCode).toBe(
      200,
    );
    // the session ended with the membership: the very next request is a guest's
    for (const url of ["/api/partner/claims", "/api/partner/scorecard", "/api/partner/policies"]) {
      expect((await call("GET", url, member.cookie)).statusCode, url).toBe(401);
    }
  });
});
