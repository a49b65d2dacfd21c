import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailJobsLeft, queryRows, userByUsername } from "../../../../tests/support/db-rows.ts";
import { respelt } from "../../../../tests/support/respelt.ts";
import type { ReceivedMail } from "../../../../tests/support/smtp-peer.ts";
import {
  appForFile,
  createSignedInMailTestApp,
  login,
  oneClickUnsubscribe,
  raiseTicket,
} from "../../../../tests/support/test-app.ts";
import { todayInIndia } from "../../../shared/dates.ts";
import type { TicketNotification } from "../../../shared/schemas/outbox.ts";
import { changeMarketingConsent, hasConsent } from "../privacy/consent.service.ts";
import { reminderScanHandler } from "./reminders.ts";

/**
 * Each notification, as it arrives at a real SMTP server: who gets it, what it says, and
 * the link back to the right page.
 */
const STAFF = "desk@hipws.test";
const ORIGIN = "http://localhost:5000";
const t = appForFile(() => createSignedInMailTestApp(STAFF));

/** runs the queue and answers the e-mails that arrived because of `act` */
async function mailsOf(act: () => Promise<unknown>, expected: number): Promise<ReceivedMail[]> {
  await t.app.jobs.drain();
  const seen = t.peer.received.length;
  await act();
  await t.app.jobs.drain();
  // every e-mail queued has been sent: what arrived is all that will
  expect(await emailJobsLeft(t.database.db)).toBe(0);
  const mails = t.peer.received.slice(seen);
  expect(mails).toHaveLength(expected);
  return mails;
}
const to = (mails: ReceivedMail[], address: string) => mails.find((m) => m.rcptTo.includes(address))?.parsed;
const email = async (username: string) => (await userByUsername(t.database.db, username)).email;

