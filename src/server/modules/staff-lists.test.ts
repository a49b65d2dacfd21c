import { eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../tests/support/db-rows.ts";
import { DEMO_PASSWORD, freshDatabase } from "../../../tests/support/test-app.ts";
import type { PublicUser } from "../../shared/schemas/auth.ts";
import type { Database, Db } from "../db/client.ts";
import { plans, tickets, users } from "../db/schema.ts";
import { seedDemo } from "../db/seed/demo.ts";
import { makePolicy, makeTicket } from "../db/seed/factories.ts";
import { seedScale } from "../db/seed/scale.ts";
import { AppError } from "../errors.ts";
import { CursorCodec, cappedCount, type Page } from "../lib/keyset.ts";
import { enquiryBatches, listStaffEnquiriesPage } from "./enquiries/enquiries.queries.ts";
import { createEnquiry } from "./enquiries/enquiries.service.ts";
import { listCustomerPoliciesPage, listStaffPoliciesPage } from "./policies/policies.queries.ts";
import {
  listCustomerTicketsPage,
  listStaffTicketsPage,
  staffDashboardCounts,
  TICKET_SORTS,
  type TicketListFilters,
  type TicketListQuery,
} from "./tickets/tickets.queries.ts";
import { listStaffCustomersPage } from "./users/customers.queries.ts";
import { toPublicUser } from "./users/public-user.ts";

let database: Database;
let db: Db;
let admin: PublicUser;
let customer: PublicUser;
let activePolicyId: number;
const codec = new CursorCodec("test-secret-for-cursors");

beforeAll(async () => {
  database = await freshDatabase("demo");
  db = database.db;
  const demo = await seedDemo(db, DEMO_PASSWORD);
  admin = demo.admin;
  customer = demo.customer;
  await seedScale(db, { tickets: 300, seed: 11, password: "scale-password" });
  const [policy] = await queryRows<{ id: number }>(
    db,
    sql`select id from purchases where user_id = ${customer.id} and status = 'active' order by id limit 1`,
  );
  activePolicyId = policy.id;
});
afterAll(() => database?.close());

const ids = async (query: SQL) =>
  (await queryRows<{ id: number }>(db, query)).map((r) => Number(r.id)).sort(byNumber);
const byNumber = (a: number, b: number) => a - b;

/** every page of a list, following nextCursor; `between` runs after each page */
async function walk<T>(
  list: (cursor?: string) => Promise<Page<T>>,
  between?: () => Promise<unknown>,
): Promise<{ items: T[]; pages: number; firstTotal: number }> {
  const items: T[] = [];
  let cursor: string | undefined;
  let pages = 0;
  let firstTotal = -1;
  for (;;) {
    const page = await list(cursor);
    if (pages === 0) firstTotal = page.total;
    pages++;
    items.push(...page.items);
    if (!page.nextCursor) return { items, pages, firstTotal };
    expect(pages).toBeLessThan(200);
    cursor = page.nextCursor;
    await between?.();
  }
}

const ticketQuery = (over: Partial<TicketListQuery> = {}): TicketListQuery => ({
  sort: "created",
  direction: "desc",
  filters: {},
  limit: 200,
  ...over,
});
const staffTickets = async (over: Partial<TicketListQuery> = {}) =>
  (
    await walk((cursor) => listStaffTicketsPage(db, codec, admin, { ...ticketQuery(over), cursor }))
  ).items.map((r) => r.ticket.id);

let raised = 0;
const raiseTicket = () =>
  makeTicket(db, {
    userId: customer.id,
    purchaseId: activePolicyId,
    subject: `Raised while paging ${++raised}`,
    description: "A ticket that arrives between two pages.",
    priority: (["low", "medium", "high", "urgent"] as const)[raised % 4],
    status: (["open", "in_progress", "resolved", "closed"] as const)[raised % 4],
    createdAt: new Date(Date.now() - (raised % 3) * 86_400_000 * 400),
  });

describe("keyset paging", () => {
  for (const sort of TICKET_SORTS) {
    for (const direction of ["asc", "desc"] as const) {
      it(`tickets by ${sort} ${direction}: every row exactly once while tickets arrive between pages`, async () => {
        // sorted by due time the list holds only the tickets whose service-level clock runs:
        // give every fixture ticket a due time first (spread by its id, so many share one), and
        // vacuum so the row estimates of the totals test below stay those of the live rows
        if (sort === "due") {
          await queryRows(
            db,
            sql`update tickets set sla_due_at = created_at + (id % 97) * interval '1 hour' where sla_due_at is null`,
          );
          await queryRows(db, sql`vacuum analyze tickets`);
        }
        const before = await ids(sql`select id from tickets`);
        const seen = await walk(
          (cursor) =>
            listStaffTicketsPage(db, codec, admin, {
              ...ticketQuery({ sort, direction }),
              limit: 37,
              cursor,
            }),
          raiseTicket,
        );
        const got = seen.items.map((r) => r.ticket.id);
        expect(new Set(got).size).toBe(got.length);
        expect(got.filter((id) => before.includes(id)).sort(byNumber)).toEqual(before);
        expect(seen.firstTotal).toBe(before.length);
        expect(seen.pages).toBeGreaterThan(5);
      });
    }
  }

  it("orders priority and status by their business order, not alphabetically", async () => {
    const byPriority = await walk((cursor) =>
      listStaffTicketsPage(db, codec, admin, {
        ...ticketQuery({ sort: "priority", direction: "asc" }),
        cursor,
      }),
    );
    const priorities = byPriority.items.map((r) => r.ticket.priority);
    expect([...new Set(priorities)]).toEqual(["low", "medium", "high", "urgent"]);
    const byStatus = await walk((cursor) =>
      listStaffTicketsPage(db, codec, admin, {
        ...ticketQuery({ sort: "status", direction: "desc" }),
        cursor,
      }),
    );
    expect([...new Set(byStatus.items.map((r) => r.ticket.status))]).toEqual([
      "closed",
      "resolved",
      "in_progress",
      "open",
    ]);
  });

  it("policies, customers and enquiries: every row exactly once while rows arrive between pages", async () => {
    const policiesBefore = await ids(sql`select id from purchases`);
    const policies = await walk(
      (cursor) =>
        listStaffPoliciesPage(db, codec, {
          sort: "created",
          direction: "desc",
          filters: {},
          limit: 23,
          cursor,
        }),
      () =>
        makePolicy(db, {
          userId: customer.id,
          planName: "Essential",
          startDate: "2025-01-10",
          status: "active",
          propertyAddress: "12 Temple Street",
          propertyCity: "Madurai",
          propertyState: "Tamil Nadu",
        }),
    );
    const policyIds = policies.items.map((r) => r.purchase.id);
    expect(new Set(policyIds).size).toBe(policyIds.length);
    expect(policyIds.filter((id) => policiesBefore.includes(id)).sort(byNumber)).toEqual(policiesBefore);

    const customersBefore = await ids(sql`select id from users where role = 'customer'`);
    const customers = await walk((cursor) =>
      listStaffCustomersPage(db, codec, { sort: "name", direction: "asc", filters: {}, limit: 13, cursor }),
    );
    expect(customers.items.map((c) => c.id).sort(byNumber)).toEqual(customersBefore);
    const names = customers.items.map((c) => [c.firstName, c.lastName]);
    const sorted = await queryRows<{ first_name: string; last_name: string }>(
      db,
      sql`select first_name, last_name from users where role = 'customer' order by first_name, last_name, id`,
    );
    expect(names).toEqual(sorted.map((r) => [r.first_name, r.last_name]));

    const enquiriesBefore = await ids(sql`select id from inquiries`);
    let sent = 0;
    const enquiries = await walk(
      (cursor) =>
        listStaffEnquiriesPage(db, codec, {
          sort: "created",
          direction: "desc",
          filters: {},
          limit: 17,
          cursor,
        }),
      () =>
        createEnquiry(
          db,
          {
            name: `Meena Iyer ${++sent}`,
            email: "meena@example.in",
            phone: "9840011111",
            interest: "b2c-premium",
            message: "Please call me about the Premium plan.",
          },
          "/b2c",
        ),
    );
    const enquiryIds = enquiries.items.map((e) => e.id);
    expect(new Set(enquiryIds).size).toBe(enquiryIds.length);
    expect(enquiryIds.filter((id) => enquiriesBefore.includes(id)).sort(byNumber)).toEqual(enquiriesBefore);
  });

  it("the export reads every enquiry in batches, in list order", async () => {
    const all = await ids(sql`select id from inquiries`);
    const batches: number[][] = [];
    for await (const batch of enquiryBatches(db, { sort: "created", direction: "asc", filters: {} }, 40)) {
      batches.push(batch.map((e) => e.id));
    }
    expect(batches.every((b) => b.length <= 40)).toBe(true);
    expect(batches.flat().sort(byNumber)).toEqual(all);
    const inOrder = await ids(sql`select id from inquiries`);
    expect(batches.flat()).toHaveLength(inOrder.length);
  });

  it("refuses a cursor that was edited or belongs to another sort, filter or search", async () => {
    const first = await listStaffTicketsPage(db, codec, admin, { ...ticketQuery(), limit: 5 });
    const cursor = first.nextCursor!;
    const second = await listStaffTicketsPage(db, codec, admin, { ...ticketQuery(), limit: 5, cursor });
    expect(second.items[0].ticket.id).not.toBe(first.items[0].ticket.id);

    const [payload, mac] = cursor.split(".");
    const values = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forged = `${Buffer.from(JSON.stringify([values[0], values[1] + 1])).toString("base64url")}.${mac}`;
    const refused = async (query: TicketListQuery) => {
      const err = await listStaffTicketsPage(db, codec, admin, query).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).statusCode).toBe(400);
    };
    await refused({ ...ticketQuery(), limit: 5, cursor: forged });
    await refused({ ...ticketQuery(), limit: 5, cursor: `${cursor}x` });
    await refused({ ...ticketQuery(), limit: 5, cursor: "not a cursor" });
    await refused({ ...ticketQuery({ sort: "updated" }), limit: 5, cursor });
    await refused({ ...ticketQuery({ direction: "asc" }), limit: 5, cursor });
    await refused({ ...ticketQuery({ filters: { status: ["open"] } }), limit: 5, cursor });
    await refused({ ...ticketQuery({ q: "hinge" }), limit: 5, cursor });
    // another server secret: a cursor from another deployment
    const other = await listStaffTicketsPage(db, new CursorCodec("another-secret"), admin, {
      ...ticketQuery(),
      limit: 5,
    });
    await refused({ ...ticketQuery(), limit: 5, cursor: other.nextCursor! });
  });
});

