/**
 * What the staff console at scale measures (staff-scale.ts): every call a staff member makes
 * on the console's lists, search, find box, counters, metrics and exports, as addresses on the
 * production server. A row may hold several addresses (filter combinations): its figures are
 * over all their calls, and it names the slowest.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";
import { rowsOf } from "../../src/server/db/rows.ts";
import { addDays, todayInIndia } from "../../src/shared/dates.ts";
import { ENQUIRY_INTERESTS, ENQUIRY_STATUSES } from "../../src/shared/schemas/enquiry.ts";
import { POLICY_STATUSES } from "../../src/shared/schemas/policy.ts";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "../../src/shared/schemas/ticket.ts";
import { TICKET_SORTS } from "../../src/shared/ticket-sorts.ts";
import { searchSample } from "./staff-lists.ts";

export interface ScaleCallSpec {
  name: string;
  paths: string[];
  /** an export: timed to its first byte, and its size has no limit */
  firstByte?: boolean;
}

/** a word most tickets' subjects share ("in the kitchen", "in the master bedroom"), and one none has */
export const SEARCH_WORDS = { common: "bedroom", rare: "termite" } as const;

/** the values the calls search and filter by, read from the data before the server starts */
export async function scaleSample(db: Db) {
  const sample = await searchSample(db);
  if (!sample) return undefined;
  const [cities] = await rowsOf<{ common: string; rare: string }>(
    db.execute(sql`select (array_agg(property_city order by n desc))[1] as common,
        (array_agg(property_city order by n))[1] as rare
      from (select property_city, count(*) as n from purchases group by 1) c`),
  );
  const [ids] = await rowsOf<{ plan: number; staff: number }>(
    db.execute(sql`select (select min(plan_id) from purchases) as plan,
      (select assignee_id from tickets where status in ('open', 'in_progress') and assignee_id is not null
        group by 1 order by count(*) desc limit 1) as staff`),
  );
  return { ...sample, ...cities, plan: Number(ids.plan), staff: Number(ids.staff ?? 1) };
}

export type ScaleSample = NonNullable<Awaited<ReturnType<typeof scaleSample>>>;

const query = (path: string, params: Record<string, string | undefined>) => {
  const q = new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ""),
  ).toString();
  return q ? `${path}?${q}` : path;
};

/**
 * `count` combinations of a list's filters, each filter's choices taken in turn at its own
 * pace (strides prime to each other), so every choice of every filter appears, beside many
 * different others, the same in every run.
 */
export function combinations(count: number, choices: Record<string, (string | undefined)[]>) {
  const names = Object.keys(choices);
  const strides = [1, 3, 5, 7, 11, 13, 17, 19, 23];
  return Array.from({ length: count }, (_, i) =>
    Object.fromEntries(
      names.map((name, j) => {
        const options = choices[name];
        return [name, options[(i * strides[j % strides.length] + j) % options.length]];
      }),
    ),
  );
}

