import { sql } from "drizzle-orm";
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
import { rowsOf } from "../rows.ts";
import { bulkTransaction, reserveIds, setAsideIndexes } from "./bulk-load.ts";
import * as words from "./scale-data.ts";

/**
 * The volume generator behind `npm run seed:scale -- --tickets N`: customers (N/5), policies
 * (N/2), tickets (N) with about three messages, their status history and their service-level
 * clock each, and enquiries (N/2), spread over five years and all 39 cities, the same for the
 * same seed.
 *
 * Speed comes from one password hash shared by every generated account (an argon2 hash costs
 * ~50 ms, a minute per thousand users); ids reserved from the sequences up front, so rows can
 * refer to each other without reading anything back; and the bulk load of bulk-load.ts: rows
 * streamed with COPY as they are made, never all held at once, into tables whose secondary
 * indexes and foreign keys are made again once the rows are in.
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

/** the tables the generator fills */
const TABLES = ["users", "purchases", "tickets", "ticket_messages", "ticket_status_history", "inquiries"];
const DAY = 86_400_000;
const HOUR = 3_600_000;

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

/** the service-level columns of a ticket, as serviceLevel gives them */
const SLA_COLUMNS = [
  "sla_response_minutes",
  "sla_resolution_minutes",
  "first_responded_at",
  "resolved_at",
  "sla_due_at",
  "sla_warn_at",
  "sla_warned_at",
  "response_breached_at",
  "resolution_breached_at",
] as const;

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
    // in the order of SLA_COLUMNS
    columns: [
      targets.response,
      targets.resolution,
      firstRespondedAt === null ? null : iso(firstRespondedAt),
      resolvedAt === null ? null : iso(resolvedAt),
      clock.dueAt?.toISOString() ?? null,
      warnAt === null ? null : iso(warnAt),
      warnAt !== null && warnAt <= now ? iso(warnAt) : null,
      responseBreached === null ? null : iso(responseBreached),
      resolutionBreached === null ? null : iso(resolutionBreached),
    ],
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

  const cities = await rowsOf<{ name: string; state: string }>(
    db.execute(sql`select name, state from cities order by id`),
  );
  const plans = await rowsOf<{ id: number; name: string; price: number; duration: number }>(
    db.execute(sql`select id, name, price, duration from plans where type = 'B2C' order by sort_order, id`),
  );
  if (cities.length === 0 || plans.length === 0)
    throw new Error("The base content (cities, plans) is missing.");
  // the service-level targets by plan and priority, and the holidays their clocks skip
  const targetRows = await rowsOf<{ tier: string; priority: string; response: number; resolution: number }>(
    db.execute(sql`select plan_tier as tier, priority::text as priority, first_response_minutes as response,
          resolution_minutes as resolution from sla_targets`),
  );
  const targetsOf = new Map(targetRows.map((x) => [`${x.tier}/${x.priority}`, x]));
  const holidayDays: HolidaySet = new Set(
    (await rowsOf<{ day: string }>(db.execute(sql`select day::text as day from holidays`))).map((x) => x.day),
  );
  // plans other than the three B2C ones run under Essential's targets, as the product's do
  const tierOf = (plan: string) => (["Essential", "Premium", "Elite"].includes(plan) ? plan : "Essential");
  const passwordHash = await hashPassword(opts.password);

  const result = await bulkTransaction(db, async (load) => {
    const rebuild = await setAsideIndexes(load, TABLES);
    log("indexes and foreign keys set aside");

    // staff and customers: ids reserved first, then handed out in order of sign-up date
    const firstUserId = await reserveIds(load, "users", counts.staff + counts.customers);
    const people = Array.from({ length: counts.staff + counts.customers }, (_, i) => {
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
    const users = load.writer("users", [
      "id",
      "first_name",
      "last_name",
      "username",
      "email",
      "password_hash",
      "phone",
      "address",
      "city",
      "state",
      "pincode",
      "role",
      "created_at",
      "updated_at",
    ]);
    for (const [i, p] of people.entries()) {
      const id = firstUserId + i;
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
      users.add([
        id,
        first,
        last,
        handle,
        p.staff
          ? `${handle}@hipws.example`
          : `${handle}@${r.pick(["example.in", "example.com", "mail.example"])}`,
        passwordHash,
        phone(r),
        `${r.int(1, 40)}${r.pick(["A", "B", "C", ""])}, ${r.pick(words.APARTMENTS)}, ${r.int(1, 120)} ${r.pick(words.STREETS)}`,
        city.name,
        city.state,
        `${words.PIN_PREFIX[city.name] ?? "600"}${String(r.int(1, 120)).padStart(3, "0")}`,
        p.staff ? "admin" : "customer",
        iso(p.createdAt),
        iso(Math.min(p.createdAt + r.int(0, 30) * DAY, now)),
      ]);
      if (i % 1_000 === 0) await load.drain();
    }
    log(`${counts.staff} staff and ${customers.length} customers`);

    // policies: bought after the customer signed up, starting on the day or within a month
    const firstPolicyId = await reserveIds(load, "purchases", counts.policies);
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
    const purchases = load.writer("purchases", [
      "id",
      "user_id",
      "plan_id",
      "policy_number",
      "property_address",
      "property_city",
      "property_state",
      "property_pincode",
      "start_date",
      "end_date",
      "total_amount",
      "status",
      "cancel_reason",
      "created_at",
      "updated_at",
    ]);
    for (const [i, d] of drafts.entries()) {
      const id = firstPolicyId + i;
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
      purchases.add([
        id,
        d.owner.id,
        plan.id,
        policyNumberFor(id, startDate),
        `Flat ${r.int(1, 20)}${r.pick(["A", "B", "C", "D"])}, ${r.pick(words.APARTMENTS)}, ${r.pick(words.STREETS)}`,
        city.name,
        city.state,
        `${words.PIN_PREFIX[city.name] ?? "600"}${String(r.int(1, 120)).padStart(3, "0")}`,
        startDate,
        endDate,
        plan.price * 100,
        status,
        status === "cancelled" ? "Customer sold the property before the start date" : null,
        iso(d.createdAt),
        iso(d.createdAt),
      ]);
      if (i % 1_000 === 0) await load.drain();
    }
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
    const firstTicketId = await reserveIds(load, "tickets", counts.tickets);
    const ticketDrafts = Array.from({ length: counts.tickets }, () => {
      const createdAt = pastTime(r, now - HOUR, now - HOUR - firstStart);
      const inCover = coveredBy(createdAt);
      let p = started[r.int(0, inCover - 1)];
      for (let tries = 0; tries < 5 && p.end < createdAt; tries++) p = started[r.int(0, inCover - 1)];
      return { p, createdAt };
    });
    ticketDrafts.sort((a, b) => a.createdAt - b.createdAt);
    const tickets = load.writer("tickets", [
      "id",
      "user_id",
      "purchase_id",
      "subject",
      "description",
      "priority",
      "status",
      "assignee_id",
      ...SLA_COLUMNS,
      "created_at",
      "updated_at",
    ]);
    const history = load.writer("ticket_status_history", [
      "ticket_id",
      "from_status",
      "to_status",
      "changed_by_id",
      "note",
      "created_at",
    ]);
    const messages = load.writer("ticket_messages", [
      "ticket_id",
      "author_id",
      "body",
      "internal",
      "created_at",
    ]);
    const path = TICKET_STATUSES;
    for (const [i, d] of ticketDrafts.entries()) {
      const id = firstTicketId + i;
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
      history.add([id, null, "open", d.p.userId, "Ticket raised", iso(d.createdAt)]);
      // the conversation: the first reply the customer sees is staff's, at the first-response
      // time; a ticket nobody has answered yet has only the customer's words and internal notes
      const talk = sla.firstRespondedAt === null ? r.int(0, 2) : r.int(1, 5);
      if (sla.firstRespondedAt !== null) at = sla.firstRespondedAt;
      for (let m = 0; m < talk; m++) {
        const fromStaff = m % 2 === 0;
        const internal = sla.firstRespondedAt === null ? fromStaff : m > 0 && fromStaff && r.chance(0.15);
        messages.add([
          id,
          fromStaff ? staffId : d.p.userId,
          internal
            ? r.pick(words.INTERNAL_NOTES)
            : fromStaff
              ? r.pick(words.STAFF_REPLIES)
              : r.pick(words.CUSTOMER_REPLIES),
          internal,
          // replies before the resolution; none after the last word
          iso(m === 0 && sla.firstRespondedAt !== null ? at : step(sla.resolvedAt ?? now)),
        ]);
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
        history.add([id, steps[s - 1], steps[s], staffId, null, iso(last)]);
      }
      at = Math.max(at, last);
      tickets.add([
        id,
        d.p.userId,
        d.p.id,
        `${fitting[0].toUpperCase()}${fitting.slice(1)} in the ${room} ${problem}`,
        `The ${fitting} in our ${room} ${problem}. ${r.pick(words.CUSTOMER_DETAILS)}`,
        priority,
        status,
        assigneeId,
        ...sla.columns,
        iso(d.createdAt),
        iso(at),
      ]);
      if (i % 1_000 === 0) await load.drain();
    }
    log(`${tickets.rows} tickets, ${messages.rows} messages and ${history.rows} status changes`);

    const enquiryDrafts = Array.from({ length: counts.enquiries }, () => {
      const first = r.pick(words.FIRST_NAMES);
      const last = r.pick(words.LAST_NAMES);
      const createdAt = pastTime(r, now, FIVE_YEARS);
      return { first, last, createdAt, status: enquiryStatusFor(r, (now - createdAt) / DAY) };
    });
    enquiryDrafts.sort((a, b) => a.createdAt - b.createdAt);
    const enquiries = load.writer("inquiries", [
      "name",
      "email",
      "phone",
      "interest",
      "message",
      "source",
      "status",
      "created_at",
      "updated_at",
    ]);
    for (const [i, e] of enquiryDrafts.entries()) {
      enquiries.add([
        `${e.first} ${e.last}`,
        `${slug(e.first)}.${slug(e.last)}${r.int(1, 9999)}@${r.pick(["example.in", "example.com"])}`,
        phone(r),
        r.pick(ENQUIRY_INTERESTS),
        r.pick(words.ENQUIRY_MESSAGES),
        r.pick(words.ENQUIRY_SOURCES),
        e.status,
        iso(e.createdAt),
        iso(e.status === "new" ? e.createdAt : Math.min(e.createdAt + r.int(1, 10) * DAY, now)),
      ]);
      if (i % 1_000 === 0) await load.drain();
    }
    await load.finish();
    log(`${enquiries.rows} enquiries`);
    await rebuild();
    log("indexes and foreign keys made again");

    return {
      staff: counts.staff,
      customers: customers.length,
      policies: policies.length,
      tickets: tickets.rows,
      messages: messages.rows,
      history: history.rows,
      enquiries: enquiries.rows,
    };
  });
  // Fresh statistics, or the planner takes the new tables for empty and reads them whole;
  // and a vacuum, which lets counts read the small indexes instead of the tables. Each table
  // on a connection of its own where there are several (PostgreSQL).
  await Promise.all(TABLES.map((table) => db.execute(sql`vacuum analyze ${sql.identifier(table)}`)));
  log("statistics updated");
  return result;
}
