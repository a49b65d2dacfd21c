import { type SQL, sql } from "drizzle-orm";
import { policyEndDate, todayInIndia } from "../../../shared/dates.ts";
import { ENQUIRY_INTERESTS, type EnquiryStatus } from "../../../shared/schemas/enquiry.ts";
import type { PolicyStatus } from "../../../shared/schemas/policy.ts";
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketPriority,
  type TicketStatus,
} from "../../../shared/schemas/ticket.ts";
import { hashPassword } from "../../modules/auth/password.ts";
import { policyNumberFor } from "../../modules/policies/policies.service.ts";
import { addBusinessMinutes, type HolidaySet } from "../../modules/sla/business-hours.ts";
import { clockOf } from "../../modules/sla/sla.service.ts";
import type { Db } from "../client.ts";
import * as words from "./scale-data.ts";

/**
 * The volume generator behind `npm run seed:scale -- --tickets N`: customers (N/5), policies
 * (N/2), tickets (N) with about three messages, their status history and their service-level
 * clock each, and enquiries (N/2), spread over five years and all 39 cities, the same for the
 * same seed.
 *
 * Speed comes from three choices: one password hash shared by every generated account (an
 * argon2 hash costs ~50 ms, a minute per thousand users); ids reserved from the sequences up
 * front, so rows can refer to each other without reading anything back; and each batch of
 * thousands of rows sent as one JSON text that PostgreSQL unpacks with
 * json_populate_recordset: one parameter, whatever the batch size (a multi-row VALUES list
 * stops at 65,535 parameters), and the same SQL on PGlite and PostgreSQL.
 */

export interface ScaleOptions {
  tickets: number;
  seed: number;
  /** the generated accounts' password; without one nobody can sign in as them */
  password: string;
  /** "now" for the spread of dates: tests pin it */
  now?: Date;
  onProgress?: (message: string) => void;
}