/** the calls, in the table's order; `deep` is the address of the ticket list's page 201 */
export function scaleCalls(s: ScaleSample, deep: string): ScaleCallSpec[] {
  const today = todayInIndia();
  const tickets = "/api/admin/tickets";
  const policies = "/api/admin/purchases";
  const customers = "/api/admin/customers";
  const enquiries = "/api/admin/inquiries";
  const dir = [undefined, "asc", "desc"];
  const days: [string | undefined, string | undefined][] = [
    [undefined, undefined],
    [addDays(today, -29), today],
    [addDays(today, -1200), addDays(today, -1170)],
    [addDays(today, -365), undefined],
  ];
  const withDays = (combo: Record<string, string | undefined>) => {
    const [from, to] = days[Number(combo.days ?? 0)];
    const { days: _days, ...rest } = combo;
    return { ...rest, from, to };
  };
  const dayChoices = days.map((_, i) => String(i));
  const statusPairs = TICKET_STATUSES.flatMap((status) =>
    [...TICKET_PRIORITIES, "high,urgent"].map((priority) => query(tickets, { status, priority })),
  );
  const ticketCombos = combinations(48, {
    status: [undefined, "all", ...TICKET_STATUSES, "open,in_progress", "resolved,closed"],
    priority: [undefined, ...TICKET_PRIORITIES, "high,urgent"],
    assignee: [undefined, "mine", "unassigned", String(s.staff)],
    city: [undefined, s.common, s.rare],
    plan: [undefined, String(s.plan)],
    days: dayChoices,
    sort: [undefined, ...TICKET_SORTS],
    dir,
  }).map((c) => query(tickets, withDays(c)));
  const policyCombos = combinations(24, {
    status: [undefined, ...POLICY_STATUSES, "active,expired"],
    city: [undefined, s.common, s.rare],
    plan: [undefined, String(s.plan)],
    days: dayChoices,
    sort: [undefined, "created", "updated", "status"],
    dir,
  }).map((c) => query(policies, withDays(c)));
  const customerCombos = combinations(12, {
    city: [undefined, s.common, s.rare],
    sort: [undefined, "name", "created", "updated"],
    dir,
  }).map((c) => query(customers, c));
  const enquiryCombos = combinations(24, {
    status: [undefined, ...ENQUIRY_STATUSES, "new,contacted"],
    interest: [undefined, ...ENQUIRY_INTERESTS],
    days: dayChoices,
    sort: [undefined, "created", "updated", "status"],
    dir,
  }).map((c) => query(enquiries, withDays(c)));
  // the console searches every status (src/web/features/admin/ticket-view.ts)
  const search = (q: string) => query(tickets, { status: "all", q });
  const find = (text: string) => [query("/api/admin/find", { q: text })];
  return [
    { name: "tickets: first page (the queue)", paths: [tickets] },
    {
      name: "tickets: open + in progress, high + urgent, oldest first",
      paths: [query(tickets, { status: "open,in_progress", priority: "high,urgent", dir: "asc" })],
    },
    { name: `tickets: each status with each priority (${statusPairs.length} filters)`, paths: statusPairs },
    {
      name: `tickets: ${ticketCombos.length} combinations of status, priority, assignee, city, plan, dates, sort`,
      paths: ticketCombos,
    },
    { name: "tickets: page 201 of every ticket, newest first", paths: [deep] },
    { name: "tickets: search by customer e-mail", paths: [search(s.email)] },
    { name: "tickets: search by phone", paths: [search(s.phone)] },
    { name: "tickets: search by policy number", paths: [search(s.policy_number)] },
    {
      name: `tickets: search by a common word ("${SEARCH_WORDS.common}")`,
      paths: [search(SEARCH_WORDS.common)],
    },
    { name: `tickets: search by a rare word ("${SEARCH_WORDS.rare}")`, paths: [search(SEARCH_WORDS.rare)] },
    { name: "policies: first page", paths: [policies] },
    {
      name: `policies: ${policyCombos.length} combinations of status, city, plan, dates, sort`,
      paths: policyCombos,
    },
    { name: "policies: search by policy number", paths: [query(policies, { q: s.policy_number })] },
    { name: "customers: first page", paths: [customers] },
    {
      name: `customers: ${customerCombos.length} combinations of city and sort`,
      paths: customerCombos,
    },
    { name: "customers: search by a common surname", paths: [query(customers, { q: "Iyer" })] },
    { name: "enquiries: first page", paths: [enquiries] },
    {
      name: `enquiries: ${enquiryCombos.length} combinations of status, interest, dates, sort`,
      paths: enquiryCombos,
    },
    { name: "enquiries: search by phone", paths: [query(enquiries, { q: s.phone })] },
    { name: "find box: a customer's e-mail", paths: find(s.email) },
    { name: "find box: a common surname", paths: find("Iyer") },
    { name: "find box: a phone", paths: find(s.phone) },
    { name: "find box: a policy number", paths: find(s.policy_number) },
    { name: "find box: a ticket number", paths: find(`#${s.ticket_id}`) },
    { name: "counters (`GET /api/admin/stats`)", paths: ["/api/admin/stats"] },
    { name: "metrics: last 30 days", paths: ["/api/admin/metrics?period=30"] },
    { name: "metrics: last 90 days", paths: ["/api/admin/metrics?period=90"] },
    { name: "CSV export: every enquiry, first byte", paths: ["/api/admin/inquiries.csv"], firstByte: true },
    {
      name: "CSV export: metrics of the last 90 days, first byte",
      paths: ["/api/admin/metrics.csv?period=90"],
      firstByte: true,
    },
  ];
}
