import { sql } from "drizzle-orm";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import { multipartBody, TINY_PNG } from "../../../../tests/support/multipart.ts";
import type { ReceivedMail } from "../../../../tests/support/smtp-peer.ts";
import { appForFile, createSignedInMailTestApp, login } from "../../../../tests/support/test-app.ts";
import type { TicketListItem } from "../../../shared/schemas/ticket.ts";
import { VISIT_HOURS_MESSAGE, VISIT_SUNDAY_MESSAGE, type Visit } from "../../../shared/schemas/visit.ts";

/**
 * Technician visits on the server, with a real database and a real SMTP server: who reaches
 * which ticket, the visiting hours, the customer's answer on the ticket page and from the
 * e-mail's signed links, the calendar invitation as a calendar reads it, and the outcome.
 */
const t = appForFile(() => createSignedInMailTestApp());
let technician: string;
let ticketId: number;
let otherTicketId: number;

/** a day of the week after next, as YYYY-MM-DD (0 Sunday … 6 Saturday) */
function nextDay(weekday: number): string {
  const d = new Date(Date.now() + 8 * 86_400_000);
  while (d.getUTCDay() !== weekday) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  technician = await login(t.app, "demo-technician");
  const mine = (await t.call("GET", "/api/tickets", t.customer)).json<TicketListItem[]>();
  ticketId = mine.find((x) => x.status === "open" || x.status === "in_progress")!.id;
  otherTicketId = (await t.call("GET", "/api/tickets", t.otherCustomer)).json<TicketListItem[]>()[0].id;
});

/** the first e-mail after the `seen` first ones whose subject is `subject` */
async function mailAfter(seen: number, subject: string): Promise<ReceivedMail> {
  for (let n = seen + 1; ; n++) {
    await t.app.jobs.drain();
    const mail = (await t.peer.waitFor(n))[n - 1];
    if (mail.parsed.subject === subject) return mail;
  }
}

function calendarOf(mail: ReceivedMail): string {
  const part = mail.parsed.attachments.find((a) => a.contentType.startsWith("text/calendar"));
  expect(part, "the e-mail carries a text/calendar part").toBeDefined();
  return part!.content.toString("utf8");
}

/** staff or the ticket's technician propose a visit on `date` from `start` to `end` (HH:MM) */
const propose = (cookie: string, ticket: number, date: string, start: string, end: string) =>
  t.call("POST", `/api/admin/tickets/${ticket}/visits`, cookie, { date, start, end });

