/**
 * The partner dashboard at a large partner's size: one partner with 20,000 homes (60,000
 * covered items) and 5,000 claims on them, beside a second partner of 5,000 homes and 1,500
 * claims, on a scratch database of the local PostgreSQL server. Target: each of the
 * dashboard's reads answers in 200 ms or less (p95).
 *
 * The production server runs on it; the bench signs in as the large partner's owner and
 * times, over HTTP, the calls the dashboard makes (the exact addresses its page reads), and
 * beside them in the same run a control: GET /api/user, the same signed-in request doing no
 * work of its own, so the floor of a request on this machine is on the same screen. A call
 * over target is explained after the server stops, with the plan (EXPLAIN ANALYZE) of every
 * statement the same query runs.
 *
 *   npm run bench -- --partner-only [--partner-pg postgres://postgres@127.0.0.1:5432/]
 *   node --import tsx scripts/bench/partner-scale.ts [URL]
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";
import { rowsOf } from "../../src/server/db/rows.ts";
import { partnerMembers, partners } from "../../src/server/db/schema.ts";
import { ensureUser, planIdByName } from "../../src/server/db/seed/factories.ts";
import { CursorCodec } from "../../src/server/lib/keyset.ts";
import {
  forgetPartnerHomes,
  listPartnerClaimsPage,
  partnerScorecard,
} from "../../src/server/modules/partners/partner-claims.queries.ts";
import {
  indiaMonth,
  listPartnerPoliciesPage,
  monthCounts,
} from "../../src/server/modules/partners/partners.queries.ts";
import { startServer } from "../../tests/support/server-process.ts";
import { median } from "../lib/median.ts";
import { prepareDatabase } from "../soak/prepare.ts";
import { openExplainingDatabase } from "./staff-lists.ts";
import { percentile, timedGet } from "./staff-scale.ts";

export const PARTNER_TARGET_MS = 200;
export const DEFAULT_PARTNER_PG = "postgres://postgres@127.0.0.1:5432/";

const OWNER = { username: "bench-partner-owner", password: "bench-partner-password-7c2e" };

export interface PartnerCall {
  name: string;
  path: string;
  medianMs: number;
  p95Ms: number;
  bytes: number;
  /** the control has no target */
  met: boolean | null;
}

const FIRST = ["Lakshmi", "Arun", "Meena", "Karthik", "Divya", "Suresh", "Priya", "Vijay", "Anitha", "Rahul"];
const LAST = [
  "Iyer",
  "Narayanan",
  "Pillai",
  "Menon",
  "Rao",
  "Krishnan",
  "Sundaram",
  "Reddy",
  "Nair",
  "Raman",
];
const BRANDS = [
  "Hettich",
  "Hafele",
  "Ebco",
  "Blum",
  "Godrej",
  "Greenply",
  "Century",
  "Merino",
  "Kajaria",
  "Sleek",
  "Ozone",
  "Dorset",
];
const ITEMS = ["hinges", "wardrobe", "laminate", "modular_kitchen", "storage_units"];
const ROOMS = ["Kitchen", "Master bedroom", "Bedroom 2", "Living room", "Study"];

const pgArray = (xs: string[]) =>
  sql`array[${sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  )}]::text[]`;

/**
 * One partner's homes, items and claims, written by the database itself (generate_series):
 * homes registered over the last year, a team of 24 installers, three items a home, and
 * claims raised after the handover, some resolved (a few of those rated), some missed.
 */
