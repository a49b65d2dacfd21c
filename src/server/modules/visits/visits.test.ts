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

/** the first e-mail after the `seen` first ones whose subject is `subject` (or starts with it) */
async function mailAfter(seen: number, subject: string, prefix = false): Promise<ReceivedMail> {
  for (let n = seen + 1; ; n++) {
    await t.app.jobs.drain();
    const mail = (await t.peer.waitFor(n))[n - 1];
    const got = mail.parsed.subject ?? "";
    if (prefix ? got.startsWith(subject) : got === subject) return mail;
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
    // a visit needs someone to make it: an unassigned ticket gets none
    const nobody = await propose(t.admin, ticketId, nextDay(2), "10:00", "12:00");
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().message).toBe(
      "Assign this ticket to the technician who will visit before arranging a visit",
    );
    const seen = t.peer.received.length;
    const assigned = await t.call("PATCH", `/api/admin/tickets/${ticketId}/assign`, t.admin, {
      assigneeId: t.demo.technician.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    // the technician hears of it by e-mail
    const subject = assigned.json().subject as string;
    const told = await mailAfter(seen, `Ticket #${ticketId} assigned to you: ${subject}`);
    expect(told.rcptTo).toEqual(["demo-technician@hipws.example"]);
    expect(String(told.parsed.text)).toContain(`/admin/tickets/${ticketId}`);

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
    const seen = t.peer.received.length;
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
    // the office and the technician hear that another time is wanted, with the customer's words
    const asked = await mailAfter(seen, `Another visit time asked for on ticket #${ticketId}`, true);
    expect(String(asked.parsed.text)).toContain("Mornings suit me better");
    const addressees = t.peer.received
      .slice(seen)
      .filter((m) => m.parsed.subject?.startsWith("Another visit time asked for"))
      .flatMap((m) => m.rcptTo);
    expect(addressees).toContain("demo-technician@hipws.example");
    expect(addressees).toContain("demo-admin@hipws.example");
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

  it("the outcome waits for the visit to begin", async () => {
    const early = await t.call(
      "POST",
      `/api/admin/tickets/${ticketId}/visits/${visit.id}/outcome`,
      technician,
      {
        outcome: "fixed",
        notes: "Fixed before arriving",
      },
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(
      /^This visit starts .+\. Its outcome can be recorded once it has begun\.$/,
    );
    const detail = (await t.call("GET", `/api/tickets/${ticketId}`, t.customer)).json();
    expect(detail.visits[0]).toMatchObject({ status: "confirmed", outcome: null });
    // the day comes: the technician has been at the home for half an hour
    await t.database.db.execute(
      sql`update ticket_visits set starts_at = now() - interval '30 minutes', ends_at = now() + interval '90 minutes' where id = ${visit.id}`,
    );
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

describe("the technician's calendar", () => {
  const slotsOf = (cookie: string, id: number, query: string) =>
    t.call("GET", `/api/admin/technicians/${id}/free-slots?${query}`, cookie);

  it("refuses a holiday of the service calendar with its name, and keeps nothing", async () => {
    const day = nextDay(1);
    const add = await t.call("POST", "/api/admin/sla/holidays", t.admin, { day, name: "Kaanum Pongal" });
    expect(add.statusCode, add.body).toBe(201);
    const res = await propose(technician, ticketId, day, "10:00", "12:00");
    expect(res.statusCode).toBe(400);
    const message = "Kaanum Pongal is a holiday: we do not visit on holidays. Please choose another day";
    expect(res.json()).toMatchObject({ message, errors: { date: message } });
    const free = await slotsOf(t.admin, t.demo.technician.id, `from=${day}`);
    expect(free.json()).toEqual([{ date: day, closed: "Kaanum Pongal", slots: [] }]);
    const detail = (await t.call("GET", `/api/tickets/${ticketId}`, t.customer)).json();
    expect(detail.visits).toHaveLength(1);
  });

  it("lists the free slots of a day: visiting hours less the technician's visits, Sundays closed", async () => {
    const friday = nextDay(5);
    const booked = await propose(technician, ticketId, friday, "11:00", "13:00");
    expect(booked.statusCode, booked.body).toBe(201);
    const res = await slotsOf(technician, t.demo.technician.id, `from=${friday}&minutes=60`);
    expect(res.statusCode, res.body).toBe(200);
    const [day] = res.json();
    expect(day.closed).toBeNull();
    expect(day.slots.map((s: { start: string }) => s.start)).toEqual([
      "09:00",
      "10:00",
      "13:00",
      "14:00",
      "15:00",
      "16:00",
      "17:00",
    ]);
    // two-hour slots that would run into the visit are not offered; nor past closing time
    const two = (await slotsOf(t.admin, t.demo.technician.id, `from=${friday}&minutes=120`)).json();
    expect(two[0].slots).toEqual([
      { start: "09:00", end: "11:00" },
      { start: "13:00", end: "15:00" },
      { start: "14:00", end: "16:00" },
      { start: "15:00", end: "17:00" },
      { start: "16:00", end: "18:00" },
    ]);
    // moving that visit: its own time is free for it
    const moving = await slotsOf(
      t.admin,
      t.demo.technician.id,
      `from=${friday}&minutes=120&visitId=${booked.json().id}`,
    );
    expect(moving.json()[0].slots).toContainEqual({ start: "11:00", end: "13:00" });
    const sunday = new Date(Date.parse(nextDay(6)) + 86_400_000).toISOString().slice(0, 10);
    const weekend = (await slotsOf(t.admin, t.demo.technician.id, `from=${nextDay(6)}&to=${sunday}`)).json();
    expect(weekend.map((d: { date: string }) => d.date)).toEqual([nextDay(6), sunday]);
    expect(weekend[0].slots.at(-1)).toEqual({ start: "14:00", end: "16:00" });
    expect(weekend[1]).toEqual({ date: sunday, closed: "Sunday", slots: [] });
    // a technician reads only their own calendar; bad questions are 400s
    const admins = (await t.call("GET", "/api/admin/staff", t.admin)).json<{ id: number; role: string }[]>();
    const adminId = admins.find((s) => s.role === "admin")!.id;
    expect((await slotsOf(technician, adminId, `from=${friday}`)).statusCode).toBe(404);
    expect((await slotsOf(t.admin, t.demo.customer.id, `from=${friday}`)).statusCode).toBe(404);
    expect((await slotsOf(t.admin, adminId, `from=${friday}&minutes=45`)).statusCode).toBe(400);
    const month = new Date(Date.parse(friday) + 20 * 86_400_000).toISOString().slice(0, 10);
    const long = await slotsOf(t.admin, adminId, `from=${friday}&to=${month}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ to: "Please ask for at most 14 days at a time" });
  });

  it("refuses a visit that overlaps another of the technician's, naming it", async () => {
    const friday = nextDay(5);
    const theirs = await t.call("PATCH", `/api/admin/tickets/${otherTicketId}/assign`, t.admin, {
      assigneeId: t.demo.technician.id,
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const res = await propose(t.admin, otherTicketId, friday, "12:00", "14:00");
    expect(res.statusCode).toBe(409);
    const message = res.json().message as string;
    expect(message).toContain(`Murugan Selvam already has a visit for ticket #${ticketId}`);
    expect(message).toContain("11:00 am – 1:00 pm IST");
    expect(res.json().errors).toEqual({ start: message });
    const after = await propose(t.admin, otherTicketId, friday, "13:00", "15:00");
    expect(after.statusCode, after.body).toBe(201);
    // moving a visit onto the other one is refused the same way
    const onto = await t.call(
      "PUT",
      `/api/admin/tickets/${otherTicketId}/visits/${after.json().id}`,
      t.admin,
      { date: friday, start: "10:00", end: "12:00" },
    );
    expect(onto.statusCode).toBe(409);
    expect(onto.json().message).toContain(`for ticket #${ticketId}`);
  });

  it("two staff booking the technician's same slot at once: one gets it, the other is told who has it", async () => {
    const saturday = nextDay(6);
    const both = await Promise.all(
      [ticketId, otherTicketId].map((id) =>
        t.call("POST", `/api/admin/tickets/${id}/visits`, t.admin, {
          date: saturday,
          start: "09:00",
          end: "11:00",
        }),
      ),
    );
    // each ticket still has its Friday visit being arranged: move them instead
    expect(both.map((r) => r.statusCode)).toEqual([409, 409]);
    const visits = await queryRows<{ id: number; ticket_id: number }>(
      t.database.db,
      sql`select id, ticket_id from ticket_visits where status <> 'completed' order by ticket_id`,
    );
    expect(visits).toHaveLength(2);
    const moves = await Promise.all(
      visits.map((v) =>
        t.call("PUT", `/api/admin/tickets/${v.ticket_id}/visits/${v.id}`, t.admin, {
          date: saturday,
          start: "09:00",
          end: "11:00",
        }),
      ),
    );
    expect(moves.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const lost = moves.find((r) => r.statusCode === 409)!;
    expect(lost.json().message).toMatch(/^Murugan Selvam already has a visit for ticket #\d+ on /);
    // and the database itself refuses an overlapping row, whoever writes it
    await expect(
      t.database.db.execute(
        sql`update ticket_visits set starts_at = ${new Date(`${saturday}T04:00:00Z`)}, ends_at = ${new Date(`${saturday}T05:00:00Z`)} where id = ${visits[0].id} or id = ${visits[1].id}`,
      ),
    ).rejects.toThrow();
  });
});
