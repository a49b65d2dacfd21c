import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import {
  type PartnerTestContext,
  partnerFixtures,
  partnerTestApp,
} from "../../../../tests/support/partners.ts";
import { login, sessionCookie, type TestApp } from "../../../../tests/support/test-app.ts";
import { todayInIndia } from "../../../shared/dates.ts";
import {
  type HandoverInvitation,
  type PartnerPolicy,
  UNUSABLE_HOMEOWNER_EMAIL,
} from "../../../shared/schemas/partner.ts";
import { IMPORT_COLUMNS, type PartnerImport } from "../../../shared/schemas/partner-import.ts";
import type { AdminPolicyListItem } from "../../../shared/schemas/policy.ts";

/**
 * A partner's handover joins a policy to whoever holds an e-mail address. These tests hold
 * it to the rules that keep that safe: an address nobody proved pulls in nothing, an
 * existing account accepts the home first, and the partner learns nothing about accounts.
 */
let t: TestApp;
let customer: string;
let customerEmail: string;

let context: PartnerTestContext;
beforeAll(async () => {
  context = await partnerTestApp();
  ({ t, customer, customerEmail } = context);
});
afterAll(() => t?.close());

const { call, lastMailTo, partnerWithUsers, handover } = partnerFixtures(() => context);

let homes = 0;

const policyIds = async (cookie: string) =>
  (await call("GET", "/api/purchases", cookie))
    .json<{ purchase: { id: number } }[]>()
    .map((p) => p.purchase.id);