async function seedPartner(db: Db, name: string, homes: number, claims: number, ownerId?: number) {
  const [partner] = await db
    .insert(partners)
    .values({
      name,
      address: "1 Bench Road, Chennai 600001",
      brandColour: "#7a3e9d",
      planId: await planIdByName(db, "Enterprise Plan"),
      monthlyQuota: null,
      contractStart: "2025-01-01",
      agreedPricePaise: 50_000,
    })
    .returning();
  if (ownerId)
    await db.insert(partnerMembers).values({ partnerId: partner.id, userId: ownerId, role: "owner" });
  const tag = `p${partner.id}`;
  const plans = sql`(select array_agg(id order by id) from plans where type = 'B2C')`;
  await db.execute(sql`insert into users (first_name, last_name, username, email, password_hash, role, phone, city)
    select (${pgArray(FIRST)})[1 + g % 10], (${pgArray(LAST)})[1 + (g / 10) % 10],
      ${`bench-${tag}-`} || g, ${`bench-${tag}-`} || g || '@example.in', '!invited', 'customer',
      '9' || lpad((g * 7919 % 1000000000)::text, 9, '0'), 'Chennai'
    from generate_series(1, ${homes}) g`);
  await db.execute(sql`insert into purchases (user_id, plan_id, policy_number, property_address, property_city,
      property_state, property_pincode, start_date, end_date, total_amount, status, partner_id, installer,
      registered_by, created_at, updated_at, homeowner_name, homeowner_email)
    select u.id, (${plans})[1 + g % 3], ${`HIPW-B${partner.id}-`} || lpad(g::text, 6, '0'),
      g || ' Bench Street', 'Chennai', 'Tamil Nadu', '600020',
      (now() - (g % 365) * interval '1 day')::date, (now() - (g % 365) * interval '1 day' + interval '5 years')::date,
      0, 'active', ${partner.id}, 'Team ' || (1 + g % 24), ${ownerId ?? null},
      now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute',
      now() - (g % 365) * interval '1 day',
      u.first_name || ' ' || u.last_name, u.email
    from generate_series(1, ${homes}) g
    join users u on u.username = ${`bench-${tag}-`} || g`);
  await db.execute(sql`insert into policy_items (purchase_id, room, item_type, brand, installed_on)
    select p.id, (${pgArray(ROOMS)})[1 + (p.id + i) % 5], (${pgArray(ITEMS)})[1 + (p.id + i) % 5],
      (${pgArray(BRANDS)})[1 + (p.id * 3 + i) % 12], p.start_date
    from purchases p cross join generate_series(0, 2) i where p.partner_id = ${partner.id}`);
  // every n-th home has a claim on its first item, raised between its handover and now
  await db.execute(sql`insert into tickets (user_id, purchase_id, subject, description, priority, status,
      covered_item, policy_item_id, covered_by_plan, sla_response_minutes, sla_resolution_minutes,
      first_responded_at, resolved_at, response_breached_at, created_at, updated_at)
    select p.user_id, p.id, 'Fitting came loose', 'The fitting came loose after a few weeks.', 'medium',
      (array['open', 'in_progress', 'resolved', 'closed'])[1 + n % 4]::ticket_status,
      i.item_type, i.id, true, 240, 2880,
      case when n % 4 > 0 then c.at + interval '2 hours' end,
      case when n % 4 >= 2 then c.at + interval '2 days' end,
      case when n % 7 = 0 then c.at + interval '4 hours' end,
      c.at, c.at
    from (select p.*, row_number() over (order by p.id) as n from purchases p where p.partner_id = ${partner.id}) p
    cross join lateral (select p.created_at + (now() - p.created_at) * ((p.n * 37 % 100) / 100.0) as at) c
    join lateral (select * from policy_items i where i.purchase_id = p.id order by i.id limit 1) i on true
    where p.n % ${Math.max(1, Math.floor(homes / claims))} = 0`);
  await db.execute(sql`insert into ticket_ratings (ticket_id, resolution, score, created_at)
    select t.id, 1, 1 + t.id % 5, t.resolved_at from tickets t join purchases p on p.id = t.purchase_id
    where p.partner_id = ${partner.id} and t.resolved_at is not null and t.id % 3 = 0`);
  return partner.id;
}

async function seed(databaseUrl: string) {
  const database = await openExplainingDatabase({ databaseUrl });
  try {
    const { db } = database;
    const owner = await ensureUser(db, {
      ...OWNER,
      firstName: "Bench",
      lastName: "Owner",
      email: "bench-partner-owner@example.in",
      role: "partner",
    });
    const t0 = performance.now();
    const big = await seedPartner(db, "Bench Large Studio", 20_000, 5_000, owner.id);
    await seedPartner(db, "Bench Other Studio", 5_000, 1_500);
    await db.execute(sql`analyze`);
    const [counts] = await rowsOf<{ purchases: number; tickets: number; items: number }>(
      db.execute(sql`select (select count(*)::int from purchases) as purchases,
        (select count(*)::int from tickets) as tickets, (select count(*)::int from policy_items) as items`),
    );
    console.log(
      `  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${counts.purchases} policies, ${counts.items} items, ${counts.tickets} tickets in all`,
    );
    return big;
  } finally {
    await database.close();
  }
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(OWNER),
  });
  if (res.status !== 200)
    throw new Error(`bench partner sign-in answered ${res.status}: ${await res.text()}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0];
}

/** the dashboard's reads, as its page asks for them (ten rows a list) */
const CALLS: [string, string][] = [
  ["control: GET /api/user (signed in, no work)", "/api/user"],
  ["overview: the month against the quota", "/api/partner"],
  ["homes: first page", "/api/partner/policies?limit=10"],
  ["homes: search a common surname", "/api/partner/policies?q=Iyer&limit=10"],
  ["homes: search a policy number", "/api/partner/policies?q=HIPW-B2-012345&limit=10"],
  ["claims: first page", "/api/partner/claims?limit=10"],
  ["claims: open ones", "/api/partner/claims?status=open&limit=10"],
  ["scorecard: last 12 months", "/api/partner/scorecard"],
];

export async function measurePartnerScale(baseUrl = DEFAULT_PARTNER_PG, runs = 30): Promise<PartnerCall[]> {
  console.log(`\nPartner dashboard at scale on PostgreSQL (a scratch database on ${baseUrl})`);
  const previous = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = baseUrl;
  const prepared = await prepareDatabase("postgres").finally(() => {
    process.env.TEST_DATABASE_URL = previous;
  });
  const databaseUrl = prepared.env.DATABASE_URL!;
  const calls: PartnerCall[] = [];
  try {
    const partnerId = await seed(databaseUrl);
    // the policy searched for is one of the large partner's own
    CALLS[4][1] = `/api/partner/policies?q=HIPW-B${partnerId}-012345&limit=10`;
    const server = await startServer(
      {
        NODE_ENV: "production",
        LOG_LEVEL: "info",
        SESSION_SECRET: randomBytes(24).toString("hex"),
        RATE_LIMIT_FACTOR: "1000",
        DATABASE_URL: databaseUrl,
        DATA_DIR: prepared.dataDir,
      },
      { timeoutMs: 120_000 },
    );
    try {
      const cookie = await signIn(server.url);
      for (const [name, path] of CALLS) {
        for (let i = 0; i < 3; i++) await timedGet(server.url + path, cookie);
        const times: number[] = [];
        let bytes = 0;
        for (let i = 0; i < runs; i++) {
          const r = await timedGet(server.url + path, cookie);
          times.push(r.ms);
          bytes = r.bytes;
        }
        const p95 = percentile(times, 95);
        calls.push({
          name,
          path,
          medianMs: median(times),
          p95Ms: p95,
          bytes,
          met: path === "/api/user" ? null : p95 <= PARTNER_TARGET_MS,
        });
      }
    } finally {
      await server.stop();
    }
    calls.push(await coldScorecard(databaseUrl, partnerId, runs));
    console.log(`\n${runs} calls each, after 3 to warm up.\n\n${partnerTable(calls)}`);
    const missed = calls.filter((c) => c.met === false);
    if (missed.length) await explainMisses(databaseUrl, partnerId, missed);
  } finally {
    await prepared.cleanup();
  }
  return calls;
}

/** the figures as a Markdown table */
export function partnerTable(calls: PartnerCall[]): string {
  return [
    `| partner dashboard, 20,000 homes (PostgreSQL) | address | median | p95 | answer | target p95 ≤ ${PARTNER_TARGET_MS} ms |`,
    "| --- | --- | --- | --- | --- | --- |",
    ...calls.map(
      (c) =>
        `| ${c.name} | \`${c.path}\` | ${c.medianMs.toFixed(1)} ms | ${c.p95Ms.toFixed(1)} ms | ${c.bytes ? `${(c.bytes / 1024).toFixed(1)} KB` : "–"} | ${c.met === null ? "control" : c.met ? "met" : "MISSED"} |`,
    ),
  ].join("\n");
}

