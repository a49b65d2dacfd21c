import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ReceivedMail } from "../../../../tests/support/smtp-peer.ts";
import { appForFile, createSignedInMailTestApp } from "../../../../tests/support/test-app.ts";
import { auditLog, ticketRatings, tickets } from "../../db/schema.ts";
import { slaScanHandler } from "./sla.jobs.ts";
import { applySlaEvent } from "./sla.service.ts";

/**
 * Service levels through the API and the periodic scan, on a real database and a real SMTP
 * peer. Times the test needs to control (when a ticket was raised, when the scan runs) are
 * set on the row and passed to the scan; the clock arithmetic is business-hours.test.ts's.
 * Demo customer A's active policy is Premium: urgent is a 2-hour first reply and a 3-day resolution.
 */
const STAFF = "desk@hipws.test";
const t = appForFile(() => createSignedInMailTestApp(STAFF));
let purchaseId: number;

const ist = (s: string) => new Date(`${s}+05:30`);

beforeAll(async () => {
  const policies = (await t.call("GET", "/api/purchases", t.customer)).json() as {
    purchase: { id: number; status: string };
  }[];
  purchaseId = policies.find((p) => p.purchase.status === "active")!.purchase.id;
});

async function raise(priority = "urgent", subject = "Kitchen shutter hinge broke") {
  const res = await t.call("POST", "/api/tickets", t.customer, {
    purchaseId,
    subject,
    description: "The hinge on the top shutter came off its mounting plate.",
    priority,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; dueAt: string | null };
}

/** the ticket raised at `createdAt` (India time), its clock restarted from there */
async function raisedAt(id: number, createdAt: string) {
  await t.database.db.execute(
    sql`update tickets set created_at = ${ist(createdAt).toISOString()}::timestamptz where id = ${id}`,
  );
  await t.database.db.transaction((tx) => applySlaEvent(tx, id, { kind: "targets" }, ist(createdAt)));
}

const staffView = async (id: number) => (await t.call("GET", `/api/admin/tickets/${id}`, t.admin)).json();
const customerView = async (id: number) => (await t.call("GET", `/api/tickets/${id}`, t.customer)).json();
const scan = (at: string) => slaScanHandler(t.database.db, () => ist(at))({} as never);

describe("due times", () => {
  it("a new ticket answers with its due time, and the customer and staff see the same one", async () => {
    const ticket = await raise();
    expect(ticket.dueAt).not.toBeNull();
    expect((await customerView(ticket.id)).ticket.dueAt).toBe(ticket.dueAt);
    const staff = await staffView(ticket.id);
    expect(staff.sla).toMatchObject({ dueAt: ticket.dueAt, target: "first_response", waitingSince: null });
  });

  it("counts business hours from when the ticket was raised: Premium urgent, 2 hours, then 3 days", async () => {
    const { id } = await raise();
    // Saturday 28 November 2026, 15:00: one hour that day, the next on Monday
    await raisedAt(id, "2026-11-28T15:00:00");
    expect((await customerView(id)).ticket.dueAt).toBe(ist("2026-11-30T10:00:00").toISOString());
    // the first reply the customer sees starts the resolution target: 27 business hours from
    // Saturday 15:00 are 1 on Saturday, 9 on Monday, 9 on Tuesday and 8 on Wednesday: 17:00
    await t.database.db.transaction((tx) =>
      applySlaEvent(tx, id, { kind: "staff_reply" }, ist("2026-11-30T09:30:00")),
    );
    const view = await staffView(id);
    expect(view.sla).toMatchObject({ target: "resolution", dueAt: ist("2026-12-02T17:00:00").toISOString() });
    expect(view.sla.breachedAt).toBeNull();
  });

  it("a reply from staff through the API meets the first-response target; an internal note does not", async () => {
    const { id } = await raise();
    await t.call("POST", `/api/admin/tickets/${id}/messages`, t.admin, {
      body: "Checking with the team",
      internal: true,
    });
    expect((await staffView(id)).sla.target).toBe("first_response");
    await t.call("POST", `/api/admin/tickets/${id}/messages`, t.admin, {
      body: "A technician will call you today.",
    });
    expect((await staffView(id)).sla.target).toBe("resolution");
  });

  it("resolving stops the clock (dueAt null); reopening runs it again", async () => {
    const { id } = await raise();
    await t.call("PATCH", `/api/admin/tickets/${id}`, t.admin, { status: "resolved" });
    expect((await customerView(id)).ticket.dueAt).toBeNull();
    const reopened = await t.call("PATCH", `/api/admin/tickets/${id}`, t.admin, { status: "in_progress" });
    expect(reopened.json().dueAt).not.toBeNull();
  });

  it("a priority change takes the new priority's targets", async () => {
    const { id } = await raise("low");
    await raisedAt(id, "2026-11-23T10:00:00");
    // Premium low: 8 hours, Monday 10:00 to 18:00
    expect((await customerView(id)).ticket.dueAt).toBe(ist("2026-11-23T18:00:00").toISOString());
    await t.call("PATCH", `/api/admin/tickets/${id}`, t.admin, { priority: "urgent" });
    expect((await customerView(id)).ticket.dueAt).toBe(ist("2026-11-23T12:00:00").toISOString());
  });
});

describe("waiting on the customer", () => {
  it("pauses the clock for the business hours it lasts", async () => {
    const { id } = await raise();
    await raisedAt(id, "2026-11-23T10:00:00");
    await t.database.db.transaction((tx) =>
      applySlaEvent(tx, id, { kind: "waiting", waiting: true }, ist("2026-11-23T11:00:00")),
    );
    expect((await customerView(id)).ticket.dueAt).toBeNull();
    expect((await staffView(id)).sla.waitingSince).toBe(ist("2026-11-23T11:00:00").toISOString());
    // 8 business hours of waiting (Monday 11-18, Tuesday 9-10) move the 12:00 due time to Tuesday 11:00
    await t.database.db.transaction((tx) =>
      applySlaEvent(tx, id, { kind: "customer_reply" }, ist("2026-11-24T10:00:00")),
    );
    expect((await customerView(id)).ticket.dueAt).toBe(ist("2026-11-24T11:00:00").toISOString());
  });

  it("staff set it through the API (audited); the customer's reply ends it", async () => {
    const { id } = await raise();
    const res = await t.call("PATCH", `/api/admin/tickets/${id}/waiting`, t.admin, { waiting: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().dueAt).toBeNull();
    expect((await staffView(id)).sla.waitingSince).not.toBeNull();
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, "ticket"),
          eq(auditLog.entityId, id),
          eq(auditLog.action, "ticket.waiting"),
        ),
      );
    expect(audit).toHaveLength(1);

    await t.call("POST", `/api/tickets/${id}/messages`, t.customer, {
      body: "Here are the photos you asked for.",
    });
    const after = await staffView(id);
    expect(after.sla.waitingSince).toBeNull();
    expect(after.ticket.dueAt).not.toBeNull();
  });

  it("refuses a body that is not true or false, and changes nothing", async () => {
    const { id } = await raise();
    const res = await t.call("PATCH", `/api/admin/tickets/${id}/waiting`, t.admin, { waiting: "yes" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty("waiting");
    expect((await staffView(id)).sla.waitingSince).toBeNull();
    expect(
      (await t.call("PATCH", `/api/admin/tickets/${id}/waiting`, t.customer, { waiting: true })).statusCode,
    ).toBe(403);
  });
});

describe("the periodic scan", () => {
  let id: number;
  const warnings = (id: number) =>
    t.peer.received.filter((m: ReceivedMail) =>
      (m.parsed.subject ?? "").includes(`ticket #${id} first reply`),
    );

  beforeAll(async () => {
    ({ id } = await raise("urgent", "Wardrobe door off its track"));
    await t.call("PATCH", `/api/admin/tickets/${id}/assign`, t.admin);
    // Monday 10:00: 75% of two hours at 11:30, due at 12:00
    await raisedAt(id, "2026-11-23T10:00:00");
    await t.app.jobs.drain();
  });

  it("warns the assignee once at 75% of the target", async () => {
    await scan("2026-11-23T11:15:00");
    await t.app.jobs.drain();
    expect(warnings(id)).toHaveLength(0);

    await scan("2026-11-23T11:40:00");
    await scan("2026-11-23T11:50:00");
    await t.app.jobs.drain();
    const mails = warnings(id);
    expect(mails).toHaveLength(1);
    expect(mails[0].rcptTo).toEqual(["demo-admin@hipws.example"]);
    expect(mails[0].parsed.subject).toMatch(/^Due soon: ticket #\d+ first reply by 23 Nov 2026, 12:00 pm$/);
    expect(mails[0].parsed.text).toContain("three quarters");
  });

  it("records a missed target at its due time, shown to staff", async () => {
    await scan("2026-11-23T12:30:00");
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, id));
    expect(row.responseBreachedAt?.toISOString()).toBe(ist("2026-11-23T12:00:00").toISOString());
    const view = await staffView(id);
    expect(view.sla.breachedAt).toBe(ist("2026-11-23T12:00:00").toISOString());
    // a late reply keeps the record, and the resolution target runs
    await t.call("POST", `/api/admin/tickets/${id}/messages`, t.admin, {
      body: "Sorry for the wait: a visit is booked.",
    });
    const later = await staffView(id);
    expect(later.sla.target).toBe("resolution");
    expect(later.sla.breachedAt).toBe(ist("2026-11-23T12:00:00").toISOString());
  });

  it("flags tickets at risk and late in the staff list, which sorts by due time", async () => {
    const { id: risky } = await raise("urgent", "Loft shutter warped at the edge");
    const now = Date.now();
    await t.database.db
      .update(tickets)
      .set({ slaWarnAt: new Date(now - 60_000), slaDueAt: new Date(now + 3_600_000) })
      .where(eq(tickets.id, risky));
    const res = await t.call("GET", "/api/admin/tickets?sort=due&limit=200", t.admin);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as {
      ticket: { id: number; dueAt: string };
      sla: { atRisk: boolean; breachedAt: string | null };
    }[];
    const dues = rows.map((r) => r.ticket.dueAt);
    expect(dues.every((d) => d !== null)).toBe(true);
    expect([...dues].sort()).toEqual(dues);
    expect(rows.find((r) => r.ticket.id === risky)?.sla).toMatchObject({ atRisk: true, breachedAt: null });
    expect(rows.find((r) => r.ticket.id === id)?.sla.breachedAt).not.toBeNull();
  });

  it("starts the clock of open tickets raised before service levels existed", async () => {
    const { id: old } = await raise("medium", "Drawer channel stuck halfway");
    await t.database.db
      .update(tickets)
      .set({ slaResponseMinutes: null, slaResolutionMinutes: null, slaDueAt: null, slaWarnAt: null })
      .where(eq(tickets.id, old));
    await scan("2026-11-23T12:40:00");
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, old));
    expect(row.slaResponseMinutes).toBe(240);
    expect(row.slaDueAt).not.toBeNull();
  });
});

