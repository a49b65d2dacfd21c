import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appForFile, createSignedInTestApp, login } from "../../../../tests/support/test-app.ts";
import type { AdminPolicyListItem } from "../../../shared/schemas/policy.ts";
import type { AdminTicketListItem } from "../../../shared/schemas/ticket.ts";
import { auditLog } from "../../db/schema.ts";

const t = appForFile(createSignedInTestApp);

const as = (cookie: string) => ({
  get: (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } }),
  patch: (url: string, payload?: unknown) =>
    t.app.inject({ method: "PATCH", url, headers: { cookie }, payload: payload ?? {} }),
  post: (url: string, payload?: unknown) =>
    t.app.inject({ method: "POST", url, headers: { cookie }, payload: payload ?? {} }),
});

async function lastAudit() {
  const [row] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

describe("admin tickets", () => {
  it("lists every ticket (status=all) newest first (sort=created) as {ticket, firstName, lastName, email}", async () => {
    const list = (await as(t.admin).get("/api/admin/tickets?status=all&sort=created")).json<
      AdminTicketListItem[]
    >();
    // the demo customers' four, and the claim on a home the demo partner handed over
    expect(list).toHaveLength(5);
    expect(list[0]).toMatchObject({
      ticket: { id: expect.any(Number) },
      firstName: expect.any(String),
      email: expect.any(String),
    });
    const times = list.map((x) => x.ticket.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("filters by status and priority and searches subject, customer and policy number", async () => {
    const open = (await as(t.admin).get("/api/admin/tickets?status=open")).json<AdminTicketListItem[]>();
    expect(open.length).toBe(3);
    expect(open.every((x) => x.ticket.status === "open")).toBe(true);
    const high = (await as(t.admin).get("/api/admin/tickets?priority=high")).json<AdminTicketListItem[]>();
    expect(high.map((x) => x.ticket.subject)).toEqual(["Laminate peeling near the kitchen sink"]);
    const byName = (await as(t.admin).get("/api/admin/tickets?q=ananya")).json<AdminTicketListItem[]>();
    expect(byName).toHaveLength(1);
    const byPolicy = (await as(t.admin).get(`/api/admin/tickets?q=${byName[0].policyNumber}`)).json<
      AdminTicketListItem[]
    >();
    expect(byPolicy).toHaveLength(1);
    expect((await as(t.admin).get("/api/admin/tickets?status=bogus")).statusCode).toBe(400);
    expect((await as(t.admin).get("/api/admin/tickets?q=%25")).json()).toHaveLength(0);
  });

  it("assign: sets the caller as assignee, moves open to in_progress, writes history and audit", async () => {
    const [open] = (await as(t.admin).get("/api/admin/tickets?status=open")).json<AdminTicketListItem[]>();
    const res = await as(t.admin).patch(`/api/admin/tickets/${open.ticket.id}/assign`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "in_progress", assigneeId: t.demo.admin.id });
    const detail = (await as(t.admin).get(`/api/admin/tickets/${open.ticket.id}`)).json();
    expect(detail.assignee).toEqual({ id: t.demo.admin.id, name: "Priya Raghavan" });
    expect(detail.history.at(-1)).toMatchObject({
      fromStatus: "open",
      toStatus: "in_progress",
      changedBy: "Priya Raghavan",
    });
    expect(detail.customer).toMatchObject({ email: expect.any(String) });
    expect(JSON.stringify(detail)).not.toMatch(/password/i);
    expect(await lastAudit()).toMatchObject({
      actorId: t.demo.admin.id,
      action: "ticket.assign",
      entityId: open.ticket.id,
    });
  });

  it("status update accepts only the four statuses, and records history and audit", async () => {
    const t1 = (await as(t.admin).get("/api/admin/tickets?status=in_progress"))
      .json<AdminTicketListItem[]>()
      .find((x) => x.ticket.priority === "high")!;
    const bad = await as(t.admin).patch(`/api/admin/tickets/${t1.ticket.id}`, { status: "done" });
    expect(bad.statusCode).toBe(400);
    const ok = await as(t.admin).patch(`/api/admin/tickets/${t1.ticket.id}`, { status: "resolved" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe("resolved");
    const pr = await as(t.admin).patch(`/api/admin/tickets/${t1.ticket.id}`, { priority: "urgent" });
    expect(pr.json().priority).toBe("urgent");
    expect(await lastAudit()).toMatchObject({
      action: "ticket.update",
      details: { fromPriority: "high", toPriority: "urgent" },
    });
    const detail = (await as(t.admin).get(`/api/admin/tickets/${t1.ticket.id}`)).json();
    expect(detail.history.at(-1)).toMatchObject({ toStatus: "resolved" });
    expect((await as(t.admin).patch("/api/admin/tickets/999999", { status: "open" })).statusCode).toBe(404);
  });

  it("staff reply and internal note are stored and audited", async () => {
    const [any] = (await as(t.admin).get("/api/admin/tickets")).json<AdminTicketListItem[]>();
    const reply = await as(t.admin).post(`/api/admin/tickets/${any.ticket.id}/messages`, {
      body: "We will visit tomorrow.",
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ internal: false, author: { role: "admin" } });
    const note = await as(t.admin).post(`/api/admin/tickets/${any.ticket.id}/messages`, {
      body: "Bring spare hinges",
      internal: true,
    });
    expect(note.json().internal).toBe(true);
    expect(await lastAudit()).toMatchObject({ action: "ticket.note" });
  });
});

describe("admin policies", () => {
  it("issues a policy with a readable number, end date from the plan and amount in paise", async () => {
    const plans = (await t.app.inject({ method: "GET", url: "/api/plans/B2C" })).json<
      { plan: { id: number; name: string } }[]
    >();
    const elite = plans.find((p) => p.plan.name === "Elite")!.plan;
    const res = await as(t.admin).post("/api/admin/purchases", {
      userId: t.demo.customer2.id,
      planId: elite.id,
      propertyAddress: "14 Lakeside Drive, Bellandur",
      propertyCity: "Bengaluru",
      propertyState: "Karnataka",
      startDate: "2026-12-01",
      status: "pending",
    });
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      status: "pending",
      startDate: "2026-12-01",
      endDate: "2036-11-30",
      totalAmount: 7_999_900,
    });
    expect(p.policyNumber).toMatch(/^HIPW-2026-\d{6}$/);
    expect(await lastAudit()).toMatchObject({ action: "purchase.issue", entityId: p.id });

    const mine = (
      await t.app.inject({
        method: "GET",
        url: "/api/purchases",
        headers: { cookie: await login(t.app, "demo-customer-2") },
      })
    ).json();
    expect(mine.map((x: { purchase: { id: number } }) => x.purchase.id)).toContain(p.id);

    const act = await as(t.admin).post(`/api/admin/purchases/${p.id}/activate`);
    expect(act.json().status).toBe("active");
    expect((await as(t.admin).post(`/api/admin/purchases/${p.id}/activate`)).statusCode).toBe(409);
    const noReason = await as(t.admin).post(`/api/admin/purchases/${p.id}/cancel`, { reason: "" });
    expect(noReason.statusCode).toBe(400);
    const cancel = await as(t.admin).post(`/api/admin/purchases/${p.id}/cancel`, {
      reason: "Customer sold the flat",
    });
    expect(cancel.json()).toMatchObject({ status: "cancelled", cancelReason: "Customer sold the flat" });
    expect(await lastAudit()).toMatchObject({
      action: "purchase.cancel",
      details: { reason: "Customer sold the flat" },
    });
  });

  it("refuses bad issue input and changes nothing", async () => {
    const before = (await as(t.admin).get("/api/admin/purchases")).json<unknown[]>().length;
    const b2b = (await t.app.inject({ method: "GET", url: "/api/plans/B2B" })).json<{ id: number }[]>()[0];
    for (const payload of [
      {
        userId: t.demo.admin.id,
        planId: 1,
        propertyAddress: "Somewhere 12",
        propertyCity: "Chennai",
        propertyState: "Tamil Nadu",
        startDate: "2026-01-01",
      },
      {
        userId: t.demo.customer.id,
        planId: b2b.id,
        propertyAddress: "Somewhere 12",
        propertyCity: "Chennai",
        propertyState: "Tamil Nadu",
        startDate: "2026-01-01",
      },
      {
        userId: t.demo.customer.id,
        planId: 1,
        propertyAddress: "x",
        propertyCity: "",
        propertyState: "",
        startDate: "tomorrow",
      },
    ]) {
      expect((await as(t.admin).post("/api/admin/purchases", payload)).statusCode).toBe(400);
    }
    expect((await as(t.admin).get("/api/admin/purchases")).json<unknown[]>()).toHaveLength(before);
  });

  it("lists every policy with its customer, filterable by status (expired derived from the end date)", async () => {
    const all = (await as(t.admin).get("/api/admin/purchases")).json<AdminPolicyListItem[]>();
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(all[0]).toMatchObject({ planName: expect.any(String), customer: { email: expect.any(String) } });
    const expired = (await as(t.admin).get("/api/admin/purchases?status=expired")).json<
      AdminPolicyListItem[]
    >();
    expect(expired.length).toBeGreaterThan(0);
    expect(expired.every((x) => x.purchase.status === "expired")).toBe(true);
  });
});

describe("admin customers", () => {
  it("lists customers with policy and open ticket counts, and one customer's records", async () => {
    const list = (await as(t.admin).get("/api/admin/customers")).json<
      { username: string; role: string; policyCount: number }[]
    >();
    expect(list.every((c) => c.role === "customer")).toBe(true);
    expect(list.find((c) => c.username === "demo-customer")?.policyCount).toBe(3);
    expect(JSON.stringify(list)).not.toMatch(/password/i);
    const one = (await as(t.admin).get(`/api/admin/customers/${t.demo.customer.id}`)).json();
    expect(one.customer.username).toBe("demo-customer");
    expect(one.purchases).toHaveLength(3);
    expect(one.tickets.length).toBeGreaterThanOrEqual(3);
    expect((await as(t.admin).get(`/api/admin/customers/${t.demo.admin.id}`)).statusCode).toBe(404);
  });
});

describe("enquiry inbox", () => {
  it("stores enquiries from the public form, lists them newest first, updates status, exports CSV", async () => {
    const first = await t.app.inject({
      method: "POST",
      url: "/api/inquiries",
      headers: { referer: "http://localhost:5000/contact" },
      payload: {
        name: "Ravi Kumar",
        email: "ravi@example.in",
        phone: "9876543210",
        interest: "b2c-premium",
        message: "Please call me about the Premium plan.",
      },
    });
    expect(first.statusCode).toBe(201);
    await t.call("POST", "/api/inquiries", undefined, {
      name: '=HYPERLINK("x")',
      email: "lead@example.in",
      phone: "9876500000",
      interest: "b2b",
      message: 'We are a Chennai interior studio, "quotes", commas.',
    });
    const list = (await as(t.admin).get("/api/admin/inquiries")).json<
      { id: number; name: string; source: string | null; status: string }[]
    >();
    expect(list.map((x) => x.name)).toEqual(['=HYPERLINK("x")', "Ravi Kumar"]);
    expect(list[1]).toMatchObject({ source: "/contact", status: "new" });
    const upd = await as(t.admin).patch(`/api/admin/inquiries/${list[1].id}`, { status: "contacted" });
    expect(upd.json().status).toBe("contacted");
    expect(await lastAudit()).toMatchObject({ action: "inquiry.status", entityId: list[1].id });
    const contacted = (await as(t.admin).get("/api/admin/inquiries?status=contacted")).json();
    expect(contacted).toHaveLength(1);
    const b2b = (await as(t.admin).get("/api/admin/inquiries?interest=b2b")).json();
    expect(b2b).toHaveLength(1);
    const csv = await as(t.admin).get("/api/admin/inquiries.csv");
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    expect(csv.headers["content-disposition"]).toMatch(
      /attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe('"id","createdAt","status","name","email","phone","interest","message","source"');
    expect(lines).toHaveLength(3);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.body).toContain('"We are a Chennai interior studio, ""quotes"", commas."');
    const filtered = await as(t.admin).get("/api/admin/inquiries.csv?status=contacted");
    expect(filtered.body.trim().split("\r\n")).toHaveLength(2);
  });

  it("refuses invalid enquiries with the spec's messages and stores nothing", async () => {
    const before = (await as(t.admin).get("/api/admin/inquiries")).json<unknown[]>().length;
    const res = await t.call("POST", "/api/inquiries", undefined, {
      name: "R",
      email: "x",
      phone: "123",
      interest: "",
      message: "short",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      phone: "Please enter a valid phone number",
      interest: "Please select your area of interest",
      message: "Message must be at least 10 characters",
    });
    expect((await as(t.admin).get("/api/admin/inquiries")).json<unknown[]>()).toHaveLength(before);
  });

  it("is closed to customers", async () => {
    expect((await as(t.customer).get("/api/admin/inquiries")).statusCode).toBe(403);
    expect((await as(t.customer).get("/api/admin/inquiries.csv")).statusCode).toBe(403);
  });
});

describe("audit trail", () => {
  it("names the acting admin on every row", async () => {
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, t.demo.admin.id));
    expect(rows.length).toBeGreaterThanOrEqual(8);
  });
});