/**
 * The scorecard's first call of a minute, when the homes each group applies to are counted
 * afresh (they are kept a minute per partner): the same function the route calls, timed
 * in this process on a pool of its own, its kept counts dropped before each call.
 */
async function coldScorecard(databaseUrl: string, partnerId: number, runs: number): Promise<PartnerCall> {
  const database = await openExplainingDatabase({ databaseUrl });
  try {
    const once = async () => {
      forgetPartnerHomes(database.db, partnerId);
      const t0 = performance.now();
      await partnerScorecard(database.db, partnerId);
      return performance.now() - t0;
    };
    for (let i = 0; i < 3; i++) await once();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await once());
    const p95 = percentile(times, 95);
    return {
      name: "scorecard: homes counted afresh (in process, no HTTP)",
      path: "/api/partner/scorecard",
      medianMs: median(times),
      p95Ms: p95,
      bytes: 0,
      met: p95 <= PARTNER_TARGET_MS,
    };
  } finally {
    await database.close();
  }
}

/** the plans of the statements behind each missed call, run on the same data */
async function explainMisses(databaseUrl: string, partnerId: number, missed: PartnerCall[]) {
  console.log(`\n${missed.length} call(s) missed ${PARTNER_TARGET_MS} ms; the plans of their statements:`);
  const database = await openExplainingDatabase({ databaseUrl });
  const codec = new CursorCodec("bench");
  const list = <F>(filters: F, q?: string) => ({
    sort: "created" as const,
    direction: "desc" as const,
    filters,
    q,
    limit: 10,
  });
  try {
    const { db } = database;
    for (const c of missed) {
      const url = new URL(c.path, "http://x");
      const q = url.searchParams.get("q") ?? undefined;
      const run =
        url.pathname === "/api/partner"
          ? () => monthCounts(db, partnerId, indiaMonth().start, indiaMonth().end)
          : url.pathname === "/api/partner/policies"
            ? () => listPartnerPoliciesPage(db, codec, partnerId, list({}, q))
            : url.pathname === "/api/partner/claims"
              ? () =>
                  listPartnerClaimsPage(
                    db,
                    codec,
                    partnerId,
                    list({ status: url.searchParams.get("status") ? ["open" as const] : undefined }, q),
                  )
              : () => {
                  forgetPartnerHomes(db, partnerId);
                  return partnerScorecard(db, partnerId);
                };
      await database.printPlans(c.name, run);
    }
  } finally {
    await database.close();
  }
}

// run on its own: node --import tsx scripts/bench/partner-scale.ts [URL]
if (import.meta.url === `file://${process.argv[1]}`) {
  await measurePartnerScale(process.argv[2] ?? DEFAULT_PARTNER_PG);
}
