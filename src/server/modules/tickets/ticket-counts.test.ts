import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  activePolicyId,
  appForFile,
  callsAs,
  createSignedInTestApp,
} from "../../../../tests/support/test-app.ts";
import { TICKET_STATUSES, type TicketStatus } from "../../../shared/schemas/ticket.ts";
import { ticketCounts, tickets } from "../../db/schema.ts";
import { foldTicketCounts } from "./ticket-counts.ts";

const t = appForFile(createSignedInTestApp);

type Stats = { tickets: Record<TicketStatus, number> & { total: number } };

/** the console's counters, beside the total the ticket list shows for each status (exact under 10,000) */
async function countersAndLists() {
  const staff = callsAs(t, t.admin);
  const stats = (await staff.get("/api/admin/stats")).json<Stats>().tickets;
  const lists: Record<string, number> = {};
  for (const status of TICKET_STATUSES) {
    const res = await staff.get(`/api/admin/tickets?status=${status}&limit=1`);
    lists[status] = Number(res.headers["x-total-count"]);
  }
  const all = await staff.get("/api/admin/tickets?status=all&limit=1");
  lists.total = Number(all.headers["x-total-count"]);
  return { stats, lists };
}

async function expectExact() {
  const { stats, lists } = await countersAndLists();
  expect(stats).toEqual(lists);
  return stats;
}

describe("the console's ticket counters", () => {
  it("stay exact as tickets are raised, taken, resolved, closed and reopened", async () => {
    const before = await expectExact();
    const purchaseId = await activePolicyId(t.app, t.customer);
    const raised = await t.call("POST", "/api/tickets", t.customer, {
      purchaseId,
      subject: "Drawer channel came off its rail",
      description: "The lower kitchen drawer channel came off its rail and the drawer drops.",
    });
    expect(raised.statusCode).toBe(201);
    const id = raised.json<{ id: number }>().id;
    expect((await expectExact()).open).toBe(before.open + 1);

    const staff = callsAs(t, t.admin);
    expect((await staff.patch(`/api/admin/tickets/${id}/assign`)).statusCode).toBe(200);
    const taken = await expectExact();
    expect([taken.open, taken.in_progress]).toEqual([before.open, before.in_progress + 1]);

    for (const status of ["resolved", "closed", "open"] as const) {
      expect((await staff.patch(`/api/admin/tickets/${id}`, { status })).statusCode).toBe(200);
      await expectExact();
    }
    expect((await expectExact()).total).toBe(before.total + 1);
  });

  it("count writes made outside the app too: many rows in one statement, and deletes", async () => {
    const { db } = t.database;
    const before = await expectExact();
    // one statement moving every open ticket at once, as a tool working on the database would
    await db.update(tickets).set({ status: "closed" }).where(eq(tickets.status, "open"));
    const moved = await expectExact();
    expect(moved.open).toBe(0);
    expect(moved.closed).toBe(before.closed + before.open);

    // a change that keeps the status adds nothing to count
    const rowsBefore = (await db.select().from(ticketCounts)).length;
    await db.update(tickets).set({ priority: "high" });
    expect(await db.select().from(ticketCounts)).toHaveLength(rowsBefore);

    const [one] = await db.select({ id: tickets.id }).from(tickets).limit(1);
    await db.delete(tickets).where(eq(tickets.id, one.id));
    expect((await expectExact()).total).toBe(before.total - 1);
  });

  it("read the same after the daily fold, which leaves one row per status", async () => {
    const { db } = t.database;
    const before = await expectExact();
    await foldTicketCounts(t.database.db);
    expect(await expectExact()).toEqual(before);
    const rows = await db.select().from(ticketCounts);
    expect(rows.length).toBeLessThanOrEqual(TICKET_STATUSES.length);
    expect(new Set(rows.map((r) => r.status)).size).toBe(rows.length);
  });

  it("fall to nothing when the table is emptied", async () => {
    await t.database.db.execute(sql`truncate tickets cascade`);
    const emptied = await expectExact();
    expect(emptied.total).toBe(0);
  });
});