export interface ScaleResult {
  staff: number;
  customers: number;
  policies: number;
  tickets: number;
  messages: number;
  history: number;
  enquiries: number;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const BATCH = 5_000;

/** mulberry32: small, fast and the same on every machine for the same seed */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof random>;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** `count` fresh ids from a table's sequence, each one ours whatever else is inserting */
async function reserveIds(db: Db, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const got = await rows<{ id: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count})`,
  );
  return got.map((r) => Number(r.id)).sort((a, b) => a - b);
}

async function insertJson(db: Db, table: string, columns: string[], records: object[]) {
  const cols = sql.raw(columns.map((c) => `"${c}"`).join(", "));
  for (let i = 0; i < records.length; i += BATCH) {
    const json = JSON.stringify(records.slice(i, i + BATCH));
    await db.execute(
      sql`insert into ${sql.identifier(table)} (${cols}) select ${cols} from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`,
    );
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
const isoDate = (ms: number) => iso(ms).slice(0, 10);
const slug = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");

function phone(r: Random): string {
  const n = `${r.int(6, 9)}${String(r.int(0, 999_999_999)).padStart(9, "0")}`;
  const style = r.int(0, 3);
  if (style === 0) return `${n.slice(0, 5)} ${n.slice(5)}`;
  if (style === 1) return `+91 ${n.slice(0, 5)} ${n.slice(5)}`;
  return n;
}

/** more customers in recent years, as a growing business has */
const pastTime = (r: Random, now: number, spanMs: number) => now - spanMs * (1 - Math.sqrt(r.next()));

function ticketStatusFor(r: Random, ageDays: number): TicketStatus {
  if (ageDays < 7) return r.pick(["open", "open", "in_progress", "resolved"] as const);
  if (ageDays < 45)
    return r.pick(["open", "in_progress", "in_progress", "resolved", "resolved", "closed"] as const);
  if (r.chance(0.02)) return r.pick(["open", "in_progress"] as const);
  return r.chance(0.3) ? "resolved" : "closed";
}

interface Targets {
  response: number;
  resolution: number;
}

/**
 * A ticket's service level as real traffic leaves it: the targets of its plan and priority,
 * a first reply (most within the target, some late, a share of open tickets still waiting),
 * a resolution for a resolved or closed one (again some late), the targets missed recorded
 * at their due times as the periodic check records them, and the running clock's due and
 * warning times from `clockOf`, the product's own. A warning already due counts as sent, so
 * a scale database does not mail staff about every old ticket.
 */
function serviceLevel(
  r: Random,
  t: { status: TicketStatus; createdAt: number },
  targets: Targets,
  days: HolidaySet,
  now: number,
) {
  const settled = t.status === "resolved" || t.status === "closed";
  const after = (minutes: number) => addBusinessMinutes(new Date(t.createdAt), minutes, days).getTime();
  const responseDue = after(targets.response);
  const resolutionDue = after(targets.resolution);
  // about one first reply in eight and one resolution in six come after their target
  let firstRespondedAt: number | null = after(targets.response * r.next() * 1.15);
  if (settled) firstRespondedAt = Math.min(firstRespondedAt, t.createdAt + (now - t.createdAt) / 2);
  // an open ticket is one staff have not taken up yet: most have had no reply
  else if (firstRespondedAt >= now || (t.status === "open" && r.chance(0.7))) firstRespondedAt = null;
  let resolvedAt: number | null = null;
  if (settled && firstRespondedAt !== null) {
    const first = firstRespondedAt;
    const wanted = after(targets.resolution * r.next() * 1.2);
    resolvedAt = wanted < now ? Math.max(wanted, first + 10 * 60_000) : first + (now - first) * r.next();
    resolvedAt = Math.min(resolvedAt, now);
  }
  const responseBreached = (firstRespondedAt ?? now) > responseDue ? responseDue : null;
  const resolutionBreached =
    firstRespondedAt !== null && (resolvedAt ?? now) > resolutionDue ? resolutionDue : null;
  const clock = clockOf(
    {
      status: t.status,
      firstRespondedAt: firstRespondedAt === null ? null : new Date(firstRespondedAt),
      waitingSince: null,
      createdAt: new Date(t.createdAt),
      slaPausedMinutes: 0,
      slaResponseMinutes: targets.response,
      slaResolutionMinutes: targets.resolution,
    },
    days,
  );
  const warnAt = clock.warnAt?.getTime() ?? null;
  return {
    firstRespondedAt,
    resolvedAt,
    columns: {
      sla_response_minutes: targets.response,
      sla_resolution_minutes: targets.resolution,
      first_responded_at: firstRespondedAt === null ? null : iso(firstRespondedAt),
      resolved_at: resolvedAt === null ? null : iso(resolvedAt),
      sla_due_at: clock.dueAt?.toISOString() ?? null,
      sla_warn_at: warnAt === null ? null : iso(warnAt),
      sla_warned_at: warnAt !== null && warnAt <= now ? iso(warnAt) : null,
      response_breached_at: responseBreached === null ? null : iso(responseBreached),
      resolution_breached_at: resolutionBreached === null ? null : iso(resolutionBreached),
    },
  };
}

function enquiryStatusFor(r: Random, ageDays: number): EnquiryStatus {
  if (ageDays < 10) return r.chance(0.7) ? "new" : "contacted";
  return r.pick(["contacted", "converted", "converted", "closed", "closed"] as const);
}

export async function seedScale(db: Db, opts: ScaleOptions): Promise<ScaleResult> {
  const log = opts.onProgress ?? (() => {});
  const r = random(opts.seed);
  const now = (opts.now ?? new Date()).getTime();
  const FIVE_YEARS = 5 * 365 * DAY;
  const counts = {
    tickets: opts.tickets,
    customers: Math.max(1, Math.floor(opts.tickets / 5)),
    policies: Math.max(1, Math.floor(opts.tickets / 2)),
    enquiries: Math.floor(opts.tickets / 2),
    staff: Math.min(25, Math.max(3, Math.round(opts.tickets / 4_000))),
  };

  const cities = await rows<{ name: string; state: string }>(
    db,
    sql`select name, state from cities order by id`,
  );
  const plans = await rows<{ id: number; name: string; price: number; duration: number }>(
    db,
    sql`select id, name, price, duration from plans where type = 'B2C' order by sort_order, id`,
  );
  if (cities.length === 0 || plans.length === 0)
    throw new Error("The base content (cities, plans) is missing.");
  // the service-level targets by plan and priority, and the holidays their clocks skip
  const targetRows = await rows<{ tier: string; priority: string; response: number; resolution: number }>(
    db,
    sql`select plan_tier as tier, priority::text as priority, first_response_minutes as response,
          resolution_minutes as resolution from sla_targets`,
  );
  const targetsOf = new Map(targetRows.map((x) => [`${x.tier}/${x.priority}`, x]));
  const holidayDays: HolidaySet = new Set(
    (await rows<{ day: string }>(db, sql`select day::text as day from holidays`)).map((x) => x.day),
  );
  // plans other than the three B2C ones run under Essential's targets, as the product's do
  const tierOf = (plan: string) => (["Essential", "Premium", "Elite"].includes(plan) ? plan : "Essential");
  const passwordHash = await hashPassword(opts.password);

  const result = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;

    // staff and customers: ids reserved first, then handed out in order of sign-up date
    const userIds = await reserveIds(t, "users", counts.staff + counts.customers);
    const people = userIds.map((_, i) => {
      const staff = i < counts.staff;
      const createdAt = staff
        ? now - FIVE_YEARS - r.int(30, 400) * DAY
        : pastTime(r, now - 7 * DAY, FIVE_YEARS);
      return { staff, createdAt };
    });
    people.sort((a, b) => a.createdAt - b.createdAt);
    // the first customer signed up five years ago, so the history always spans them
    if (people[counts.staff]) people[counts.staff].createdAt = now - FIVE_YEARS;
    const staffIds: number[] = [];
    const customers: { id: number; city: (typeof cities)[number]; createdAt: number }[] = [];
    const userRecords = people.map((p, i) => {
      const id = userIds[i];
      const first = p.staff ? r.pick(words.STAFF_FIRST_NAMES) : r.pick(words.FIRST_NAMES);
      const last = r.pick(words.LAST_NAMES);
      // every city has customers (the first 39 cover them all), Chennai and the big cities most
      const city = p.staff
        ? (cities[4] ?? cities[0])
        : customers.length < cities.length
          ? cities[customers.length]
          : r.chance(0.5)
            ? cities[r.int(0, Math.min(7, cities.length - 1))]
            : r.pick(cities);
      const handle = `${slug(first)}.${slug(last)}.${id}`;
      if (p.staff) staffIds.push(id);
      else customers.push({ id, city, createdAt: p.createdAt });
      return {
        id,
        first_name: first,
        last_name: last,
        username: handle,
        email: p.staff
          ? `${handle}@hipws.example`
          : `${handle}@${r.pick(["example.in", "example.com", "mail.example"])}`,
        password_hash: passwordHash,
        phone: phone(r),
        address: `${r.int(1, 40)}${r.pick(["A", "B", "C", ""])}, ${r.pick(words.APARTMENTS)}, ${r.int(1, 120)} ${r.pick(words.STREETS)}`,
        city: city.name,
        state: city.state,
        pincode: `${words.PIN_PREFIX[city.name] ?? "600"}${String(r.int(1, 120)).padStart(3, "0")}`,
        role: p.staff ? "admin" : "customer",
        created_at: iso(p.createdAt),
        updated_at: iso(Math.min(p.createdAt + r.int(0, 30) * DAY, now)),
      };
    });
    await insertJson(t, "users", Object.keys(userRecords[0]), userRecords);
    log(`${counts.staff} staff and ${customers.length} customers`);

    // policies: bought after the customer signed up, starting on the day or within a month
    const policyIds = await reserveIds(t, "purchases", counts.policies);
    const drafts = Array.from({ length: counts.policies }, (_, i) => {
      // every customer holds at least one policy; the rest go to customers at random
      // a customer signs up to buy their first policy; later ones come any time after
      const owner = i < customers.length ? customers[i] : r.pick(customers);
      const createdAt =
        i < customers.length
          ? Math.min(owner.createdAt + r.int(0, 60 * 60) * 60_000, now)
          : owner.createdAt + r.next() * (now - owner.createdAt);
      return { owner, createdAt };
    });
    drafts.sort((a, b) => a.createdAt - b.createdAt);
    const today = todayInIndia(new Date(now));
    const policies: {
      id: number;
      userId: number;
      start: number;
      end: number;
      city: string;
      plan: string;
    }[] = [];
    const policyRecords = drafts.map((d, i) => {
      const id = policyIds[i];
      const plan = r.pick(plans);
      const start = d.createdAt + r.int(0, 30) * DAY;
      const startDate = isoDate(start);
      const endDate = policyEndDate(startDate, plan.duration);
      const city = r.chance(0.85) ? d.owner.city : r.pick(cities);
      let status: PolicyStatus = startDate > today ? "pending" : "active";
      if (status === "active" && endDate < today) status = "expired";
      if (r.chance(0.03)) status = "cancelled";
      policies.push({
        id,
        userId: d.owner.id,
        start,
        end: Date.parse(`${endDate}T23:59:59Z`),
        city: city.name,
        plan: plan.name,
      });
      return {
        id,
        user_id: d.owner.id,
        plan_id: plan.id,
        policy_number: policyNumberFor(id, startDate),
        property_address: `Flat ${r.int(1, 20)}${r.pick(["A", "B", "C", "D"])}, ${r.pick(words.APARTMENTS)}, ${r.pick(words.STREETS)}`,
        property_city: city.name,
        property_state: city.state,
        property_pincode: `${words.PIN_PREFIX[city.name] ?? "600"}${String(r.int(1, 120)).padStart(3, "0")}`,
        start_date: startDate,
        end_date: endDate,
        total_amount: plan.price * 100,
        status,
        cancel_reason: status === "cancelled" ? "Customer sold the property before the start date" : null,
        created_at: iso(d.createdAt),
        updated_at: iso(d.createdAt),
      };
    });
    await insertJson(t, "purchases", Object.keys(policyRecords[0]), policyRecords);
    log(`${policies.length} policies`);

    // tickets: raised during cover (never before it starts), older ones mostly settled
    // a ticket's day first (more of them as more homes are covered), then a policy in cover that day
    const started = policies.filter((p) => p.start < now).sort((a, b) => a.start - b.start);
    if (started.length === 0) started.push(...policies.map((p) => ({ ...p, start: now - DAY })));
    const firstStart = started[0].start;
    const coveredBy = (at: number) => {
      let lo = 0;
      let hi = started.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (started[mid].start <= at) lo = mid + 1;
        else hi = mid;
      }
      return Math.max(1, lo);
    };
    const ticketIds = await reserveIds(t, "tickets", counts.tickets);
    const ticketDrafts = Array.from({ length: counts.tickets }, () => {
      const createdAt = pastTime(r, now - HOUR, now - HOUR - firstStart);
      const inCover = coveredBy(createdAt);
      let p = started[r.int(0, inCover - 1)];
      for (let tries = 0; tries < 5 && p.end < createdAt; tries++) p = started[r.int(0, inCover - 1)];
      return { p, createdAt };
    });
    ticketDrafts.sort((a, b) => a.createdAt - b.createdAt);
    const ticketRecords: object[] = [];
    const history: object[] = [];
    const messages: object[] = [];
    const path = TICKET_STATUSES;
    ticketDrafts.forEach((d, i) => {
      const id = ticketIds[i];
      // the first four tickets take each status and priority, so even a tiny run has them all
      const status: TicketStatus = i < 4 ? path[i] : ticketStatusFor(r, (now - d.createdAt) / DAY);
      const priority: TicketPriority =
        i < 4
          ? TICKET_PRIORITIES[i]
          : r.pick(["low", "medium", "medium", "medium", "high", "high", "urgent"] as const);
      const staffId = r.pick(staffIds);
      const assigneeId = status === "open" && r.chance(0.8) ? null : staffId;
      const room = r.pick(words.ROOMS);
      const fitting = r.pick(words.FITTINGS);
      const problem = r.pick(words.PROBLEMS);
      const target = targetsOf.get(`${tierOf(d.p.plan)}/${priority}`);
      if (!target) throw new Error(`No service-level target for ${d.p.plan} ${priority}`);
      const sla = serviceLevel(r, { status, createdAt: d.createdAt }, target, holidayDays, now);
      // events after the ticket is raised, a few hours to a few days apart, never in the future
      let at = d.createdAt;
      const step = (until = now) => {
        at = Math.min(at + r.int(1, 72) * HOUR * r.next() + 10 * 60_000, until);
        return at;
      };
      history.push({
        ticket_id: id,
        from_status: null,
        to_status: "open",
        changed_by_id: d.p.userId,
        note: "Ticket raised",
        created_at: iso(d.createdAt),
      });
      // the conversation: the first reply the customer sees is staff's, at the first-response
      // time; a ticket nobody has answered yet has only the customer's words and internal notes
      const talk = sla.firstRespondedAt === null ? r.int(0, 2) : r.int(1, 5);
      if (sla.firstRespondedAt !== null) at = sla.firstRespondedAt;
      for (let m = 0; m < talk; m++) {
        const fromStaff = m % 2 === 0;
        const internal = sla.firstRespondedAt === null ? fromStaff : m > 0 && fromStaff && r.chance(0.15);
        messages.push({
          ticket_id: id,
          author_id: fromStaff ? staffId : d.p.userId,
          body: internal
            ? r.pick(words.INTERNAL_NOTES)
            : fromStaff
              ? r.pick(words.STAFF_REPLIES)
              : r.pick(words.CUSTOMER_REPLIES),
          internal,
          // replies before the resolution; none after the last word
          created_at: iso(m === 0 && sla.firstRespondedAt !== null ? at : step(sla.resolvedAt ?? now)),
        });
      }
      // the status walks open → in progress → resolved → closed; resolved at the resolution time
      const steps = path.slice(0, path.indexOf(status) + 1);
      let last = d.createdAt;
      for (let s = 1; s < steps.length; s++) {
        const when =
          steps[s] === "resolved"
            ? (sla.resolvedAt ?? now)
            : steps[s] === "closed"
              ? Math.min((sla.resolvedAt ?? last) + r.int(1, 7 * 24) * HOUR, now)
              : Math.min(sla.firstRespondedAt ?? d.createdAt + 10 * 60_000, sla.resolvedAt ?? now);
        last = Math.max(last, when);
        history.push({
          ticket_id: id,
          from_status: steps[s - 1],
          to_status: steps[s],
          changed_by_id: staffId,
          note: null,
          created_at: iso(last),
        });
      }
      at = Math.max(at, last);
      ticketRecords.push({
        id,
        user_id: d.p.userId,
        purchase_id: d.p.id,
        subject: `${fitting[0].toUpperCase()}${fitting.slice(1)} in the ${room} ${problem}`,
        description: `The ${fitting} in our ${room} ${problem}. ${r.pick(words.CUSTOMER_DETAILS)}`,
        priority,
        status,
        assignee_id: assigneeId,
        ...sla.columns,
        created_at: iso(d.createdAt),
        updated_at: iso(at),
      });
    });
    await insertJson(t, "tickets", Object.keys(ticketRecords[0] ?? {}), ticketRecords);
    log(`${ticketRecords.length} tickets`);
    await insertJson(
      t,
      "ticket_status_history",
      ["ticket_id", "from_status", "to_status", "changed_by_id", "note", "created_at"],
      history,
    );
    await insertJson(
      t,
      "ticket_messages",
      ["ticket_id", "author_id", "body", "internal", "created_at"],
      messages,
    );
    log(`${messages.length} messages and ${history.length} status changes`);

    const enquiryRecords = Array.from({ length: counts.enquiries }, () => {
      const first = r.pick(words.FIRST_NAMES);
      const last = r.pick(words.LAST_NAMES);
      const createdAt = pastTime(r, now, FIVE_YEARS);
      const status = enquiryStatusFor(r, (now - createdAt) / DAY);
      return {
        name: `${first} ${last}`,
        email: `${slug(first)}.${slug(last)}${r.int(1, 9999)}@${r.pick(["example.in", "example.com"])}`,
        phone: phone(r),
        interest: r.pick(ENQUIRY_INTERESTS),
        message: r.pick(words.ENQUIRY_MESSAGES),
        source: r.pick(words.ENQUIRY_SOURCES),
        status,
        created_at: iso(createdAt),
        updated_at: iso(status === "new" ? createdAt : Math.min(createdAt + r.int(1, 10) * DAY, now)),
      };
    });
    enquiryRecords.sort((a, b) => a.created_at.localeCompare(b.created_at));
    await insertJson(t, "inquiries", Object.keys(enquiryRecords[0] ?? {}), enquiryRecords);
    log(`${enquiryRecords.length} enquiries`);

    return {
      staff: counts.staff,
      customers: customers.length,
      policies: policies.length,
      tickets: ticketRecords.length,
      messages: messages.length,
      history: history.length,
      enquiries: enquiryRecords.length,
    };
  });
  // Fresh statistics, or the planner takes the new tables for empty and reads them whole;
  // and a vacuum, which lets counts read the small indexes instead of the tables.
  for (const table of [
    "users",
    "purchases",
    "tickets",
    "ticket_messages",
    "ticket_status_history",
    "inquiries",
  ]) {
    await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
  }
  log("statistics updated");
  return result;
}