describe("a handover to an address that has an account", () => {
  it("lands in no portal of an account that never proved the address (an impostor's)", async () => {
    const { member } = await partnerWithUsers();
    // the impostor signs up with the homeowner's address, which they cannot read
    const victim = "selvi.homeowner@example.in";
    const signUp = await call("POST", "/api/register", undefined, {
      firstName: "Imp",
      lastName: "Ostor",
      username: "not-selvi",
      email: victim,
      password: "a-sneaky-password-3",
    });
    expect(signUp.statusCode).toBe(201);
    const impostor = sessionCookie(signUp);
    // nor can they claim it by typing it on their profile later: that goes through a link
    expect((await call("PATCH", "/api/user", impostor, { email: "other@example.in" })).statusCode).toBe(400);

    const res = await call(
      "POST",
      "/api/partner/handovers",
      member.cookie,
      handover({ homeownerEmail: victim }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const policy = res.json<PartnerPolicy>();
    expect(await policyIds(impostor)).not.toContain(policy.id);
    expect((await call("GET", `/api/purchases/${policy.id}`, impostor)).statusCode).toBe(404);
    expect((await call("GET", "/api/handovers", impostor)).json()).toEqual([]);
    expect((await call("POST", `/api/handovers/${policy.id}/accept`, impostor)).statusCode).toBe(404);
    expect(
      (
        await call("POST", `/api/purchases/${policy.id}/transfer`, impostor, {
          name: "Fence Buyer",
          email: "fence@example.in",
          phone: "+91 98400 00000",
        })
      ).statusCode,
    ).toBe(404);
  });

  it("waits for a proved customer to accept it, and answers the partner with the name it typed", async () => {
    const { partner, member, owner } = await partnerWithUsers();
    const fresh = await call(
      "POST",
      "/api/partner/handovers",
      member.cookie,
      handover({ homeownerName: "Asha Typed" }),
    );
    const res = await call(
      "POST",
      "/api/partner/handovers",
      member.cookie,
      handover({ homeownerName: "Asha Typed", homeownerEmail: customerEmail.toUpperCase() }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const policy = res.json<PartnerPolicy>();
    // the same answer as for an address new to us: the typed name, no account's details
    expect(policy.homeowner).toEqual({ name: "Asha Typed", email: customerEmail.toLowerCase() });
    expect(Object.keys(policy).sort()).toEqual(Object.keys(fresh.json()).sort());
    const listed = (await call("GET", `/api/partner/policies?q=${policy.policyNumber}`, member.cookie)).json<
      PartnerPolicy[]
    >();
    expect(listed.map((p) => p.homeowner)).toEqual([
      { name: "Asha Typed", email: customerEmail.toLowerCase() },
    ]);

    // the partner is billed for it all the same, under the name it typed
    const running = (await call("GET", "/api/partner/statements/current", owner.cookie)).json<{
      registrations: number;
      lines: { policyNumber: string; homeowner: string }[];
    }>();
    expect(running.registrations).toBe(2);
    expect(running.lines).toContainEqual(
      expect.objectContaining({ policyNumber: policy.policyNumber, homeowner: "Asha Typed" }),
    );

    // not in the customer's portal yet: it waits as an invitation
    expect(await policyIds(customer)).not.toContain(policy.id);
    const waiting = (await call("GET", "/api/handovers", customer)).json<HandoverInvitation[]>();
    expect(waiting).toMatchObject([
      { id: policy.id, partnerName: partner.name, policyNumber: policy.policyNumber },
    ]);
    const mail = await lastMailTo(customerEmail);
    expect(mail.template).toBe("partner_handover");
    expect(mail.text).toContain("accept the policy on your dashboard");
    expect(mail.text).toContain("Your username is demo-customer");

    // another customer cannot take it
    const other = await login(t.app, "demo-customer-2");
    expect((await call("POST", `/api/handovers/${policy.id}/accept`, other)).statusCode).toBe(404);

    const accepted = await call("POST", `/api/handovers/${policy.id}/accept`, customer);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await policyIds(customer)).toContain(policy.id);
    expect((await call("GET", "/api/handovers", customer)).json()).toEqual([]);
    expect((await call("POST", `/api/handovers/${policy.id}/accept`, customer)).statusCode).toBe(404);
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where entity_type = 'purchase' and entity_id = ${policy.id} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(["partner.handover", "partner.handover_accept"]);
  });

  it("tells a new homeowner their username in the e-mail, and lets them sign in with their address", async () => {
    const { member } = await partnerWithUsers();
    const input = handover();
    expect((await call("POST", "/api/partner/handovers", member.cookie, input)).statusCode).toBe(201);
    const mail = await lastMailTo(input.homeownerEmail);
    const username = /Your username is ([^;\s]+);/.exec(mail.text)?.[1];
    expect(username).toBe(input.homeownerEmail.split("@")[0]);
    const token = /\/reset-password#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(
      (await call("POST", "/api/password/reset", undefined, { token, password: "my-own-pass-55" }))
        .statusCode,
    ).toBe(200);
    const byAddress = await call("POST", "/api/login", undefined, {
      username: input.homeownerEmail.toUpperCase(),
      password: "my-own-pass-55",
    });
    expect(byAddress.statusCode).toBe(200);
    // the set-password link proved the address
    expect(byAddress.json()).toMatchObject({ username, emailVerified: true });
  });
});

describe("partners learn nothing about accounts", () => {
  it("refuses a staff or partner address with the words and status of a malformed one", async () => {
    const { member, owner } = await partnerWithUsers();
    const answers = [];
    for (const homeownerEmail of ["not-an-address", "demo-admin@hipws.example", owner.email]) {
      answers.push(await call("POST", "/api/partner/handovers", member.cookie, handover({ homeownerEmail })));
    }
    const staffAddress = (
      await queryRows<{ email: string }>(
        t.database.db,
        sql`select email from users where username = 'demo-admin'`,
      )
    )[0].email;
    answers[1] = await call(
      "POST",
      "/api/partner/handovers",
      member.cookie,
      handover({ homeownerEmail: staffAddress }),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toMatchObject({ homeownerEmail: UNUSABLE_HOMEOWNER_EMAIL });
    }
  });

  it("previews a CSV with no word on who has an account, and a staff address refused as a malformed one", async () => {
    const { member } = await partnerWithUsers();
    const staffAddress = (
      await queryRows<{ email: string }>(
        t.database.db,
        sql`select email from users where username = 'demo-admin'`,
      )
    )[0].email;
    const row = (homeownerEmail: string) => {
      const values: Record<string, string> = {
        homeownerName: "Lakshmi Narayanan",
        homeownerEmail,
        homeownerPhone: "+91 98400 12345",
        propertyAddress: `${++homes} Besant Avenue, Adyar`,
        propertyCity: "Chennai",
        propertyState: "Tamil Nadu",
        propertyPincode: "600020",
        plan: "Premium",
        installDate: todayInIndia(),
        installer: "",
        coveredItems: "",
      };
      return IMPORT_COLUMNS.map((c) => values[c.key]);
    };
    const body = Papa.unparse(
      [
        IMPORT_COLUMNS.map((c) => c.header),
        row(customerEmail),
        row(`brand-new-${homes}@example.in`),
        row(staffAddress),
        row("not-an-address"),
      ],
      { newline: "\r\n" },
    );
    const res = await t.app.inject({
      method: "POST",
      url: "/api/partner/imports",
      headers: { cookie: member.cookie, "content-type": "text/csv" },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json<PartnerImport>();
    const text = JSON.stringify(preview);
    expect(text).not.toMatch(/existingAccount|newAccounts|already has an account/i);
    expect(preview.warnings).toEqual([]);
    expect(preview.sample.map((s) => Object.keys(s).sort())).toEqual([
      Object.keys(preview.sample[0]).sort(),
      Object.keys(preview.sample[0]).sort(),
    ]);
    expect(preview.errors.filter((e) => e.row === 4 || e.row === 5).map((e) => [e.row, e.message])).toEqual([
      [4, UNUSABLE_HOMEOWNER_EMAIL],
      [5, UNUSABLE_HOMEOWNER_EMAIL],
    ]);
  });
});

describe("staff's policy list", () => {
  it("lists a home waiting for its account's holder to accept it, and names whom it waits for", async () => {
    const { member } = await partnerWithUsers();
    const res = await call(
      "POST",
      "/api/partner/handovers",
      member.cookie,
      handover({ homeownerName: "Kavitha Raman", homeownerEmail: customerEmail }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const policy = res.json<PartnerPolicy>();
    const staffList = async () => {
      const list = await call("GET", `/api/admin/purchases?q=${policy.policyNumber}`, context.staff);
      expect(list.statusCode).toBe(200);
      expect(list.headers["x-total-count"]).toBe("1");
      return list.json<AdminPolicyListItem[]>();
    };

    expect(await staffList()).toMatchObject([
      {
        purchase: { id: policy.id, userId: null },
        customer: null,
        awaitingHomeowner: { name: "Kavitha Raman", email: customerEmail.toLowerCase() },
      },
    ]);
    // and the row's link opens it for staff
    expect((await call("GET", `/api/purchases/${policy.id}`, context.staff)).statusCode).toBe(200);
    // once accepted, its homeowner is the policy's customer, and nobody is waited for
    expect((await call("POST", `/api/handovers/${policy.id}/accept`, customer)).statusCode).toBe(200);
    expect(await staffList()).toMatchObject([
      { customer: { email: customerEmail }, awaitingHomeowner: null },
    ]);
  });
});
