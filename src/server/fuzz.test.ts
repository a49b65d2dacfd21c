import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicTables, queryRows } from "../../tests/support/db-rows.ts";
import { createTestApp, login, type TestApp } from "../../tests/support/test-app.ts";
import type { TicketListItem } from "../shared/schemas/ticket.ts";

/**
 * Bad input, property-based: arbitrary JSON, strings, numbers, path parameters, query
 * strings and headers sent to every API route as a guest, a customer and an admin.
 * Whatever arrives, the answer is never a 5xx, and a refused answer (4xx) leaves every
 * table exactly as it was. FUZZ_RUNS sets the runs per route (30 here; the soak run uses 1000).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let t: TestApp;
let cookies: { customer: string; admin: string; other: string };
let realIds: string[];
let fingerprintSql: SQL;

/** the fingerprint last read, and the next transaction id when it was read */
let lastPrint: { nextXid: string; tables: Record<string, string> } | undefined;

/**
 * One string per table (see fingerprintSql). A transaction is given an id only when it
 * writes: while the next id to be given out is the one of the last reading, nothing was
 * written anywhere (on PostgreSQL, in any database of the server) and the last fingerprint
 * still holds. Only about one call in thirteen reads every table again (23 s of this test's
 * 26 s on PGlite went to reading them for every request).
 */
async function fingerprint(): Promise<Record<string, string>> {
  const [{ next }] = await queryRows<{ next: string }>(
    t.database.db,
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`,
  );
  if (lastPrint?.nextXid === next) return lastPrint.tables;
  const [tables] = await queryRows<Record<string, string>>(t.database.db, fingerprintSql);
  lastPrint = { nextXid: next, tables };
  return tables;
}

beforeAll(async () => {
  t = await createTestApp({}, "demo");
  cookies = {
    customer: await login(t.app, "demo-customer"),
    other: await login(t.app, "demo-customer-2"),
    admin: await login(t.app, "demo-admin"),
  };
  const tickets = (
    await t.app.inject({ method: "GET", url: "/api/tickets", headers: { cookie: cookies.customer } })
  ).json<TicketListItem[]>();
  realIds = [...new Set(["1", "5", ...tickets.map((x) => String(x.id)), String(tickets[0]?.purchaseId)])];
  // the security log and the rate-limit counters record refused requests too, by design
  const tables = (await publicTables(t.database.db)).filter(
    (n) => n !== "security_events" && n !== "rate_limits",
  );
  // Each table's row count and the newest transaction that wrote one of its rows (`xmin`): a
  // committed insert, update or delete changes one of the two, in any table, at the cost of
  // one pass over the table (hashing every row took three quarters of this test's time).
  // Sessions are hashed row by row instead, without last_seen_at: any signed-in request,
  // refused or not, writes it once a minute, and this test runs for longer than that.
  fingerprintSql = sql.raw(
    `select ${tables
      .map((n) =>
        n === "sessions"
          ? `(select count(*)::text || ':' || coalesce(md5(string_agg((to_jsonb(x) - 'last_seen_at')::text, '|' order by x::text)), '') from "${n}" x) as "${n}"`
          : `(select count(*)::text || ':' || coalesce(max(x.xmin::text::bigint), 0)::text from "${n}" x) as "${n}"`,
      )
      .join(", ")}`,
  );
}, 60_000);
afterAll(() => t?.close());

const FIELDS = [
  "name",
  "email",
  "phone",
  "interest",
  "message",
  "username",
  "password",
  "firstName",
  "lastName",
  "address",
  "city",
  "state",
  "pincode",
  "role",
  "purchaseId",
  "subject",
  "description",
  "priority",
  "body",
  "internal",
  "status",
  "userId",
  "planId",
  "propertyAddress",
  "propertyCity",
  "propertyState",
  "propertyPincode",
  "startDate",
  "reason",
  "__proto__",
  "constructor",
];

const NASTY = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "<script>alert(1)</script>",
  "'; drop table users; --",
  "' or '1'='1",
  "%00",
  "../../etc/passwd",
  "9".repeat(400),
  "-1",
  "0",
  "1e309",
  "NaN",
  "2147483648",
  "B2C",
  "chennai",
  "open",
  "admin",
  "2026-02-30",
];

/** already-encoded path pieces, some of them invalid percent-encoding or UTF-8 */
const RAW_SEGMENTS = ["%", "%zz", "%ED%A0%80", "%C0%AF", "%FF", "..", "%2e%2e%2f", "%00"];

/** percent-encodes the UTF-8 bytes (lone surrogates too, where encodeURIComponent throws) */
function encodeSegment(p: string): string {
  if (RAW_SEGMENTS.includes(p)) return p;
  if (p === "") return "x";
  return [...Buffer.from(p, "utf8")]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, "0").toUpperCase()}`,
    )
    .join("");
}

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.constantFrom(...NASTY),
  fc.string({ minLength: 5000, maxLength: 6000 }),
);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.bigInt().map((n) => Number(n)),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.jsonValue({ maxDepth: 2 }));
/** near-miss objects with the real field names exercise the validators; anything else the parser */
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 10 }).map((o) => JSON.stringify(o)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.constantFrom("", "{", "[]", "null", '{"a":1}}', "\u0000", '{"__proto__":{"role":"admin"}}'),
  fc.constant(undefined),
);
const headerValue = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.constantFrom(...NASTY.filter((s) => /^[\x20-\x7e]*$/.test(s))),
);
const contentType = fc.oneof(
  fc.constantFrom(
    "application/json",
    "application/json; charset=utf-8",
    "application/json; charset=utf-16",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/xml",
  ),
  headerValue,
);
const pathParam = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.constantFrom(...RAW_SEGMENTS),
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.constantFrom("1", "2", "3", "5"),
);
const query = fc.dictionary(
  fc.constantFrom("status", "priority", "q", "userId", "interest", "page", "limit", "__proto__"),
  fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...NASTY)),
  { maxKeys: 3 },
);
type Who = "guest" | "customer" | "other" | "admin" | "garbage";
const who = fc.constantFrom<Who>("guest", "customer", "other", "admin", "garbage");
const extraHeaders = fc.record(
  {
    "if-none-match": headerValue,
    "accept-encoding": fc.oneof(fc.constantFrom("gzip", "br", "gzip, br", "identity;q=0", "*"), headerValue),
    "x-forwarded-for": headerValue,
    "x-forwarded-host": headerValue,
    origin: fc.oneof(fc.constantFrom("null", "http://localhost:80", "https://evil.example"), headerValue),
    "sec-fetch-site": fc.constantFrom("same-origin", "none", "cross-site", "same-site"),
    referer: headerValue,
    accept: headerValue,
  },
  { requiredKeys: [] },
);

