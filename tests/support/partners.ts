import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { todayInIndia } from "../../src/shared/dates.ts";
import type { AdminPartner, PartnerMember } from "../../src/shared/schemas/partner.ts";
import { queryRows } from "./db-rows.ts";
import type { SmtpPeer } from "./smtp-peer.ts";
import { createMailTestApp, login, sessionCookie, type TestApp, type withDemoData } from "./test-app.ts";

/**
 * Partners made through the API as staff make them, with users who accepted their
 * e-mailed invitation and are signed in: for the tests of the partner programme.
 */
export const PARTNER_PASSWORD = "a long partner password";

type DemoData = Awaited<ReturnType<typeof withDemoData>>;

/**
 * What the partner tests start from, in a test app that holds the demo data: staff's and the
 * demo customer's sessions; the B2B and B2C plans' ids by name.
 */
export async function partnerTestContext(t: TestApp, demo: DemoData, peer?: SmtpPeer) {
  const plansOf = async (type: string) =>
    Object.fromEntries(
      (
        await queryRows<{ id: number; name: string }>(
          t.database.db,
          sql`select id, name from plans where type = ${type}`,
        )
      ).map((p) => [p.name, p.id]),
    );
  return {
    t,
    /** the mail server the app sends to: the only place an e-mail's live links can be read */
    peer,
    staff: await login(t.app, "demo-admin"),
    customer: await login(t.app, "demo-customer"),
    customerId: demo.customer.id,
    customerEmail: demo.customer.email,
    b2b: await plansOf("B2B"),
    b2c: await plansOf("B2C"),
  };
}

/** A test app with the demo data whose e-mail goes to a real SMTP server, and the partner tests' context in it */
export async function partnerTestApp() {
  const { t, peer, demo } = await createMailTestApp();
  return partnerTestContext(t, demo, peer);
}
export type PartnerTestContext = Awaited<ReturnType<typeof partnerTestApp>>;

/** `context` is read when a helper is called: a test file makes it in beforeAll */
export function partnerFixtures(context: () => PartnerTestContext) {
  const app = () => context().t;
  const staff = () => context().staff;
  const b2b = () => context().b2b;
  const call: TestApp["call"] = (method, url, cookie, payload) => app().call(method, url, cookie, payload);

  let partners = 0;
  async function createPartner(overrides: object = {}) {
    partners++;
    const res = await call("POST", "/api/admin/partners", staff(), {
      name: `Studio ${partners} Interiors`,
      gstin: "33ABCDE1234F1Z7",
      address: "12 Cathedral Road, Chennai 600086",
      brandColour: "#1A6B5C",
      planId: b2b()["Standard Plan"],
      contractStart: "2026-01-01",
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AdminPartner>();
  }

  /**
   * the newest e-mail to an address, once the queue has run: its template and subject as
   * kept, its text as the mail server received it (the kept copy has its links removed)
   */
  async function lastMailTo(email: string) {
    await app().app.jobs.drain();
    const [row] = await queryRows<{ template: string; subject: string; text: string; message_id: string }>(
      app().database.db,
      sql`select template, subject, text, message_id from emails where to_address = ${email} order by id desc limit 1`,
    );
    const sent = context().peer?.received.findLast((m) => m.parsed.messageId === row.message_id);
    return { template: row.template, subject: row.subject, text: sent ? String(sent.parsed.text) : row.text };
  }

  const tokenIn = (text: string) => /\/reset-password#token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

  /** the invited person opens the link and chooses a password: signed in */
  async function acceptInvitation(email: string, password = PARTNER_PASSWORD) {
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
    const res = await call("POST", url, cookie, {
      email,
      firstName: "Kavya",
      lastName: `Rao ${people}`,
      role,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { member: res.json<PartnerMember>(), cookie: await acceptInvitation(email), email };
  }

  /** a partner with a signed-in owner and member */
  async function partnerWithUsers(overrides: object = {}) {
    const partner = await createPartner(overrides);
    const owner = await invite(`/api/admin/partners/${partner.id}/members`, staff(), "owner");
    const member = await invite("/api/partner/members", owner.cookie, "member");
    return { partner, owner, member };
  }

  let homes = 0;
  /** the body of a handover the form would send: a new homeowner and home each time */
  function handover(overrides: object = {}) {
    homes++;
    return {
      homeownerName: "Lakshmi Narayanan",
      homeownerEmail: `homeowner-${homes}@example.in`,
      homeownerPhone: "+91 98400 12345",
      propertyAddress: `${homes} Besant Avenue, Adyar`,
      propertyCity: "Chennai",
      propertyPincode: "600020",
      planId: context().b2c.Premium,
      installDate: todayInIndia(),
      installer: "Team Ravi",
      coveredItems: [{ room: "Kitchen", itemType: "modular_kitchen", brand: "Hettich" }],
      ...overrides,
    };
  }

  return { call, createPartner, lastMailTo, tokenIn, acceptInvitation, invite, partnerWithUsers, handover };
}
