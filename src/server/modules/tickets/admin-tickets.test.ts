import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appForFile, callsAs, createSignedInTestApp, lastAudit } from "../../../../tests/support/test-app.ts";
import type { AdminTicketListItem } from "../../../shared/schemas/ticket.ts";
import { auditLog } from "../../db/schema.ts";

const t = appForFile(createSignedInTestApp);

describe("admin tickets", () => {
  it("lists every ticket (status=all) newest first (sort=created) as {ticket, firstName, lastName, email}", async () => {
    const list = (await callsAs(t, t.admin).get("/api/admin/tickets?status=all&sort=created")).json<
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
    const open = (await callsAs(t, t.admin).get("/api/admin/tickets?status=open")).json<
      AdminTicketListItem[]
    >();
    expect(open.length).toBe(3);
    expect(open.every((x) => x.ticket.status === "open")).toBe(true);
    const high = (await callsAs(t, t.admin).get("/api/admin/tickets?priority=high")).json<
      AdminTicketListItem[]
    >();
    expect(high.map((x) => x.ticket.subject)).toEqual(["Laminate peeling near the kitchen sink"]);
    const byName = (await callsAs(t, t.admin).get("/api/admin/tickets?q=ananya")).json<
      AdminTicketListItem[]
    >();
    expect(byName).toHaveLength(1);
    const byPolicy = (await callsAs(t, t.admin).get(`/api/admin/tickets?q=${byName[0].policyNumber}`)).json<
      AdminTicketListItem[]
    >();
    expect(byPolicy).toHaveLength(1);
    expect((await callsAs(t, t.admin).get("/api/admin/tickets?status=bogus")).statusCode).toBe(400);
    expect((await callsAs(t, t.admin).get("/api/admin/tickets?q=%25")).json()).toHaveLength(0);
  });

  it("assign: sets the caller as assignee, moves open to in_progress, writes history and audit", async () => {
    const [open] = (await callsAs(t, t.admin).get("/api/admin/tickets?status=open")).json<
      AdminTicketListItem[]
    >();
    const res = await callsAs(t, t.admin).patch(`/api/admin/tickets/${open.ticket.id}/assign`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "in_progress", assigneeId: t.demo.admin.id });
    const detail = (await callsAs(t, t.admin).get(`/api/admin/tickets/${open.ticket.id}`)).json();
    expect(detail.assignee).toEqual({ id: t.demo.admin.id, name: "Priya Raghavan" });
    expect(detail.history.at(-1)).toMatchObject({
      fromStatus: "open",
      toStatus: "in_progress",
      changedBy: "Priya Raghavan",
    });
    expect(detail.customer).toMatchObject({ email: expect.any(String) });
    expect(JSON.stringify(detail)).not.toMatch(/password/i);
    expect(await lastAudit(t)).toMatchObject({
      actorId: t.demo.admin.id,
      action: "ticket.assign",
      entityId: open.ticket.id,
    });
  });

  it("status update accepts only the four statuses, and records history and audit", async () => {
    const t1 = (await callsAs(t, t.admin).get("/api/admin/tickets?status=in_progress"))
      .json<AdminTicketListItem[]>()
      .find((x) => x.ticket.priority === "high")!;
    const bad = await callsAs(t, t.admin).patch(`/api/admin/tickets/${t1.ticket.id}`, { status: "done" });
    expect(bad.statusCode).toBe(400);
    const ok = await callsAs(t, t.admin).patch(`/api/admin/tickets/${t1.ticket.id}`, { status: "resolved" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe("resolved");
    const pr = await callsAs(t, t.admin).patch(`/api/admin/tickets/${t1.ticket.id}`, { priority: "urgent" });
    expect(pr.json().priority).toBe("urgent");
    expect(await lastAudit(t)).toMatchObject({
      action: "ticket.update",
      details: { fromPriority: "high", toPriority: "urgent" },
    });
    const detail = (await callsAs(t, t.admin).get(`/api/admin/tickets/${t1.ticket.id}`)).json();
    expect(detail.history.at(-1)).toMatchObject({ toStatus: "resolved" });
    expect(
      (await callsAs(t, t.admin).patch("/api/admin/tickets/999999", { status: "open" })).statusCode,
    ).toBe(404);
  });

  it("staff reply and internal note are stored and audited", async () => {
    const [any] = (await callsAs(t, t.admin).get("/api/admin/tickets")).json<AdminTicketListItem[]>();
    const reply = await callsAs(t, t.admin).post(`/api/admin/tickets/${any.ticket.id}/messages`, {
      body: "We will visit tomorrow.",
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ internal: false, author: { role: "admin" } });
    const note = await callsAs(t, t.admin).post(`/api/admin/tickets/${any.ticket.id}/messages`, {
      body: "Bring spare hinges",
      internal: true,
    });
    expect(note.json().internal).toBe(true);
    expect(await lastAudit(t)).toMatchObject({ action: "ticket.note" });
  });
});

describe("audit trail", () => {
  it("names the acting admin on every row", async () => {
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, t.demo.admin.id));
    expect(rows.length).toBeGreaterThanOrEqual(8);
  });
});
