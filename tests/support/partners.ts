import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { todayInIndia } from "../../src/shared/dates.ts";
import type { AdminPartner, PartnerMember } from "../../src/shared/schemas/partner.ts";
import { queryRows } from "./db-rows.ts";
import { sessionCookie, type TestApp } from "./test-app.ts";

type Method = "GET" | "POST" | "DELETE" | "PUT";

/** the set-password token in an invitation e-mail's text */
export const tokenIn = (text: string) => /\/reset-password#token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

/**
 * The partner programme as staff and partners drive it through the API, for the tests of
 * its parts: staff make a partner and invite its users, who choose a password from the
 * invitation e-mail; a partner's user registers handovers.
 */
export function partnerKit(t: TestApp, staff: string, password = "a long partner password") {
  const call = (method: Method, url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  const plansOf = async (type: string) =>
    Object.fromEntries(
      (
        await queryRows<{ id: number; name: string }>(
          t.database.db,
          sql`select id, name from plans where type = ${type}`,
        )
      ).map((p) => [p.name, p.id]),
    );

  let partners = 0;
  async function createPartner(overrides: object = {}) {
    partners++;
    const b2b = await plansOf("B2B");
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

  /** the newest e-mail to an address as the outbox kept it, once the queue has run */
  async function lastMailTo(email: string) {
    await t.app.jobs.drain();
    const [row] = await queryRows<{ template: string; subject: string; text: string; html: string }>(
      t.database.db,
      sql`select template, subject, text, html from emails where to_address = ${email} order by id desc limit 1`,
    );
    return row;
  }

  /** the invited person opens the link and chooses a password: signed in */
  async function acceptInvitation(email: string, chosen = password) {
    const mail = await lastMailTo(email);
    const token = tokenIn(mail.text);
    expect(token, mail.text).toBeDefined();
    const res = await call("POST", "/api/password/reset", undefined, { token, password: chosen });
    expect(res.statusCode, res.body).toBe(200);
    return sessionCookie(res);
  }

  let people = 0;
  async function invite(url: string, cookie: string, role: "owner" | "member") {
    people++;
    const email = `kit-user-${people}-${Date.now()}@studio.example.in`;
    const res = await call("POST", url, cookie, {
      email,
      firstName: "Kavya",
      lastName: `Rao ${people}`,
      role,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { member: res.json<PartnerMember>(), cookie: await acceptInvitation(email), email };
  }

  /** a partner and its signed-in owner */
  async function partnerWithOwner(overrides: object = {}) {
    const partner = await createPartner(overrides);
    const owner = await invite(`/api/admin/partners/${partner.id}/members`, staff, "owner");
    return { partner, owner };
  }

  let homes = 0;
  /** one finished project, registered by the partner's user; answers the new policy */
  async function registerHome(cookie: string, overrides: object = {}) {
    homes++;
    const b2c = await plansOf("B2C");
    const res = await call("POST", "/api/partner/handovers", cookie, {
      homeownerName: `Lakshmi Narayanan ${homes}`,
      homeownerEmail: `kit-homeowner-${homes}-${Date.now()}@example.in`,
      homeownerPhone: "+91 98400 12345",
      propertyAddress: `${homes} Besant Avenue, Adyar`,
      propertyCity: "Chennai",
      propertyPincode: "600020",
      planId: b2c.Premium,
      installDate: todayInIndia(),
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number; policyNumber: string; homeowner: { name: string; email: string } }>();
  }

  return {
    call,
    plansOf,
    createPartner,
    lastMailTo,
    acceptInvitation,
    invite,
    partnerWithOwner,
    registerHome,
  };
}
