/**
 * The staff lists at volume: each list call as the console makes it, timed in this process
 * against a database that already holds the volume (`npm run seed:scale -- --tickets 100000`).
 *
 *   node --import tsx scripts/bench/staff-lists.ts [--runs 20]
 *     DATABASE_URL=postgres://...  PostgreSQL, else DATA_DIR (the embedded database)
 *
 * Prints, per case, the median and p95 of --runs calls (after warm-up), the answer's size
 * (the page's rows as JSON) and the total. Where p95 misses the target (50 ms on
 * PostgreSQL, 150 ms on PGlite) or an answer is over 100 KB, it prints the plans of the
 * statements that call ran (EXPLAIN ANALYZE), which say where the time goes.
 */
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { loadConfig } from "../../src/server/config.ts";
import { type Db, openDatabase } from "../../src/server/db/client.ts";
import * as schema from "../../src/server/db/schema.ts";
import { CursorCodec, type Page } from "../../src/server/lib/keyset.ts";
import {
  enquiryBatches,
  listStaffEnquiriesPage,
} from "../../src/server/modules/enquiries/enquiries.queries.ts";
import { listStaffPoliciesPage } from "../../src/server/modules/policies/policies.queries.ts";
import {
  listStaffTicketsPage,
  staffDashboardCounts,
  type TicketListQuery,
} from "../../src/server/modules/tickets/tickets.queries.ts";
import { listStaffCustomersPage } from "../../src/server/modules/users/customers.queries.ts";
import { toPublicUser } from "../../src/server/modules/users/public-user.ts";
import { median } from "../lib/median.ts";

const MAX_BYTES = 100 * 1024;

interface Statement {
  sql: string;
  params: unknown[];
}