describe("filters", () => {
  const check = async (filters: TicketListFilters, expected: SQL) => {
    const got = (await staffTickets({ filters })).sort(byNumber);
    const want = await ids(expected);
    expect(got).toEqual(want);
    expect(want.length).toBeGreaterThan(0);
    return got;
  };

  it("by status and priority, one value or several", async () => {
    await check({ status: ["open"] }, sql`select id from tickets where status = 'open'`);
    await check(
      { status: ["open", "in_progress"] },
      sql`select id from tickets where status in ('open', 'in_progress')`,
    );
    await check({ priority: ["urgent"] }, sql`select id from tickets where priority = 'urgent'`);
    await check(
      { status: ["resolved", "closed"], priority: ["high", "urgent"] },
      sql`select id from tickets where status in ('resolved', 'closed') and priority in ('high', 'urgent')`,
    );
  });

  it("by assignee: mine, unassigned, or a staff member", async () => {
    const [staff] = await queryRows<{ id: number }>(
      db,
      sql`select assignee_id as id from tickets where assignee_id is not null group by assignee_id order by count(*) desc limit 1`,
    );
    await check({ assignee: "unassigned" }, sql`select id from tickets where assignee_id is null`);
    await check({ assignee: staff.id }, sql`select id from tickets where assignee_id = ${staff.id}`);
    const mine = await staffTickets({ filters: { assignee: "mine" } });
    expect(mine.sort(byNumber)).toEqual(
      await ids(sql`select id from tickets where assignee_id = ${admin.id}`),
    );
    const asStaff = toPublicUser((await db.select().from(users).where(eq(users.id, staff.id)))[0]);
    const theirs = await walk((cursor) =>
      listStaffTicketsPage(db, codec, asStaff, { ...ticketQuery({ filters: { assignee: "mine" } }), cursor }),
    );
    expect(theirs.items.map((r) => r.ticket.id).sort(byNumber)).toEqual(
      await ids(sql`select id from tickets where assignee_id = ${staff.id}`),
    );
  });

  it("by plan, city and created date range (India's calendar days, both included)", async () => {
    const [premium] = await db.select().from(plans).where(eq(plans.name, "Premium"));
    await check(
      { planId: premium.id },
      sql`select t.id from tickets t join purchases p on p.id = t.purchase_id where p.plan_id = ${premium.id}`,
    );
    await check(
      { city: "Chennai" },
      sql`select t.id from tickets t join purchases p on p.id = t.purchase_id where p.property_city = 'Chennai'`,
    );
    await check(
      { createdFrom: "2024-01-01", createdTo: "2024-12-31" },
      sql`select id from tickets where created_at >= '2024-01-01T00:00:00+05:30' and created_at < '2025-01-01T00:00:00+05:30'`,
    );
    const bad = await listStaffTicketsPage(
      db,
      codec,
      admin,
      ticketQuery({ filters: { createdFrom: "2024-13-45" } }),
    ).catch((e: unknown) => e);
    expect((bad as AppError).statusCode).toBe(400);
  });

  it("policies by status as shown (an active policy past its end date is expired), plan and city", async () => {
    const all = async (filters: object) =>
      (
        await walk((cursor) =>
          listStaffPoliciesPage(db, codec, {
            sort: "created",
            direction: "desc",
            filters,
            limit: 200,
            cursor,
          }),
        )
      ).items;
    const expired = await all({ status: ["expired"] });
    expect(expired.length).toBeGreaterThan(0);
    expect(expired.every((p) => p.purchase.status === "expired")).toBe(true);
    const active = await all({ status: ["active"] });
    expect(active.every((p) => p.purchase.status === "active")).toBe(true);
    const both = await all({ status: ["active", "expired"] });
    expect(both).toHaveLength(active.length + expired.length);
    const inMadurai = await all({ city: "Madurai" });
    expect(inMadurai.length).toBeGreaterThan(0);
    expect(inMadurai.every((p) => p.purchase.propertyCity === "Madurai")).toBe(true);
  });

  it("a customer's own tickets and policies on their staff page", async () => {
    const tickets = await walk((cursor) =>
      listCustomerTicketsPage(db, codec, admin, customer.id, { ...ticketQuery(), limit: 2, cursor }),
    );
    expect(tickets.items.length).toBe(tickets.firstTotal);
    expect(tickets.items.every((t) => t.userId === customer.id && t.policyNumber.startsWith("HIPW-"))).toBe(
      true,
    );
    expect(tickets.items.map((t) => t.id).sort(byNumber)).toEqual(
      await ids(sql`select id from tickets where user_id = ${customer.id}`),
    );
    const policies = await walk((cursor) =>
      listCustomerPoliciesPage(db, codec, customer.id, {
        sort: "created",
        direction: "desc",
        filters: {},
        limit: 2,
        cursor,
      }),
    );
    expect(policies.items.map((p) => p.purchase.id).sort(byNumber)).toEqual(
      await ids(sql`select id from purchases where user_id = ${customer.id}`),
    );
    expect(policies.items[0]).toEqual({ purchase: expect.any(Object), planName: expect.any(String) });
  });

  it("the /admin counts match the tickets", async () => {
    const counts = await staffDashboardCounts(db, admin);
    const byStatus = await queryRows<{ status: string; n: number }>(
      db,
      sql`select status, count(*)::int as n from tickets group by status`,
    );
    for (const r of byStatus) expect(counts.tickets[r.status as "open"]).toBe(r.n);
    expect(counts.tickets.total).toBe((await ids(sql`select id from tickets`)).length);
    expect(counts.unassigned).toBe(
      (await ids(sql`select id from tickets where status in ('open','in_progress') and assignee_id is null`))
        .length,
    );
    expect(counts.newEnquiries).toBe((await ids(sql`select id from inquiries where status = 'new'`)).length);
  });
});