describe("targets and holidays in the console", () => {
  it("staff read the twelve targets and change one; the change is audited and applies to new tickets", async () => {
    const list = (await t.call("GET", "/api/admin/sla/targets", t.admin)).json() as {
      planTier: string;
      priority: string;
      firstResponseMinutes: number;
      resolutionMinutes: number;
    }[];
    expect(list).toHaveLength(12);
    expect(list.find((r) => r.planTier === "Elite" && r.priority === "urgent")).toMatchObject({
      firstResponseMinutes: 120,
      resolutionMinutes: 540,
    });
    const res = await t.call("PUT", "/api/admin/sla/targets/Premium/urgent", t.admin, {
      firstResponseHours: 1.5,
      resolutionHours: 18,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstResponseMinutes: 90,
      resolutionMinutes: 1080,
      updatedBy: "Priya Raghavan",
    });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "sla.target_update"));
    expect(audit.at(-1)?.details).toMatchObject({
      planTier: "Premium",
      priority: "urgent",
      to: { firstResponseMinutes: 90 },
    });

    const { id } = await raise();
    await raisedAt(id, "2026-11-23T10:00:00");
    expect((await customerView(id)).ticket.dueAt).toBe(ist("2026-11-23T11:30:00").toISOString());
  });

  it("refuses a resolution target shorter than the first reply's, and keeps the old one", async () => {
    const res = await t.call("PUT", "/api/admin/sla/targets/Elite/low", t.admin, {
      firstResponseHours: 10,
      resolutionHours: 2,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.resolutionHours).toMatch(/cannot be shorter/);
    const list = (await t.call("GET", "/api/admin/sla/targets", t.admin)).json() as {
      planTier: string;
      priority: string;
      firstResponseMinutes: number;
    }[];
    expect(list.find((r) => r.planTier === "Elite" && r.priority === "low")?.firstResponseMinutes).toBe(240);
    expect(
      (
        await t.call("PUT", "/api/admin/sla/targets/Gold/low", t.admin, {
          firstResponseHours: 1,
          resolutionHours: 2,
        })
      ).statusCode,
    ).toBe(400);
    expect((await t.call("GET", "/api/admin/sla/targets", t.customer)).statusCode).toBe(403);
  });

  it("lists Tamil Nadu's holidays and lets staff add and remove one (audited)", async () => {
    const y2026 = (await t.call("GET", "/api/admin/sla/holidays?year=2026", t.admin)).json() as {
      day: string;
      name: string;
    }[];
    expect(y2026.map((h) => h.name)).toEqual(
      expect.arrayContaining(["Pongal", "Thiruvalluvar Day", "Uzhavar Thirunal", "Deepavali"]),
    );
    expect(y2026.find((h) => h.name === "Pongal")?.day).toBe("2026-01-15");

    const add = await t.call("POST", "/api/admin/sla/holidays", t.admin, {
      day: "2026-12-31",
      name: "Year-end stock-taking",
    });
    expect(add.statusCode).toBe(201);
    const again = await t.call("POST", "/api/admin/sla/holidays", t.admin, {
      day: "2026-12-31",
      name: "Twice",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.day).toBe("This day is already in the holiday calendar");
    const bad = await t.call("POST", "/api/admin/sla/holidays", t.admin, { day: "31/12/2026", name: "" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["day", "name"]);

    const del = await t.call("DELETE", "/api/admin/sla/holidays/2026-12-31", t.admin);
    expect(del.statusCode).toBe(200);
    expect((await t.call("DELETE", "/api/admin/sla/holidays/2026-12-31", t.admin)).statusCode).toBe(404);
    const actions = (
      await t.database.db.select().from(auditLog).where(sql`${auditLog.action} like 'sla.holiday_%'`)
    ).map((a) => a.action);
    expect(actions).toEqual(["sla.holiday_add", "sla.holiday_remove"]);
  });

  it("a holiday staff add moves due times across it", async () => {
    await t.call("POST", "/api/admin/sla/holidays", t.admin, { day: "2026-12-01", name: "Cyclone closure" });
    const { id } = await raise("low");
    // Premium low, 8 hours from Monday 30 November 17:00: 1 on Monday, Tuesday closed, 7 on Wednesday
    await raisedAt(id, "2026-11-30T17:00:00");
    expect((await customerView(id)).ticket.dueAt).toBe(ist("2026-12-02T16:00:00").toISOString());
  });
});

describe("metrics", () => {
  const from = "2025-03-01";
  const to = "2025-03-31";

  beforeAll(async () => {
    // three tickets raised in March 2025, before any other: first replies after 2, 4 and 6
    // hours; the first two resolved after 10 and 20 hours, the second late
    const specs = [
      { created: "2025-03-03T10:00:00", reply: 2, resolved: 10, late: false, score: 4 },
      { created: "2025-03-04T10:00:00", reply: 4, resolved: 20, late: true, score: 5 },
      { created: "2025-03-05T10:00:00", reply: 6, resolved: null, late: false, score: null },
    ];
    for (const s of specs) {
      const { id } = await raise("medium", "Metrics fixture ticket");
      const created = ist(s.created);
      const h = (n: number) => new Date(created.getTime() + n * 3_600_000);
      await t.database.db
        .update(tickets)
        .set({
          createdAt: created,
          firstRespondedAt: h(s.reply),
          resolvedAt: s.resolved === null ? null : h(s.resolved),
          status: s.resolved === null ? "in_progress" : "resolved",
          resolutionBreachedAt: s.late ? h(15) : null,
          coveredItem: "hinges",
        })
        .where(eq(tickets.id, id));
      if (s.score !== null)
        await t.database.db
          .insert(ticketRatings)
          .values({ ticketId: id, resolution: 1, score: s.score, createdAt: h(30) });
    }
  });

  it("answers medians, 90th percentiles, attainment, rating and breakdowns for the period", async () => {
    const res = await t.call("GET", `/api/admin/metrics?period=custom&from=${from}&to=${to}`, t.admin);
    expect(res.statusCode).toBe(200);
    const m = res.json();
    expect(m).toMatchObject({
      from,
      to,
      raised: 3,
      firstResponse: { count: 3, medianHours: 4, p90Hours: 5.6 },
      resolution: { count: 2, medianHours: 15, p90Hours: 19 },
      sla: { measured: 2, met: 1, attainment: 0.5 },
      rating: { count: 2, average: 4.5 },
      byCoveredItem: [{ key: "hinges", count: 3 }],
      byPlan: [{ key: "Premium", count: 3 }],
    });
    expect(m.byCity).toEqual([{ key: expect.any(String), count: 3 }]);
    expect(m.openByAge.map((b: { key: string }) => b.key)).toEqual([
      "Under 1 day",
      "1-3 days",
      "3-7 days",
      "7-30 days",
      "Over 30 days",
    ]);
  });

  it("downloads the same figures as CSV", async () => {
    const res = await t.call("GET", `/api/admin/metrics.csv?period=custom&from=${from}&to=${to}`, t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="metrics-${from}-to-${to}.csv"`);
    const lines = res.body.split("\r\n");
    expect(lines[0]).toBe("section,item,value");
    expect(lines).toEqual(
      expect.arrayContaining([
        "tickets,raised,3",
        "first response,median hours,4",
        "resolution,p90 hours,19",
        "service levels,attainment %,50",
        "rating,average,4.5",
        "by covered item,hinges,3",
        "by plan,Premium,3",
      ]),
    );
  });

  it("refuses a period it cannot read, with the field to fix", async () => {
    const res = await t.call(
      "GET",
      "/api/admin/metrics?period=custom&from=2025-03-31&to=2025-03-01",
      t.admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty("to");
    expect((await t.call("GET", "/api/admin/metrics?period=14", t.admin)).statusCode).toBe(400);
    expect((await t.call("GET", "/api/admin/metrics", t.customer)).statusCode).toBe(403);
  });

  it("defaults to the last 30 days, today included", async () => {
    const m = (await t.call("GET", "/api/admin/metrics", t.admin)).json();
    expect((Date.parse(m.to) - Date.parse(m.from)) / 86_400_000).toBe(29);
    expect(m.raised).toBeGreaterThan(0);
  });
});