describe("a ticket's life", () => {
  let ticketId: number;

  it("ticket received to the customer and a new-ticket alert to staff", async () => {
    const [policy] = (
      (await t.call("GET", "/api/purchases", t.customer)).json() as {
        purchase: { id: number; status: string };
      }[]
    ).filter((p) => p.purchase.status === "active");
    const mails = await mailsOf(async () => {
      const res = await raiseTicket(t.app, t.customer, {
        purchaseId: policy.purchase.id,
        subject: "Wardrobe door sags",
        description: "The wardrobe door sags.",
      });
      expect(res.statusCode).toBe(201);
      ticketId = res.json().id;
    }, 2);
    const mine = to(mails, await email("demo-customer"));
    expect(mine?.subject).toBe(`We received your ticket #${ticketId}: Wardrobe door sags`);
    expect(mine?.text).toContain(`${ORIGIN}/tickets/${ticketId}`);
    expect(mine?.text).toContain("+91 44 4850 2200");
    const staff = to(mails, STAFF);
    expect(staff?.subject).toBe(`New ticket #${ticketId}: Wardrobe door sags`);
    expect(staff?.text).toContain(`${ORIGIN}/admin/tickets/${ticketId}`);
  });

  it("a customer's reply on an unassigned ticket goes to staff", async () => {
    const mails = await mailsOf(
      () => t.call("POST", `/api/tickets/${ticketId}/messages`, t.customer, { body: "It is getting worse." }),
      1,
    );
    expect(mails[0].rcptTo).toEqual([STAFF]);
    expect(mails[0].parsed.text).toContain("It is getting worse.");
  });

  it("assignment tells the customer; then the customer's replies go to the assignee", async () => {
    const assigned = await mailsOf(
      () => t.call("PATCH", `/api/admin/tickets/${ticketId}/assign`, t.admin, {}),
      1,
    );
    expect(assigned[0].parsed.subject).toBe(`Your ticket #${ticketId} is now being handled`);
    const reply = await mailsOf(
      () => t.call("POST", `/api/tickets/${ticketId}/messages`, t.customer, { body: "Thank you." }),
      1,
    );
    expect(reply[0].rcptTo).toEqual([await email("demo-admin")]);
  });

  it("a staff reply reaches the customer; an internal note reaches nobody", async () => {
    const mails = await mailsOf(
      () =>
        t.call("POST", `/api/admin/tickets/${ticketId}/messages`, t.admin, {
          body: "A carpenter will come on Friday.",
          internal: false,
        }),
      1,
    );
    expect(mails[0].parsed.subject).toBe(`New reply on your ticket #${ticketId}: Wardrobe door sags`);
    expect(mails[0].parsed.text).toContain("A carpenter will come on Friday.");
    await mailsOf(
      () =>
        t.call("POST", `/api/admin/tickets/${ticketId}/messages`, t.admin, {
          body: "Customer sounds annoyed.",
          internal: true,
        }),
      0,
    );
  });

  it("resolved and closed each tell the customer", async () => {
    for (const [status, words] of [
      ["resolved", "has been resolved"],
      ["closed", "has been closed"],
    ]) {
      const mails = await mailsOf(
        () => t.call("PATCH", `/api/admin/tickets/${ticketId}`, t.admin, { status }),
        1,
      );
      expect(mails[0].parsed.subject).toBe(`Your ticket #${ticketId} ${words}`);
    }
  });

  it("the ticket page lists the e-mails: the customer's own, and every one for staff", async () => {
    const mine = (
      await t.call("GET", `/api/tickets/${ticketId}/notifications`, t.customer)
    ).json() as TicketNotification[];
    expect(mine.map((n) => n.template)).toEqual([
      "ticket_received",
      "ticket_status",
      "ticket_reply",
      "ticket_status",
      "ticket_status",
    ]);
    expect(mine.every((n) => n.status === "done" && n.sentAt && n.to === null)).toBe(true);
    const all = (
      await t.call("GET", `/api/admin/tickets/${ticketId}/notifications`, t.admin)
    ).json() as TicketNotification[];
    expect(all).toHaveLength(8);
    expect(all.filter((n) => n.audience === "staff").map((n) => n.to)).toContain(STAFF);
    const other = await login(t.app, "demo-customer-2");
    expect((await t.call("GET", `/api/tickets/${ticketId}/notifications`, other)).statusCode).toBe(404);
  });
});

describe("policies", () => {
  it("issued and activated, each with a link to the policy page", async () => {
    const u = await userByUsername(t.database.db, "demo-customer-2");
    let id = 0;
    const issued = await mailsOf(async () => {
      const res = await t.call("POST", "/api/admin/purchases", t.admin, {
        userId: u.id,
        planId: 1,
        propertyAddress: "12 Lake View Road, Adyar",
        propertyCity: "Chennai",
        propertyState: "Tamil Nadu",
        startDate: todayInIndia(),
        status: "pending",
      });
      expect(res.statusCode).toBe(201);
      id = res.json().id;
    }, 1);
    expect(issued[0].parsed.subject).toMatch(/^Your policy HIPW-\d{4}-\d+ has been issued$/);
    expect(issued[0].parsed.text).toContain(`${ORIGIN}/purchases/${id}`);
    expect(issued[0].parsed.text).toContain("₹");
    const activated = await mailsOf(() => t.call("POST", `/api/admin/purchases/${id}/activate`, t.admin), 1);
    expect(activated[0].parsed.subject).toMatch(/is now active$/);
  });
});

