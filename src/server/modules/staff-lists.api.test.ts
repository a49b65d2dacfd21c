import { eq, type SQL, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../tests/support/db-rows.ts";
import { appForFile, createSignedInTestApp, login } from "../../../tests/support/test-app.ts";
import type { FindResult } from "../../shared/endpoints/customers.ts";
import { nextPageLink } from "../../shared/endpoints/define.ts";
import type { StaffMember, StaffStats } from "../../shared/endpoints/tickets.ts";
import type { AdminCustomer } from "../../shared/schemas/auth.ts";
import type { EnquiryRecord } from "../../shared/schemas/enquiry.ts";
import type { AdminPolicyListItem } from "../../shared/schemas/policy.ts";
import type { AdminTicketListItem, Ticket, TicketListItem } from "../../shared/schemas/ticket.ts";
import type { Db } from "../db/client.ts";
import { plans } from "../db/schema.ts";
import { ensureUser, makePolicy, makeTicket } from "../db/seed/factories.ts";
import { seedScale } from "../db/seed/scale.ts";

/**
 * The paged staff lists as a client sees them: rows in the body, the total in
 * X-Total-Count and the next page in Link, on a few hundred generated tickets.
 */

const t = appForFile(createSignedInTestApp);
let db: Db;
let activePolicyId: number;

beforeAll(async () => {
  db = t.database.db;
  await seedScale(db, { tickets: 300, seed: 7, password: "scale-password" });
  const [policy] = await queryRows<{ id: number }>(
    db,
    sql`select id from purchases where user_id = ${t.demo.customer.id} and status = 'active' order by id limit 1`,
  );
  activePolicyId = policy.id;
});

const get = (url: string, cookie = t.admin) => t.app.inject({ method: "GET", url, headers: { cookie } });
const byNumber = (a: number, b: number) => a - b;
const ids = async (query: SQL) =>
  (await queryRows<{ id: number }>(db, query)).map((r) => Number(r.id)).sort(byNumber);

/** every page of a list from its first address, following Link; `between` runs after each page */
async function walk<T>(first: string, between?: () => Promise<unknown>) {
  const items: T[] = [];
  const totals: number[] = [];
  const links: string[] = [];
  let url: string | null = first;
  while (url) {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    totals.push(Number(res.headers["x-total-count"]));
    expect(res.headers["x-total-count-estimate"]).toBeUndefined();
    items.push(...res.json<T[]>());
    url = nextPageLink(res.headers.link as string | undefined);
    if (url) links.push(url);
    expect(links.length).toBeLessThan(300);
    if (url) await between?.();
  }
  return { items, totals, links };
}

/** the ids on every page; these reads look through every status unless they name some (the queue's own default is tested apart) */
const ticketIds = async (first: string) =>
  (await walk<AdminTicketListItem>(first.includes("status=") ? first : `${first}&status=all`)).items
    .map((r) => r.ticket.id)
    .sort(byNumber);

let raised = 0;
const raiseTicket = () =>
  makeTicket(db, {
    userId: t.demo.customer.id,
    purchaseId: activePolicyId,
    subject: `Arrived between pages ${++raised}`,
    description: "A ticket raised while staff page through the queue.",
    priority: (["low", "medium", "high", "urgent"] as const)[raised % 4],
    status: (["open", "in_progress", "resolved", "closed"] as const)[raised % 4],
    // some newer than every row, some older, some in the middle of the list
    createdAt: new Date(Date.now() - (raised % 3) * 86_400_000 * 700),
  });

const badRequest = async (url: string, cookie = t.admin) => {
  const res = await get(url, cookie);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
  expect(res.json().message, url).toEqual(expect.any(String));
  expect(res.body, url).not.toMatch(/select|from tickets|stack|at .*\.ts/i);
  return res;
};

describe("paging through Link", () => {
  for (const [sort, dir] of [
    ["created", "desc"],
    ["updated", "asc"],
    ["priority", "desc"],
    ["status", "asc"],
  ] as const) {
    it(`tickets by ${sort} ${dir}: every row exactly once while tickets arrive between pages`, async () => {
      const before = await ids(sql`select id from tickets`);
      const seen = await walk<AdminTicketListItem>(
        `/api/admin/tickets?sort=${sort}&dir=${dir}&limit=41&status=all`,
        raiseTicket,
      );
      const got = seen.items.map((r) => r.ticket.id);
      expect(new Set(got).size).toBe(got.length);
      expect(got.filter((id) => before.includes(id)).sort(byNumber)).toEqual(before);
      expect(seen.totals[0]).toBe(before.length);
      expect(seen.links.length).toBeGreaterThan(5);
      // each next address is this list's own query with a new cursor
      for (const link of seen.links) {
        const u = new URL(link, "http://x");
        expect(u.pathname).toBe("/api/admin/tickets");
        expect(Object.fromEntries(u.searchParams)).toEqual({
          sort,
          dir,
          limit: "41",
          status: "all",
          cursor: expect.any(String),
        });
      }
    });
  }

  it("policies, customers and enquiries: every row exactly once, the last page without a Link", async () => {
    const policiesBefore = await ids(sql`select id from purchases`);
    const policies = await walk<AdminPolicyListItem>("/api/admin/purchases?limit=29", () =>
      makePolicy(db, {
        userId: t.demo.customer.id,
        planName: "Essential",
        startDate: "2025-02-01",
        status: "active",
        propertyAddress: "4 Car Street",
        propertyCity: "Madurai",
        propertyState: "Tamil Nadu",
      }),
    );
    const policyIds = policies.items.map((r) => r.purchase.id);
    expect(new Set(policyIds).size).toBe(policyIds.length);
    expect(policyIds.filter((id) => policiesBefore.includes(id)).sort(byNumber)).toEqual(policiesBefore);

    const customers = await walk<AdminCustomer>("/api/admin/customers?sort=name&limit=17");
    expect(customers.items.map((c) => c.id).sort(byNumber)).toEqual(
      await ids(sql`select id from users where role = 'customer'`),
    );
    expect(customers.items[0]).not.toHaveProperty("passwordHash");

    let sent = 0;
    const enquiriesBefore = await ids(sql`select id from inquiries`);
    const enquiries = await walk<EnquiryRecord>("/api/admin/inquiries?limit=23", () =>
      t.call("POST", "/api/inquiries", undefined, {
        name: `Lakshmi Narayanan ${++sent}`,
        email: "lakshmi@example.in",
        phone: "9840022222",
        interest: "b2c-elite",
        message: "Please call me about the Elite plan.",
      }),
    );
    const enquiryIds = enquiries.items.map((e) => e.id);
    expect(new Set(enquiryIds).size).toBe(enquiryIds.length);
    expect(enquiryIds.filter((id) => enquiriesBefore.includes(id)).sort(byNumber)).toEqual(enquiriesBefore);

    const last = await get("/api/admin/inquiries?limit=200&status=new&interest=b2c-elite");
    expect(last.headers.link).toBeUndefined();
  });

  it("pages hold 50 rows unless asked, 200 at most", async () => {
    const first = await get("/api/admin/tickets?status=all");
    expect(first.json()).toHaveLength(50);
    expect(first.headers.link).toMatch(/^<\/api\/admin\/tickets\?status=all&cursor=[^>]+>; rel="next"$/);
    expect((await get("/api/admin/tickets?status=all&limit=200")).json()).toHaveLength(200);
    expect((await get("/api/admin/tickets?limit=1")).json()).toHaveLength(1);
  });
});

describe("the queue, as it opens", () => {
  it("holds open and in-progress tickets, missed targets first, then soonest due, then no clock, over two pages", async () => {
    // make each kind certain among the tickets that still need someone: a missed target, a
    // due time ahead, a clock that does not run; and a resolved ticket with a missed target,
    // which the queue leaves out however early its due time
    const active = await ids(sql`select id from tickets where status in ('open', 'in_progress')`);
    expect(active.length).toBeGreaterThan(6);
    const [missed, ahead, noClock] = [active[0], active[1], active[2]];
    await queryRows(db, sql`update tickets set sla_due_at = now() - interval '3 days' where id = ${missed}`);
    await queryRows(db, sql`update tickets set sla_due_at = now() + interval '2 hours' where id = ${ahead}`);
    await queryRows(db, sql`update tickets set sla_due_at = null where id = ${noClock}`);
    const [resolved] = await ids(sql`select id from tickets where status = 'resolved' limit 1`);
    await queryRows(db, sql`update tickets set sla_due_at = '2001-01-01' where id = ${resolved}`);

    const want = (
      await queryRows<{ id: number }>(
        db,
        sql`select id from tickets where status in ('open', 'in_progress')
          order by sla_due_at asc nulls last, id asc`,
      )
    ).map((r) => Number(r.id));
    const half = Math.ceil(want.length / 2);
    const seen = await walk<AdminTicketListItem>(`/api/admin/tickets?limit=${half}`);
    expect(seen.links).toHaveLength(1);
    expect(seen.totals[0]).toBe(want.length);
    const got = seen.items.map((r) => r.ticket.id);
    // every ticket once, in the queue's order across the page boundary
    expect(got).toEqual(want);
    expect(got).not.toContain(resolved);
    expect(seen.items.every((r) => r.ticket.status === "open" || r.ticket.status === "in_progress")).toBe(
      true,
    );
    const due = seen.items.map((r) => r.ticket.dueAt);
    const now = Date.now();
    const firstAhead = due.findIndex((d) => d !== null && Date.parse(d) > now);
    const firstNone = due.indexOf(null);
    expect(got.indexOf(missed)).toBeLessThan(firstAhead);
    expect(got.indexOf(ahead)).toBeGreaterThanOrEqual(firstAhead);
    expect(got.indexOf(ahead)).toBeLessThan(firstNone);
    expect(due.slice(firstNone).every((d) => d === null)).toBe(true);
    expect(got.indexOf(noClock)).toBeGreaterThanOrEqual(firstNone);
  });
});

describe("filters", () => {
  const check = async (query: string, expected: SQL) => {
    const want = await ids(expected);
    expect(want.length, query).toBeGreaterThan(0);
    expect(await ticketIds(`/api/admin/tickets?limit=200&${query}`), query).toEqual(want);
  };

  it("tickets by status, priority (one or several), assignee, plan, city, dates and customer", async () => {
    await check("status=open", sql`select id from tickets where status = 'open'`);
    await check(
      "status=open,in_progress",
      sql`select id from tickets where status in ('open', 'in_progress')`,
    );
    await check(
      "priority=high,urgent&status=resolved",
      sql`select id from tickets where priority in ('high', 'urgent') and status = 'resolved'`,
    );
    await check("assignee=unassigned", sql`select id from tickets where assignee_id is null`);
    const [staff] = await queryRows<{ id: number }>(
      db,
      sql`select assignee_id as id from tickets where assignee_id is not null
        group by assignee_id order by count(*) desc limit 1`,
    );
    await check(`assignee=${staff.id}`, sql`select id from tickets where assignee_id = ${staff.id}`);
    // "mine" is whoever asks
    await t.app.inject({
      method: "PATCH",
      url: `/api/admin/tickets/${(await ids(sql`select id from tickets where status = 'open'`))[0]}/assign`,
      headers: { cookie: t.admin },
    });
    await check("assignee=mine", sql`select id from tickets where assignee_id = ${t.demo.admin.id}`);
    const [premium] = await db.select().from(plans).where(eq(plans.name, "Premium"));
    await check(
      `plan=${premium.id}`,
      sql`select t.id from tickets t join purchases p on p.id = t.purchase_id where p.plan_id = ${premium.id}`,
    );
    await check(
      "city=Chennai",
      sql`select t.id from tickets t join purchases p on p.id = t.purchase_id where p.property_city = 'Chennai'`,
    );
    await check(
      "from=2024-01-01&to=2024-06-30",
      sql`select id from tickets where created_at >= '2024-01-01T00:00:00+05:30'
        and created_at < '2024-07-01T00:00:00+05:30'`,
    );
    await check(
      `customer=${t.demo.customer.id}`,
      sql`select id from tickets where user_id = ${t.demo.customer.id}`,
    );
    // "all" and empty values are no filter
    expect(await ticketIds("/api/admin/tickets?limit=200&status=all&priority=&q=")).toEqual(
      await ids(sql`select id from tickets`),
    );
  });

  it("policies by status as shown, plan, city, dates and holder", async () => {
    const policies = async (query: string) =>
      (await walk<AdminPolicyListItem>(`/api/admin/purchases?limit=200&${query}`)).items;
    const expired = await policies("status=expired");
    expect(expired.length).toBeGreaterThan(0);
    expect(expired.every((p) => p.purchase.status === "expired")).toBe(true);
    const either = await policies("status=active,expired");
    expect(either.length).toBe(expired.length + (await policies("status=active")).length);
    const [essential] = await db.select().from(plans).where(eq(plans.name, "Essential"));
    const byPlan = await policies(`plan=${essential.id}&city=Chennai`);
    expect(byPlan.length).toBeGreaterThan(0);
    expect(byPlan.map((p) => p.purchase.id).sort(byNumber)).toEqual(
      await ids(sql`select id from purchases where plan_id = ${essential.id} and property_city = 'Chennai'`),
    );
    const ofCustomer = await policies(`userId=${t.demo.customer.id}&from=2020-01-01`);
    expect(ofCustomer.map((p) => p.purchase.id).sort(byNumber)).toEqual(
      await ids(
        sql`select id from purchases where user_id = ${t.demo.customer.id} and created_at >= '2020-01-01T00:00:00+05:30'`,
      ),
    );
  });

  it("customers by city; enquiries by status, interest and dates", async () => {
    const inCity = (await walk<AdminCustomer>("/api/admin/customers?limit=200&city=Coimbatore")).items;
    expect(inCity.map((c) => c.id).sort(byNumber)).toEqual(
      await ids(sql`select id from users where role = 'customer' and city = 'Coimbatore'`),
    );
    expect(inCity.length).toBeGreaterThan(0);
    const enquiries = (
      await walk<EnquiryRecord>(
        "/api/admin/inquiries?limit=200&status=new,contacted&interest=b2b,custom&from=2022-01-01&to=2025-12-31",
      )
    ).items;
    expect(enquiries.map((e) => e.id).sort(byNumber)).toEqual(
      await ids(
        sql`select id from inquiries where status in ('new', 'contacted') and interest in ('b2b', 'custom')
          and created_at >= '2022-01-01T00:00:00+05:30' and created_at < '2026-01-01T00:00:00+05:30'`,
      ),
    );
    expect(enquiries.length).toBeGreaterThan(0);
  });
});

describe("search", () => {
  it("finds tickets by customer e-mail, phone and policy number, and the total counts the matches", async () => {
    const [row] = await queryRows<{ id: number; email: string; phone: string; policy_number: string }>(
      db,
      sql`select t.id, u.email, u.phone, p.policy_number from tickets t
        join users u on u.id = t.user_id join purchases p on p.id = t.purchase_id
        where u.phone like '+91 %' order by t.id desc limit 1`,
    );
    const search = async (q: string) => ticketIds(`/api/admin/tickets?limit=200&q=${encodeURIComponent(q)}`);
    const byEmail = await search(row.email.toUpperCase());
    expect(byEmail).toEqual(
      await ids(
        sql`select t.id from tickets t join users u on u.id = t.user_id where strpos(lower(u.email), ${row.email.toLowerCase()}) > 0`,
      ),
    );
    const digits = row.phone.replace(/\D/g, "").slice(-10);
    expect(await search(`${digits.slice(0, 5)} ${digits.slice(5)}`)).toContain(row.id);
    expect(await search(row.policy_number)).toEqual(
      await ids(
        sql`select t.id from tickets t join purchases p on p.id = t.purchase_id where p.policy_number = ${row.policy_number}`,
      ),
    );
    expect(await search(`#${row.id}`)).toContain(row.id);
    const page = await get(`/api/admin/tickets?limit=1&status=all&q=${encodeURIComponent(row.email)}`);
    expect(Number(page.headers["x-total-count"])).toBe(byEmail.length);
    // the search travels in the next page's address
    if (byEmail.length > 1) expect(nextPageLink(page.headers.link as string)).toMatch(/[?&]q=/);

    const policies = await get(`/api/admin/purchases?q=${row.policy_number}`);
    expect(policies.json<AdminPolicyListItem[]>().map((p) => p.purchase.policyNumber)).toEqual([
      row.policy_number,
    ]);
    const customers = await get(`/api/admin/customers?q=${encodeURIComponent(row.email)}`);
    expect(customers.json<AdminCustomer[]>().map((c) => c.email)).toEqual([row.email]);
  });

  it("takes % _ quotes, backslashes and SQL text literally", async () => {
    const odd = await makeTicket(db, {
      userId: t.demo.customer.id,
      purchaseId: activePolicyId,
      subject: `50% off_cut 'Ravi' "soon"; drop table tickets; -- \\x`,
      description: "Literal search text.",
      priority: "low",
      status: "open",
    });
    const search = (q: string) => ticketIds(`/api/admin/tickets?limit=200&q=${encodeURIComponent(q)}`);
    expect(await search("%")).toEqual([odd.id]);
    expect(await search("50%")).toEqual([odd.id]);
    expect(await search("off_cut")).toEqual([odd.id]);
    expect(await search("'Ravi'")).toEqual([odd.id]);
    expect(await search(`"soon"; drop table tickets; --`)).toEqual([odd.id]);
    expect(await search("\\x")).toEqual([odd.id]);
    expect(await search("' or 1=1 --")).toEqual([]);
    expect(await search("_%_%_")).toEqual([]);
    const enquiries = await get(`/api/admin/inquiries?q=${encodeURIComponent("%' or ''='")}`);
    expect(enquiries.json()).toEqual([]);
    expect((await ids(sql`select id from tickets`)).length).toBeGreaterThan(300);
  });
});

describe("the console's find box", () => {
  const find = async (q: string, cookie = t.admin) => {
    const res = await get(`/api/admin/find?q=${encodeURIComponent(q)}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FindResult>();
  };

  it("finds a ticket by number, customers by name, e-mail or phone (with or without tickets), policies by number", async () => {
    const [row] = await queryRows<{
      id: number;
      subject: string;
      user_id: number;
      first_name: string;
      last_name: string;
      email: string;
      phone: string;
      policy_id: number;
      policy_number: string;
    }>(
      db,
      sql`select t.id, t.subject, t.user_id, u.first_name, u.last_name, u.email, u.phone,
          p.id as policy_id, p.policy_number
        from tickets t join users u on u.id = t.user_id join purchases p on p.id = t.purchase_id
        where u.phone like '+91 %' order by t.id desc limit 1`,
    );
    const name = `${row.first_name} ${row.last_name}`;
    expect((await find(`#${row.id}`)).tickets).toEqual([
      { id: row.id, subject: row.subject, status: expect.any(String), customerName: name },
    ]);
    expect((await find(String(row.id))).tickets.map((x) => x.id)).toEqual([row.id]);

    const customer = { id: row.user_id, name, email: row.email, phone: row.phone };
    expect((await find(row.email.toUpperCase())).customers).toEqual([customer]);
    // an address typed from its start, not yet complete
    expect((await find(row.email.slice(0, row.email.indexOf("@") + 2))).customers).toContainEqual(customer);
    const digits = row.phone.replace(/\D/g, "").slice(-10);
    expect((await find(`${digits.slice(0, 5)}-${digits.slice(5)}`)).customers).toContainEqual(customer);

    const policy = await find(row.policy_number.toLowerCase());
    expect(policy.policies).toEqual([
      {
        id: row.policy_id,
        policyNumber: row.policy_number,
        status: expect.any(String),
        userId: row.user_id,
        customerName: name,
      },
    ]);
    expect(policy.customers).toEqual([]);

    // someone who has raised no ticket and holds no policy is found all the same
    const quiet = await ensureUser(db, {
      username: "find-quiet-customer",
      password: "find-quiet-password-1",
      firstName: "Vasudha",
      lastName: "Quietwater",
      email: "vasudha.quietwater@example.in",
      phone: "+91 90031 77120",
    });
    for (const q of ["quietwater", "Vasudha Quiet", "vasudha.quietwater@", "90031 77120"]) {
      expect(
        (await find(q)).customers.map((c) => c.id),
        q,
      ).toEqual([quiet.id]);
    }
  });

  it("answers at most five of each kind, customers only, and takes % _ and quotes literally", async () => {
    const many = await find("a");
    expect(many.customers).toHaveLength(5);
    expect(many.policies.length).toBeLessThanOrEqual(5);
    const staffEmails = await queryRows<{ email: string }>(
      db,
      sql`select email from users where role = 'admin'`,
    );
    for (const { email } of staffEmails) expect((await find(email)).customers).toEqual([]);
    for (const q of ["%", "_", "%@%", "' or ''='", "_%_%_", "\\"]) {
      expect(await find(q), q).toEqual({ tickets: [], customers: [], policies: [] });
    }
  });

  it("is for staff only, and empty or overlong text is a 400 with a message", async () => {
    expect((await get("/api/admin/find?q=a", t.customer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/find?q=a" })).statusCode).toBe(401);
    for (const url of [
      "/api/admin/find",
      "/api/admin/find?q=",
      "/api/admin/find?q=%20%20",
      `/api/admin/find?q=${"x".repeat(101)}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ message: string }>().message, url).toMatch(/^Please type/);
    }
  });
});

describe("refusals", () => {
  it("unknown sorts, directions, filter values and parameters are a 400", async () => {
    for (const url of [
      "/api/admin/tickets?sort=subject",
      "/api/admin/tickets?sort=created;drop",
      "/api/admin/tickets?dir=up",
      "/api/admin/tickets?status=open,bogus",
      "/api/admin/tickets?priority=critical",
      "/api/admin/tickets?assignee=someone",
      "/api/admin/tickets?assignee=0",
      "/api/admin/tickets?plan=premium",
      "/api/admin/tickets?customer=-1",
      "/api/admin/tickets?from=2024-13-01",
      "/api/admin/tickets?to=yesterday",
      "/api/admin/tickets?colour=red",
      `/api/admin/tickets?q=${"x".repeat(101)}`,
      "/api/admin/purchases?sort=priority",
      "/api/admin/purchases?status=lapsed",
      "/api/admin/purchases?userId=abc",
      "/api/admin/customers?sort=email",
      "/api/admin/customers?status=open",
      "/api/admin/inquiries?interest=b2c",
      "/api/admin/inquiries?sort=name",
      "/api/admin/inquiries.csv?status=spam",
      "/api/admin/inquiries.csv?limit=10",
    ]) {
      await badRequest(url);
    }
  });

  it("a limit out of range or not a whole number is a 400", async () => {
    for (const limit of ["0", "201", "abc", "1.5", "-1", "1e2", "50,50"]) {
      const res = await badRequest(`/api/admin/tickets?limit=${limit}`);
      expect(res.json().message).toMatch(/limit/);
    }
    await badRequest("/api/admin/customers?limit=500");
  });

  it("a cursor that was edited, cut short or taken from another query is a 400", async () => {
    const first = await get("/api/admin/tickets?status=open&limit=5");
    const next = nextPageLink(first.headers.link as string)!;
    const cursor = new URL(next, "http://x").searchParams.get("cursor")!;
    expect((await get(next)).statusCode).toBe(200);
    const res = await badRequest(`/api/admin/tickets?status=open&limit=5&cursor=${cursor.slice(0, -2)}`);
    expect(res.json().message).toBe(
      "This page link is not valid any more. Please start again from the first page.",
    );
    await badRequest(`/api/admin/tickets?status=open&limit=5&cursor=x${cursor}`);
    await badRequest(`/api/admin/tickets?status=closed&limit=5&cursor=${cursor}`);
    await badRequest(`/api/admin/tickets?status=open&sort=updated&limit=5&cursor=${cursor}`);
    await badRequest(`/api/admin/purchases?limit=5&cursor=${cursor}`);
    await badRequest("/api/admin/tickets?cursor=not-a-cursor");
    await badRequest(`/api/admin/tickets?cursor=${"a".repeat(600)}`);
  });

  it("customers get a 403 whatever the parameters, before they are read", async () => {
    for (const url of [
      "/api/admin/tickets?sort=bogus",
      "/api/admin/tickets?limit=0",
      "/api/admin/stats",
      "/api/admin/staff",
    ]) {
      expect((await get(url, t.customer)).statusCode, url).toBe(403);
    }
  });
});

describe("the console's other reads", () => {
  it("/api/admin/stats counts from the tables", async () => {
    const stats = (await get("/api/admin/stats")).json<StaffStats>();
    const [counts] = await queryRows<Record<string, number>>(
      db,
      sql`select count(*) filter (where status = 'open')::int as open,
          count(*) filter (where status = 'in_progress')::int as in_progress,
          count(*) filter (where status = 'resolved')::int as resolved,
          count(*) filter (where status = 'closed')::int as closed,
          count(*)::int as total,
          count(*) filter (where status in ('open', 'in_progress') and assignee_id is null)::int as unassigned,
          count(*) filter (where status in ('open', 'in_progress') and assignee_id = ${t.demo.admin.id})::int as mine
        from tickets`,
    );
    const [enquiries] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from inquiries where status = 'new'`,
    );
    expect(stats).toEqual({
      tickets: {
        open: counts.open,
        in_progress: counts.in_progress,
        resolved: counts.resolved,
        closed: counts.closed,
        total: counts.total,
      },
      unassigned: counts.unassigned,
      mine: counts.mine,
      newEnquiries: enquiries.n,
    });
  });

  it("/api/admin/staff lists every staff member who can take a ticket (office staff and active technicians) and nobody else", async () => {
    const staff = (await get("/api/admin/staff")).json<StaffMember[]>();
    expect(staff.map((s) => s.id).sort(byNumber)).toEqual(
      await ids(sql`select id from users where role in ('admin', 'technician') and deactivated_at is null`),
    );
    expect(staff.find((s) => s.id === t.demo.admin.id)?.name).toBe("Priya Raghavan");
  });

  it("a customer's staff page shows their newest 50 tickets; the rest page through ?customer=", async () => {
    for (let i = 0; i < 52; i++) {
      await makeTicket(db, {
        userId: t.demo.customer.id,
        purchaseId: activePolicyId,
        subject: `Cabinet hinge ${i}`,
        description: "One of many tickets from one customer.",
        priority: "medium",
        status: "resolved",
        createdAt: new Date(Date.now() - i * 60_000),
      });
    }
    const all = await ids(sql`select id from tickets where user_id = ${t.demo.customer.id}`);
    expect(all.length).toBeGreaterThan(50);
    const detail = (await get(`/api/admin/customers/${t.demo.customer.id}`)).json<{
      customer: AdminCustomer;
      tickets: TicketListItem[];
    }>();
    expect(detail.tickets).toHaveLength(50);
    expect(detail.customer.openTicketCount).toBe(
      (
        await ids(
          sql`select id from tickets where user_id = ${t.demo.customer.id} and status in ('open', 'in_progress')`,
        )
      ).length,
    );
    expect(await ticketIds(`/api/admin/tickets?customer=${t.demo.customer.id}&limit=20`)).toEqual(all);
    // the list counts the same as the page
    const [listed] = (await get(`/api/admin/customers?q=${encodeURIComponent(detail.customer.email)}`)).json<
      AdminCustomer[]
    >();
    expect(listed).toEqual(detail.customer);
    expect(listed.policyCount).toBe(
      (await ids(sql`select id from purchases where user_id = ${t.demo.customer.id}`)).length,
    );
  });
});

describe("a customer's staff page", () => {
  it("shows the newest 50 of their policies; the rest page through ?userId=, each once, and nobody else's", async () => {
    const holder = await ensureUser(db, {
      username: "many-policies-holder",
      password: "many-policies-password-1",
      firstName: "Kavitha",
      lastName: "Manypolicies",
      email: "kavitha.manypolicies@example.in",
    });
    for (let i = 0; i < 53; i++) {
      await makePolicy(db, {
        userId: holder.id,
        planName: "Essential",
        startDate: "2026-01-01",
        status: "active",
        propertyAddress: `Flat ${i + 1}, Lakeview Towers`,
        propertyCity: "Chennai",
        propertyState: "Tamil Nadu",
      });
    }
    const all = await ids(sql`select id from purchases where user_id = ${holder.id}`);
    expect(all).toHaveLength(53);
    const detail = (await get(`/api/admin/customers/${holder.id}`)).json<{
      purchases: { purchase: { id: number } }[];
    }>();
    expect(detail.purchases).toHaveLength(50);
    const { items, totals, links } = await walk<AdminPolicyListItem>(
      `/api/admin/purchases?userId=${holder.id}&limit=20`,
    );
    expect(links).toHaveLength(2);
    expect(totals).toEqual([53, 53, 53]);
    expect(items.map((p) => p.purchase.id).sort(byNumber)).toEqual(all);
    // the page's first 50 are the list's newest 50
    expect(detail.purchases.map((p) => p.purchase.id)).toEqual(items.slice(0, 50).map((p) => p.purchase.id));
  });
});

describe("assigning a ticket", () => {
  const assign = (id: number, payload?: object) =>
    t.app.inject({
      method: "PATCH",
      url: `/api/admin/tickets/${id}/assign`,
      headers: { cookie: t.admin },
      ...(payload ? { payload } : {}),
    });

  it("to another staff member, who then finds it under 'mine'", async () => {
    const [other] = await queryRows<{ id: number; first_name: string; last_name: string; username: string }>(
      db,
      sql`select id, first_name, last_name, username from users where role = 'admin' and id <> ${t.demo.admin.id} order by id limit 1`,
    );
    const [open] = await ids(sql`select id from tickets where status = 'open' and assignee_id is null`);
    const res = await assign(open, { assigneeId: other.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Ticket>()).toMatchObject({ assigneeId: other.id, status: "in_progress" });
    const detail = (await get(`/api/admin/tickets/${open}`)).json();
    expect(detail.assignee).toEqual({ id: other.id, name: `${other.first_name} ${other.last_name}` });
    expect(detail.history.at(-1)).toMatchObject({
      toStatus: "in_progress",
      note: `Assigned to ${other.first_name} ${other.last_name}`,
      changedBy: "Priya Raghavan",
    });
    const theirs = await login(t.app, other.username, "scale-password");
    const mine = (await get("/api/admin/tickets?assignee=mine&limit=200", theirs)).json<
      AdminTicketListItem[]
    >();
    expect(mine.map((r) => r.ticket.id)).toContain(open);
  });

  it("without a body, to the caller, as 'Assign to Me' always did", async () => {
    const [open] = await ids(sql`select id from tickets where status = 'open' and assignee_id is null`);
    const res = await assign(open);
    expect(res.json<Ticket>()).toMatchObject({ assigneeId: t.demo.admin.id, status: "in_progress" });
  });

  it("to anyone who is not staff is a 400 and changes nothing", async () => {
    const [open] = await ids(sql`select id from tickets where status = 'open' and assignee_id is null`);
    for (const assigneeId of [t.demo.customer.id, 2_000_000_000, 0, "me"]) {
      const res = await assign(open, { assigneeId });
      expect(res.statusCode, String(assigneeId)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const [after] = await queryRows<{ status: string; assignee_id: number | null }>(
      db,
      sql`select status, assignee_id from tickets where id = ${open}`,
    );
    expect(after).toEqual({ status: "open", assignee_id: null });
  });
});

describe("the enquiry export", () => {
  const csvRows = (res: LightMyRequestResponse) => res.body.trim().split("\r\n").slice(1);

  it("streams every matching enquiry, in list order, every cell quoted", async () => {
    const res = await get("/api/admin/inquiries.csv?sort=created&dir=asc");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    // streamed: no length known before the last batch is read
    expect(res.headers["content-length"]).toBeUndefined();
    const rows = csvRows(res);
    const all = await queryRows<{ id: number }>(db, sql`select id from inquiries order by created_at, id`);
    expect(rows.map((r) => Number(r.split(",")[0].replaceAll('"', "")))).toEqual(all.map((r) => r.id));
    expect(rows.length).toBeGreaterThan(150);
    expect(rows.every((r) => r.startsWith('"') && r.endsWith('"'))).toBe(true);

    const filtered = await get("/api/admin/inquiries.csv?status=converted&interest=b2b");
    expect(csvRows(filtered)).toHaveLength(
      (await ids(sql`select id from inquiries where status = 'converted' and interest = 'b2b'`)).length,
    );
  });

  it("turns a cell a spreadsheet would run as a formula into text", async () => {
    for (const name of ["=1+2", "+91 cmd", "-2+3", "@SUM(A1)"]) {
      await t.call("POST", "/api/inquiries", undefined, {
        name,
        email: "formula@example.in",
        phone: "9840033333",
        interest: "custom",
        message: "A message that is long enough.",
      });
    }
    const res = await get("/api/admin/inquiries.csv?q=formula%40example.in");
    const body = res.body;
    for (const name of ["=1+2", "+91 cmd", "-2+3", "@SUM(A1)"]) expect(body).toContain(`"'${name}"`);
    expect(csvRows(res)).toHaveLength(4);
  });
});