export interface StaffListRow {
  name: string;
  medianMs: number;
  p95Ms: number;
  bytes: number;
  /** "~" before an estimate */
  total: string | null;
  missed: boolean;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/**
 * The database at `target`, and a second Drizzle over it that can note the statements one
 * call runs and show their plans (EXPLAIN ANALYZE): why a call is slow, in the database's words.
 */
export async function openExplainingDatabase(target: { databaseUrl?: string; dataDir?: string }) {
  const database = await openDatabase(target);
  let noting: Statement[] | null = null;
  const logger = { logQuery: (q: string, params: unknown[]) => noting?.push({ sql: q, params }) };
  const pool = target.databaseUrl ? new pg.Pool({ connectionString: target.databaseUrl, max: 4 }) : null;
  const db = (pool
    ? drizzlePg(pool, { schema, logger })
    : drizzlePglite(database.pglite!, { schema, logger })) as unknown as Db;
  const explain = async (s: Statement) => {
    const text = `explain (analyze, buffers) ${s.sql}`;
    const result = pool
      ? (await pool.query(text, s.params)).rows
      : (await database.pglite!.query<Record<string, string>>(text, s.params)).rows;
    return result.map((r) => Object.values(r)[0]).join("\n");
  };
  return {
    db,
    /** the same database as opened, for an app built over `db` (which notes what it runs) */
    database,
    kind: database.kind,
    /** runs `call` once and prints the plan of every statement it ran */
    async printPlans(name: string, call: () => Promise<unknown>) {
      noting = [];
      await call();
      const statements: Statement[] = noting;
      noting = null;
      // the planner's estimate of a large total is itself an EXPLAIN: its plan says nothing more
      // an export runs a statement per 1,000 rows: its first few say why
      for (const s of statements.filter((x) => !/^\s*explain\b/i.test(x.sql)).slice(0, 12))
        console.log(`\n  why (${name}):\n${(await explain(s)).replace(/^/gm, "    ")}\n`);
    },
    async close() {
      await pool?.end();
      await database.close();
    },
  };
}

/** an e-mail, phone and policy number of a customer who has tickets */
export async function searchSample(db: Db) {
  const [sample] = (
    (await db.execute(sql`select u.email, u.phone, p.policy_number,
        (select max(t.id) from tickets t where t.purchase_id = p.id) as ticket_id
      from users u join purchases p on p.user_id = u.id
      where u.role = 'customer' and u.phone like '% %' and exists (select 1 from tickets t where t.purchase_id = p.id)
      order by u.id desc limit 1`)) as unknown as {
      rows: { email: string; phone: string; policy_number: string; ticket_id: number }[];
    }
  ).rows;
  return sample;
}

export async function measureStaffLists(runs = 20): Promise<{ kind: string; rows: StaffListRow[] }> {
  const config = loadConfig();
  const database = await openExplainingDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { db } = database;
  const target = database.kind === "postgres" ? 50 : 150;
  const codec = new CursorCodec("bench");

  try {
    const [staffRow] = await db.select().from(schema.users).where(eq(schema.users.role, "admin")).limit(1);
    const actor = toPublicUser(staffRow);
    const sample = await searchSample(db);
    const ticketQuery = (over: Partial<TicketListQuery> = {}): TicketListQuery => ({
      sort: "created",
      direction: "desc",
      filters: {},
      limit: 50,
      ...over,
    });
    // the cursor of page 201: walked to once, outside the timing
    let deep = ticketQuery();
    for (let i = 0; i < 200; i++) {
      const page = await listStaffTicketsPage(db, codec, actor, deep);
      deep = { ...deep, cursor: page.nextCursor ?? undefined };
    }

    const cases: [string, () => Promise<Page<unknown> | object>][] = [
      ["tickets: first page", () => listStaffTicketsPage(db, codec, actor, ticketQuery())],
      [
        "tickets: queue (open + in progress, oldest first)",
        () =>
          listStaffTicketsPage(
            db,
            codec,
            actor,
            ticketQuery({ direction: "asc", filters: { status: ["open", "in_progress"] } }),
          ),
      ],
      [
        "tickets: filtered (high + urgent, Chennai, mine)",
        () =>
          listStaffTicketsPage(
            db,
            codec,
            actor,
            ticketQuery({ filters: { priority: ["high", "urgent"], city: "Chennai", assignee: "mine" } }),
          ),
      ],
      [
        "tickets: unassigned, by priority",
        () =>
          listStaffTicketsPage(
            db,
            codec,
            actor,
            ticketQuery({ sort: "priority", filters: { assignee: "unassigned" } }),
          ),
      ],
      ["tickets: page 201 (200 pages deep)", () => listStaffTicketsPage(db, codec, actor, deep)],
      [
        "tickets: search by e-mail",
        () => listStaffTicketsPage(db, codec, actor, ticketQuery({ q: sample.email })),
      ],
      [
        "tickets: search by phone",
        () => listStaffTicketsPage(db, codec, actor, ticketQuery({ q: sample.phone })),
      ],
      [
        "tickets: search by policy number",
        () => listStaffTicketsPage(db, codec, actor, ticketQuery({ q: sample.policy_number })),
      ],
      [
        "tickets: search by a common name",
        () => listStaffTicketsPage(db, codec, actor, ticketQuery({ q: "Iyer" })),
      ],
      [
        "policies: first page",
        () =>
          listStaffPoliciesPage(db, codec, { sort: "created", direction: "desc", filters: {}, limit: 50 }),
      ],
      [
        "policies: search by policy number",
        () =>
          listStaffPoliciesPage(db, codec, {
            sort: "created",
            direction: "desc",
            filters: {},
            q: sample.policy_number,
            limit: 50,
          }),
      ],
      [
        "customers: first page (by name)",
        () => listStaffCustomersPage(db, codec, { sort: "name", direction: "asc", filters: {}, limit: 50 }),
      ],
      [
        "customers: search by phone",
        () =>
          listStaffCustomersPage(db, codec, {
            sort: "name",
            direction: "asc",
            filters: {},
            q: sample.phone,
            limit: 50,
          }),
      ],
      [
        "enquiries: new, first page",
        () =>
          listStaffEnquiriesPage(db, codec, {
            sort: "created",
            direction: "desc",
            filters: { status: ["new"] },
            limit: 50,
          }),
      ],
      ["/admin counts (one aggregate query)", () => staffDashboardCounts(db, actor)],
    ];

    const rows: StaffListRow[] = [];
    console.log(
      `\nStaff lists on ${database.kind}: median and p95 of ${runs} calls (target p95 <= ${target} ms)`,
    );
    console.log(
      `${"case".padEnd(52)} ${"median".padStart(8)} ${"p95".padStart(8)} ${"size".padStart(9)} total`,
    );
    for (const [name, run] of cases) {
      for (let i = 0; i < 3; i++) await run();
      const times: number[] = [];
      let answer: Page<unknown> | object = {};
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        answer = await run();
        times.push(performance.now() - t0);
      }
      const items = "items" in answer ? (answer as Page<unknown>).items : answer;
      const bytes = Buffer.byteLength(JSON.stringify(items));
      const total =
        "total" in answer
          ? `${(answer as Page<unknown>).totalIsEstimate ? "~" : ""}${(answer as Page<unknown>).total}`
          : null;
      const row = {
        name,
        medianMs: median(times),
        p95Ms: percentile(times, 95),
        bytes,
        total,
        missed: percentile(times, 95) > target || bytes > MAX_BYTES,
      };
      rows.push(row);
      console.log(
        `${name.padEnd(52)} ${row.medianMs.toFixed(1).padStart(6)}ms ${row.p95Ms.toFixed(1).padStart(6)}ms ${(bytes / 1024).toFixed(1).padStart(6)} KB ${total ?? ""}${row.missed ? "   MISSED" : ""}`,
      );
      if (row.missed) await database.printPlans(name, run);
    }

    // the CSV export's path: every enquiry in batches, timed once
    const t0 = performance.now();
    let exported = 0;
    for await (const batch of enquiryBatches(db, { sort: "created", direction: "desc", filters: {} })) {
      exported += batch.length;
    }
    console.log(
      `enquiries: all ${exported} in batches of 1000 (export)     ${(performance.now() - t0).toFixed(0)} ms`,
    );
    return { kind: database.kind, rows };
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // read here, not on import: the bench imports this module with options of its own
  const { values: args } = parseArgs({ options: { runs: { type: "string", default: "20" } } });
  await measureStaffLists(Number(args.runs));
}