function urlFor(route: string, params: string[], q: Record<string, string>): string {
  let i = 0;
  const url = route.replace(/:[A-Za-z]+/g, () => encodeSegment(params[i++ % params.length] ?? "1"));
  const qs = new URLSearchParams(q).toString();
  return qs ? `${url}?${qs}` : url;
}

describe(`bad input (${RUNS} runs per route)`, () => {
  it("covers every API route", () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(20);
  });

  // the route list is known only after buildApp: one test walks them, one property per route
  it("never answers 5xx, and a refused request changes nothing", {
    timeout: 60_000 + RUNS * 1500,
  }, async () => {
    const failures: string[] = [];
    for (const route of t.app.apiRoutes) {
      let before = await fingerprint();
      const property = fc.asyncProperty(
        who,
        fc.array(fc.oneof(pathParam, fc.constantFrom(...realIds)), { minLength: 1, maxLength: 3 }),
        query,
        body,
        contentType,
        extraHeaders,
        async (identity, params, q, payload, type, extra) => {
          // logging out with a real cookie would end the session the other runs rely on
          const as: Who = route.url === "/api/logout" && identity !== "garbage" ? "guest" : identity;
          const headers: Record<string, string> = { ...extra };
          if (as === "garbage") headers.cookie = "hipws_sid=s%3Anot-a-session.badsignature";
          else if (as !== "guest") headers.cookie = cookies[as];
          const opts: InjectOptions = {
            method: route.method as "GET",
            url: urlFor(route.url, params, q),
            headers,
          };
          if (route.method !== "GET" && payload !== undefined) {
            headers["content-type"] = type;
            opts.payload = payload;
          }
          const res = await t.app.inject(opts);
          if (res.statusCode >= 500) {
            throw new Error(`${res.statusCode} for ${route.method} ${opts.url}: ${res.body.slice(0, 300)}`);
          }
          const after = await fingerprint();
          if (res.statusCode >= 400) {
            const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
            if (changed.length) {
              throw new Error(
                `${res.statusCode} for ${route.method} ${opts.url} changed ${changed.join(", ")}: ${res.body.slice(0, 200)}`,
              );
            }
          }
          before = after;
        },
      );
      const out = await fc.check(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
      if (out.failed) {
        failures.push(
          `${route.method} ${route.url}: ${out.errorInstance instanceof Error ? out.errorInstance.message : out.errorInstance} (seed ${out.seed}, path ${out.counterexamplePath})`,
        );
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("ids beyond a PostgreSQL integer (found by the 1,000-run soak)", () => {
  const TOO_BIG = 2_147_483_648;
  it("answer 400, never a database error", async () => {
    const cases: [string, string, Record<string, unknown> | undefined, string][] = [
      ["GET", `/api/admin/purchases?userId=${TOO_BIG}`, undefined, cookies.admin],
      [
        "POST",
        "/api/tickets",
        { purchaseId: TOO_BIG, subject: "Hinge loose", description: "The hinge on the door is loose." },
        cookies.customer,
      ],
      [
        "POST",
        "/api/admin/purchases",
        {
          userId: TOO_BIG,
          planId: TOO_BIG,
          propertyAddress: "1 Test Street",
          propertyCity: "Chennai",
          propertyState: "Tamil Nadu",
          startDate: "2026-01-01",
        },
        cookies.admin,
      ],
    ];
    for (const [method, url, payload, cookie] of cases) {
      const res = await t.app.inject({ method: method as "GET", url, payload, headers: { cookie } });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
    }
  });
});