describe("search", () => {
  const find = (q: string, over: Partial<TicketListQuery> = {}) => staffTickets({ ...over, q });

  it("finds a ticket by its number, subject, customer name, e-mail, phone and policy number", async () => {
    const [t] = await queryRows<{
      id: number;
      subject: string;
      first_name: string;
      last_name: string;
      email: string;
      phone: string;
      policy_number: string;
    }>(
      db,
      sql`select t.id, t.subject, u.first_name, u.last_name, u.email, u.phone, p.policy_number
        from tickets t join users u on u.id = t.user_id join purchases p on p.id = t.purchase_id
        where u.phone like '+91 %' order by t.id limit 1`,
    );
    expect(await find(String(t.id))).toContain(t.id);
    expect(await find(`#${t.id}`)).toContain(t.id);
    expect(await find(t.subject.slice(4, 30).toUpperCase())).toContain(t.id);
    expect(await find(`${t.first_name} ${t.last_name}`)).toContain(t.id);
    const byEmail = await find(t.email.toUpperCase());
    expect(byEmail).toContain(t.id);
    expect(byEmail.sort(byNumber)).toEqual(
      await ids(
        sql`select t.id from tickets t join users u on u.id = t.user_id where lower(u.email) like ${`%${t.email}%`}`,
      ),
    );
    // stored as "+91 98400 12345": found by the ten digits however they are written
    const digits = t.phone.replace(/\D/g, "").slice(-10);
    expect(await find(digits)).toContain(t.id);
    expect(await find(`${digits.slice(0, 5)}-${digits.slice(5)}`)).toContain(t.id);
    expect(await find(`+91${digits}`)).toContain(t.id);
    const byPolicy = await find(t.policy_number.toLowerCase());
    expect(byPolicy.sort(byNumber)).toEqual(
      await ids(
        sql`select t.id from tickets t join purchases p on p.id = t.purchase_id where p.policy_number = ${t.policy_number}`,
      ),
    );
    // search narrows a filtered list too, and its total counts the matches
    const page = await listStaffTicketsPage(db, codec, admin, ticketQuery({ q: t.email, limit: 1 }));
    expect(page.total).toBe(byEmail.length);
  });

  it("policies, customers and enquiries are searched by their own fields", async () => {
    const [p] = await queryRows<{ id: number; policy_number: string; user_id: number; email: string }>(
      db,
      sql`select p.id, p.policy_number, p.user_id, u.email from purchases p join users u on u.id = p.user_id order by p.id desc limit 1`,
    );
    const policies = await listStaffPoliciesPage(db, codec, {
      sort: "created",
      direction: "desc",
      filters: {},
      q: p.policy_number,
      limit: 50,
    });
    expect(policies.items.map((r) => r.purchase.id)).toEqual([p.id]);
    const customers = await listStaffCustomersPage(db, codec, {
      sort: "name",
      direction: "asc",
      filters: {},
      q: p.policy_number,
      limit: 50,
    });
    expect(customers.items.map((c) => c.id)).toEqual([p.user_id]);
    const byEmail = await listStaffCustomersPage(db, codec, {
      sort: "created",
      direction: "desc",
      filters: {},
      q: p.email,
      limit: 50,
    });
    expect(byEmail.items.map((c) => c.id)).toEqual([p.user_id]);
    expect(byEmail.items[0]).toMatchObject({
      policyCount: expect.any(Number),
      openTicketCount: expect.any(Number),
    });
    expect(byEmail.items[0]).not.toHaveProperty("passwordHash");

    const [e] = await queryRows<{ id: number; name: string; phone: string }>(
      db,
      sql`select id, name, phone from inquiries order by id limit 1`,
    );
    const enquiries = async (q: string) =>
      (
        await listStaffEnquiriesPage(db, codec, {
          sort: "created",
          direction: "desc",
          filters: {},
          q,
          limit: 200,
        })
      ).items.map((r) => r.id);
    expect(await enquiries(e.name)).toContain(e.id);
    expect(await enquiries(e.phone.replace(/\D/g, "").slice(-10))).toContain(e.id);
  });

  it("takes % _ quotes and SQL text literally", async () => {
    const odd = await makeTicket(db, {
      userId: customer.id,
      purchaseId: activePolicyId,
      subject: `100% fixed_by 'Ravi' "soon"; drop table tickets; --`,
      description: "Literal search text.",
      priority: "low",
      status: "open",
    });
    const containing = async (q: string) => {
      const found = await find(q);
      const literal = await ids(
        sql`select t.id from tickets t join users u on u.id = t.user_id join purchases p on p.id = t.purchase_id
          where strpos(lower(t.subject), lower(${q})) > 0
             or strpos(lower(u.first_name || ' ' || u.last_name), lower(${q})) > 0
             or strpos(lower(u.email), lower(${q})) > 0
             or strpos(lower(p.policy_number), lower(${q})) > 0`,
      );
      expect(found.sort(byNumber)).toEqual(literal);
      return found;
    };
    expect(await containing("%")).toEqual([odd.id]);
    expect(await containing("100%")).toEqual([odd.id]);
    expect(await containing("_by")).toEqual([odd.id]);
    expect(await containing("'Ravi'")).toEqual([odd.id]);
    expect(await containing(`"soon"; drop table tickets; --`)).toEqual([odd.id]);
    expect(await containing("'; drop table tickets; --")).toEqual([]);
    expect(await containing("\\")).toEqual([]);
    // the apostrophe of D'Souza is a character like any other
    await containing("'");
    expect((await ids(sql`select id from tickets`)).length).toBeGreaterThan(300);
  });
});

describe("totals", () => {
  it("are exact up to the cap and PostgreSQL's estimate beyond it", async () => {
    const all = (await ids(sql`select id from tickets`)).length;
    expect(await cappedCount(db, tickets, undefined, all)).toEqual({ total: all, estimated: false });
    const open = (await ids(sql`select id from tickets where status = 'open'`)).length;
    expect(await cappedCount(db, tickets, sql`status = 'open'`, 100_000)).toEqual({
      total: open,
      estimated: false,
    });
    const estimate = await cappedCount(db, tickets, undefined, 100);
    expect(estimate.estimated).toBe(true);
    expect(estimate.total).toBeGreaterThan(100);
    // the statistics are those of the generated volume, a few rows ago
    expect(Math.abs(estimate.total - all)).toBeLessThan(all * 0.5);
  });
});

describe("answer sizes", () => {
  it("a page is limited however many rows match", async () => {
    const page = await listStaffTicketsPage(db, codec, admin, { ...ticketQuery(), limit: 50 });
    expect(page.items).toHaveLength(50);
    expect(page.total).toBeGreaterThan(300);
    expect(Buffer.byteLength(JSON.stringify(page.items))).toBeLessThan(100 * 1024);
  });
});