describe("reminders before a policy ends", () => {
  it("are queued once per step, and sent only with marketing consent", async () => {
    const [p] = await queryRows<{ id: number; user_id: number }>(
      t.database.db,
      sql`select id, user_id from purchases where status = 'active' order by id limit 1`,
    );
    await t.database.db.execute(
      sql`update purchases set end_date = (${todayInIndia()}::date + 30) where id = ${p.id}`,
    );
    const scan = reminderScanHandler(t.database.db);
    const job = { id: 0, kind: "reminders.scan", payload: {}, attempts: 1, maxAttempts: 8, ticketId: null };
    await scan(job);
    await scan(job);
    const keys = await queryRows<{ unique_key: string }>(
      t.database.db,
      sql`select unique_key from jobs where unique_key like ${`reminder:${p.id}:%`}`,
    );
    expect(keys.map((k) => k.unique_key)).toEqual([
      expect.stringMatching(new RegExp(`^reminder:${p.id}:30:`)),
    ]);
    // no consent: nothing is sent, and the job says why
    await mailsOf(() => Promise.resolve(), 0);
    const [skipped] = await queryRows<{ status: string; last_error: string }>(
      t.database.db,
      sql`select status, last_error from jobs where unique_key like ${`reminder:${p.id}:%`}`,
    );
    expect(skipped).toEqual({ status: "done", last_error: "Not sent: no consent to reminders and news" });

    // with consent, the next step's reminder goes out
    await changeMarketingConsent(t.database.db, p.user_id, true);
    await t.database.db.execute(
      sql`update purchases set end_date = (${todayInIndia()}::date + 7) where id = ${p.id}`,
    );
    const mails = await mailsOf(() => scan(job), 1);
    expect(mails[0].parsed.subject).toMatch(/ends in 7 days$/);

    // one click, no sign-in (RFC 8058): the mail client posts the form to the header's address
    expect(mails[0].raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    // a long header is folded onto the next line
    const header = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(mails[0].raw);
    expect(header).not.toBeNull();
    const oneClick = new URL(header![1]);
    expect(oneClick.pathname).toBe("/api/unsubscribe");
    expect(mails[0].parsed.html).toContain(`/unsubscribe?${oneClick.search.slice(1).replace(/&/g, "&amp;")}`);
    // in the plain text the unsubscribe address stands alone, with no full stop run into it
    expect(String(mails[0].parsed.text).split("\n")).toContainEqual(
      expect.stringMatching(/^http:\/\/localhost:5000\/unsubscribe\?\S+[^.]$/),
    );
    const forged = new URLSearchParams(oneClick.search);
    forged.set("u", String(p.user_id + 1));
    const refused = await oneClickUnsubscribe(t.app, `/api/unsubscribe?${forged}`);
    expect(refused.statusCode).toBe(400);
    // the same token's bytes spelt with another last character are not our token
    const respeltToken = new URLSearchParams(oneClick.search);
    respeltToken.set("t", respelt(respeltToken.get("t") as string));
    const respeltAnswer = await oneClickUnsubscribe(t.app, `/api/unsubscribe?${respeltToken}`);
    expect(respeltAnswer.statusCode).toBe(400);
    const done = await oneClickUnsubscribe(t.app, `${oneClick.pathname}${oneClick.search}`);
    expect(done.statusCode).toBe(200);
    expect(await hasConsent(t.database.db, p.user_id, "marketing")).toBe(false);
  });
});

describe("sign-up", () => {
  it("welcomes a new customer", async () => {
    const mails = await mailsOf(
      () =>
        t.call("POST", "/api/register", undefined, {
          firstName: "Anil",
          lastName: "Kumar",
          username: "anil-kumar",
          email: "anil@example.in",
          password: "sturdy-plywood-9",
        }),
      2,
    );
    // the welcome, and the link that proves the address
    expect(mails.map((m) => m.rcptTo)).toEqual([["anil@example.in"], ["anil@example.in"]]);
    const welcome = mails.find(
      (m) => m.parsed.subject === "Welcome to Home Interior Project Warranty Solutions",
    );
    expect(welcome?.parsed.text).toContain(`${ORIGIN}/dashboard`);
    expect(welcome?.parsed.text).toContain("username anil-kumar");
    const confirm = mails.find((m) => m.parsed.subject === "Confirm your e-mail address");
    expect(confirm?.parsed.text).toContain(`${ORIGIN}/confirm-email#token=`);
  });
});