describe("technicians", () => {
  it("staff assign a ticket to a technician, who then sees it and no other", async () => {
    const staff = (await t.call("GET", "/api/admin/staff", t.admin)).json<{ id: number; role: string }[]>();
    expect(staff).toContainEqual(expect.objectContaining({ id: t.demo.technician.id, role: "technician" }));
    expect((await t.call("GET", `/api/admin/tickets/${ticketId}`, technician)).statusCode).toBe(404);
    const assigned = await t.call("PATCH", `/api/admin/tickets/${ticketId}/assign`, t.admin, {
      assigneeId: t.demo.technician.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);

    const list = await t.call("GET", "/api/admin/tickets?assignee=unassigned", technician);
    expect(list.statusCode).toBe(200);
    // the filter cannot widen a technician's list: only their own tickets come back
    expect(list.json<{ ticket: { id: number } }[]>().map((r) => r.ticket.id)).toEqual([ticketId]);
    expect((await t.call("GET", `/api/admin/tickets/${ticketId}`, technician)).statusCode).toBe(200);
    expect((await t.call("GET", `/api/admin/tickets/${otherTicketId}`, technician)).statusCode).toBe(404);
    const reply = await t.call("POST", `/api/admin/tickets/${otherTicketId}/messages`, technician, {
      body: "Hello",
    });
    expect(reply.statusCode).toBe(404);
    // every other staff call is refused
    for (const url of [
      "/api/admin/stats",
      "/api/admin/customers",
      "/api/admin/purchases",
      "/api/admin/staff",
    ])
      expect((await t.call("GET", url, technician)).statusCode, url).toBe(403);
    expect(
      (await t.call("PATCH", `/api/admin/tickets/${ticketId}`, technician, { status: "resolved" }))
        .statusCode,
    ).toBe(403);
  });

  it("staff create a technician with a staff-strength password, and switching them off signs them out", async () => {
    const weak = await t.call("POST", "/api/admin/technicians", t.admin, {
      firstName: "Ravi",
      lastName: "Kumar",
      username: "ravi-k",
      email: "ravi@example.in",
      password: "short-pw",
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toHaveProperty("password");
    const made = await t.call("POST", "/api/admin/technicians", t.admin, {
      firstName: "Ravi",
      lastName: "Kumar",
      username: "ravi-k",
      email: "ravi@example.in",
      password: "a long enough password",
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const session = await login(t.app, "ravi-k", "a long enough password");
    expect((await t.call("GET", "/api/admin/tickets", session)).statusCode).toBe(200);
    const off = await t.call("POST", `/api/admin/technicians/${id}/deactivate`, t.admin);
    expect(off.json()).toMatchObject({ id, active: false });
    expect((await t.call("GET", "/api/admin/tickets", session)).statusCode).toBe(401);
    const again = await t.call("POST", "/api/login", undefined, {
      username: "ravi-k",
      password: "a long enough password",
    });
    expect(again.statusCode).toBe(401);
    // no longer offered for assignment
    const staff = (await t.call("GET", "/api/admin/staff", t.admin)).json<{ id: number }[]>();
    expect(staff.map((s) => s.id)).not.toContain(id);
    const page = await t.call("GET", "/api/admin/technicians?limit=50", t.admin);
    expect(page.json<{ id: number; active: boolean }[]>()).toContainEqual(
      expect.objectContaining({ id, active: false }),
    );
    const [audit] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action in ('technician.create', 'technician.deactivate') and entity_id = ${id}`,
    );
    expect(Number(audit.n)).toBe(2);
  });
});

describe("visits", () => {
  let visit: Visit;
  let token: string;

  it("refuses a slot outside visiting hours with a clear message, and keeps nothing", async () => {
    const sunday = await propose(technician, ticketId, nextDay(0), "10:00", "11:00");
    expect(sunday.statusCode).toBe(400);
    expect(sunday.json().errors).toEqual({ date: VISIT_SUNDAY_MESSAGE });
    const late = await propose(technician, ticketId, nextDay(6), "15:00", "17:00");
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toEqual({ end: VISIT_HOURS_MESSAGE });
    const early = await propose(t.admin, ticketId, nextDay(2), "08:30", "10:00");
    expect(early.json().errors).toEqual({ start: VISIT_HOURS_MESSAGE });
    const backwards = await propose(t.admin, ticketId, nextDay(2), "12:00", "11:00");
    expect(backwards.json().errors).toEqual({ end: "The visit must end after it starts" });
    const detail = await t.call("GET", `/api/tickets/${ticketId}`, t.customer);
    expect(detail.json().visits).toEqual([]);
  });

  it("the assigned technician proposes a slot; the customer is e-mailed an invitation a calendar reads", async () => {
    // another technician's (or an unassigned) ticket is not theirs to visit
    const elsewhere = await propose(technician, otherTicketId, nextDay(2), "10:00", "12:00");
    expect(elsewhere.statusCode).toBe(404);
    const seen = t.peer.received.length;
    const res = await propose(technician, ticketId, nextDay(2), "10:00", "12:00");
    expect(res.statusCode, res.body).toBe(201);
    visit = res.json();
    expect(visit).toMatchObject({ status: "proposed", sequence: 0 });
    expect(visit.startsAt).toBe(new Date(`${nextDay(2)}T04:30:00Z`).toISOString());
    expect(visit.endsAt).toBe(new Date(`${nextDay(2)}T06:30:00Z`).toISOString());

    const mail = await mailAfter(seen, `A technician visit for your ticket #${ticketId}`);
    const ics = calendarOf(mail);
    const cal = new ICAL.Component(ICAL.parse(ics));
    expect(cal.getFirstPropertyValue("method")).toBe("REQUEST");
    const event = new ICAL.Event(cal.getFirstSubcomponent("vevent")!);
    expect(event.uid).toBe(`visit-${visit.id}@localhost`);
    expect(event.sequence).toBe(0);
    expect(event.startDate.toJSDate().toISOString()).toBe(visit.startsAt);
    expect(event.endDate.toJSDate().toISOString()).toBe(visit.endsAt);
    expect(event.location).toContain("Anna Nagar");

    const link = /\/visit\?token=([^&"\s]+)&(?:amp;)?action=confirm/.exec(String(mail.parsed.text));
    expect(link).not.toBeNull();
    token = decodeURIComponent(link![1]);
    expect(String(mail.parsed.text)).toContain("action=change");
  });

  it("a new time keeps the invitation's UID and raises its SEQUENCE", async () => {
    const seen = t.peer.received.length;
    const res = await t.call("PUT", `/api/admin/tickets/${ticketId}/visits/${visit.id}`, t.admin, {
      date: nextDay(3),
      start: "14:00",
      end: "16:00",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: visit.id, sequence: 1, status: "proposed" });
    const mail = await mailAfter(seen, `A new time for your ticket #${ticketId}`);
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(calendarOf(mail))).getFirstSubcomponent("vevent")!,
    );
    expect(event.uid).toBe(`visit-${visit.id}@localhost`);
    expect(event.sequence).toBe(1);
    // the first e-mail's link is for a time no longer on offer: it says so and records nothing
    const stale = await t.app.inject({ method: "GET", url: `/api/visits/answer?token=${token}` });
    expect(stale.json()).toMatchObject({ current: false, status: "proposed" });
    const post = await t.call("POST", "/api/visits/answer", undefined, { token, action: "confirm" });
    expect(post.statusCode).toBe(409);
    token = decodeURIComponent(
      /\/visit\?token=([^&"\s]+)&(?:amp;)?action=confirm/.exec(String(mail.parsed.text))![1],
    );
  });

  it("a tampered link is refused, and opening a link changes nothing", async () => {
    const [id, seq, mac] = token.split(".");
    for (const bad of [`${Number(id) + 1}.${seq}.${mac}`, `${id}.${seq}.${mac.slice(0, -2)}AA`, "x"]) {
      const get = await t.app.inject({
        method: "GET",
        url: `/api/visits/answer?token=${encodeURIComponent(bad)}`,
      });
      expect(get.statusCode, bad).toBe(400);
      const post = await t.call("POST", "/api/visits/answer", undefined, { token: bad, action: "confirm" });
      expect(post.statusCode, bad).toBe(400);
    }
    const read = await t.app.inject({ method: "GET", url: `/api/visits/answer?token=${token}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ ticketId, current: true, status: "proposed" });
    const detail = (await t.call("GET", `/api/tickets/${ticketId}`, t.customer)).json();
    expect(detail.visits[0].status).toBe("proposed");
  });

  it("the customer asks for another time from the e-mail, then confirms the next one on the ticket page", async () => {
    // another customer cannot answer for this ticket
    expect(
      (await t.call("POST", `/api/tickets/${ticketId}/visits/${visit.id}/confirm`, t.otherCustomer))
        .statusCode,
    ).toBe(404);
    const change = await t.call("POST", "/api/visits/answer", undefined, {
      token,
      action: "change",
      note: "Mornings suit me better",
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json()).toMatchObject({ status: "change_requested" });
    const moved = await t.call("PUT", `/api/admin/tickets/${ticketId}/visits/${visit.id}`, technician, {
      date: nextDay(4),
      start: "09:00",
      end: "11:00",
    });
    expect(moved.json()).toMatchObject({ sequence: 2, status: "proposed" });
    const confirm = await t.call("POST", `/api/tickets/${ticketId}/visits/${visit.id}/confirm`, t.customer);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().status).toBe("confirmed");
    const events = (confirm.json() as Visit).events.map((e) => [e.kind, e.note]);
    expect(events).toEqual([
      ["proposed", null],
      ["proposed", null],
      ["change_requested", "Mornings suit me better"],
      ["proposed", null],
      ["confirmed", null],
    ]);
  });

  it("the technician records the outcome with a photo; the customer sees both and gets an e-mail", async () => {
    const seen = t.peer.received.length;
    const res = await t.call(
      "POST",
      `/api/admin/tickets/${ticketId}/visits/${visit.id}/outcome`,
      technician,
      {
        outcome: "part_ordered",
        notes: "Soft-close hinge is broken; replacement ordered from Hettich.",
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json<Visit>();
    expect(done).toMatchObject({ status: "completed", outcome: "part_ordered" });
    const form = multipartBody([
      { name: "messageId", data: String(done.outcomeMessageId) },
      { name: "file", filename: "hinge.png", type: "image/png", data: TINY_PNG },
    ]);
    const upload = await t.app.inject({
      method: "POST",
      url: `/api/tickets/${ticketId}/attachments`,
      headers: { cookie: technician, "content-type": form.contentType },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    // a technician's upload on someone else's ticket is a 404
    const stray = await t.app.inject({
      method: "POST",
      url: `/api/tickets/${otherTicketId}/attachments`,
      headers: { cookie: technician, "content-type": form.contentType },
      payload: form.payload,
    });
    expect(stray.statusCode).toBe(404);

    const detail = (await t.call("GET", `/api/tickets/${ticketId}`, t.customer)).json();
    expect(detail.visits[0].events.at(-1)).toMatchObject({ kind: "outcome", outcome: "part_ordered" });
    const photo = detail.attachments.find(
      (a: { messageId: number | null }) => a.messageId === done.outcomeMessageId,
    );
    expect(photo).toBeDefined();
    expect((await t.call("GET", photo.thumbnailUrl, t.customer)).statusCode).toBe(200);
    const message = detail.messages.find((m: { id: number }) => m.id === done.outcomeMessageId);
    expect(message.body).toContain("Visit outcome: Part ordered");

    const mail = await mailAfter(seen, `Visit outcome for your ticket #${ticketId}: Part ordered`);
    expect(String(mail.parsed.text)).toContain("replacement ordered from Hettich");

    const again = await t.call("POST", `/api/admin/tickets/${ticketId}/visits/${visit.id}/outcome`, t.admin, {
      outcome: "fixed",
      notes: "Second try",
    });
    expect(again.statusCode).toBe(409);
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where entity_type = 'ticket' and entity_id = ${ticketId} and action like 'visit.%' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      "visit.propose",
      "visit.reschedule",
      "visit.change_request",
      "visit.reschedule",
      "visit.confirm",
      "visit.outcome",
    ]);
  });
});
