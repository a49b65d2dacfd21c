import { spawnSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import { program } from "../../../../tests/support/server-process.ts";
import { freshDatabase } from "../../../../tests/support/test-app.ts";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "../../../shared/schemas/ticket.ts";
import { applySlaEvent } from "../../modules/sla/sla.service.ts";
import type { Database } from "../client.ts";
import { seedScale } from "./scale.ts";

const TABLES = ["users", "purchases", "tickets", "ticket_messages", "ticket_status_history", "inquiries"];

let database: Database;
const now = new Date("2026-03-01T06:00:00Z");
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(database.db, query))[0];

describe("seed:scale", () => {
  it("makes N tickets, N/5 customers, N/2 policies and enquiries, with every status, priority and city", async () => {
    const result = await seedScale(database.db, { tickets: 200, seed: 42, password: "scale-password", now });
    expect(result).toMatchObject({ tickets: 200, customers: 40, policies: 100, enquiries: 100 });

    const counts = await one<Record<string, number>>(sql`select
      (select count(*)::int from users where role = 'customer') as customers,
      (select count(*)::int from users where role = 'admin') as staff,
      (select count(*)::int from purchases) as policies,
      (select count(*)::int from tickets) as tickets,
      (select count(*)::int from inquiries) as enquiries,
      (select count(*)::int from ticket_messages) as messages,
      (select count(*)::int from ticket_status_history) as history`);
    expect(counts).toMatchObject({ customers: 40, staff: 3, policies: 100, tickets: 200, enquiries: 100 });
    // about three messages a ticket, and at least the "raised" entry of each one's history
    expect(counts.messages).toBeGreaterThan(400);
    expect(counts.messages).toBeLessThan(800);
    expect(counts.history).toBeGreaterThanOrEqual(200);

    const statuses = await queryRows<{ s: string }>(
      database.db,
      sql`select distinct status::text as s from tickets`,
    );
    expect(statuses.map((r) => r.s).sort()).toEqual([...TICKET_STATUSES].sort());
    const priorities = await queryRows<{ p: string }>(
      database.db,
      sql`select distinct priority::text as p from tickets`,
    );
    expect(priorities.map((r) => r.p).sort()).toEqual([...TICKET_PRIORITIES].sort());
    const cities = await one<{ missing: number }>(
      sql`select count(*)::int as missing from cities c where not exists (select 1 from users u where u.role = 'customer' and u.city = c.name)`,
    );
    expect(cities.missing).toBe(0);

    // a ticket's history walks from "open" to its current status; its customer holds its policy
    const inconsistent = await one<{ n: number }>(sql`select count(*)::int as n from tickets t
      join purchases p on p.id = t.purchase_id
      where p.user_id <> t.user_id
         or (select h.to_status from ticket_status_history h where h.ticket_id = t.id order by h.created_at desc, h.id desc limit 1) <> t.status
         or t.updated_at < t.created_at or t.created_at > ${now.toISOString()}`);
    expect(inconsistent.n).toBe(0);

    const span = await one<{ days: number }>(
      sql`select (extract(epoch from max(created_at) - min(created_at)) / 86400)::int as days from tickets`,
    );
    expect(span.days).toBeGreaterThan(3 * 365);
  });

  it("gives each ticket the service level real traffic leaves: targets, first replies, resolutions, some missed", async () => {
    const sla = await one<Record<string, number>>(sql`select
      count(*)::int as tickets,
      count(*) filter (where t.sla_response_minutes = st.first_response_minutes
        and t.sla_resolution_minutes = st.resolution_minutes)::int as on_their_targets,
      count(*) filter (where t.status in ('open', 'in_progress'))::int as running,
      count(*) filter (where t.status in ('open', 'in_progress') and t.sla_due_at is not null)::int as clocked,
      count(*) filter (where t.status in ('resolved', 'closed'))::int as settled,
      count(*) filter (where t.status in ('resolved', 'closed') and t.resolved_at is not null
        and t.first_responded_at is not null and t.sla_due_at is null)::int as settled_in_full,
      count(*) filter (where t.status = 'open' and t.first_responded_at is null)::int as awaiting_reply,
      count(*) filter (where t.first_responded_at is not null)::int as answered,
      count(*) filter (where t.response_breached_at is not null or t.resolution_breached_at is not null)::int as breached,
      count(*) filter (where t.first_responded_at < t.created_at or t.resolved_at < t.first_responded_at
        or t.resolved_at > ${now.toISOString()} or t.first_responded_at > ${now.toISOString()})::int as out_of_order
      from tickets t
      join purchases p on p.id = t.purchase_id join plans pl on pl.id = p.plan_id
      join sla_targets st on st.priority = t.priority and st.plan_tier = pl.name
      where t.id in (select id from tickets order by id limit 200)`);
    expect(sla.tickets).toBe(200);
    expect(sla.on_their_targets).toBe(200);
    expect(sla.clocked).toBe(sla.running);
    expect(sla.settled_in_full).toBe(sla.settled);
    expect(sla.awaiting_reply).toBeGreaterThan(0);
    expect(sla.answered).toBeGreaterThan(100);
    expect(sla.breached).toBeGreaterThan(10);
    expect(sla.breached).toBeLessThan(190);
    expect(sla.out_of_order).toBe(0);
    // each answered ticket's first staff reply the customer sees is at its first-response time
    const replies = await one<{ n: number }>(sql`select count(*)::int as n from tickets t
      where t.first_responded_at is not null and t.id in (select id from tickets order by id limit 200)
        and not exists (select 1 from ticket_messages m where m.ticket_id = t.id and not m.internal
          and m.author_id <> t.user_id and m.created_at = t.first_responded_at)`);
    expect(replies.n).toBe(0);

    // the running clocks are the product's own: recomputing them changes nothing
    const running = await queryRows<{ id: number; due: string; warn: string }>(
      database.db,
      sql`select id, sla_due_at::text as due, sla_warn_at::text as warn from tickets
        where status in ('open', 'in_progress') and id in (select id from tickets order by id limit 200) order by id`,
    );
    expect(running.length).toBeGreaterThan(0);
    const again: { id: number; due: number | undefined; warn: number | undefined }[] = [];
    // recomputed inside a transaction that is then undone, so the data stays as generated
    await database.db
      .transaction(async (tx) => {
        for (const r of running) {
          const after = await applySlaEvent(tx, r.id, { kind: "targets" }, now);
          again.push({ id: r.id, due: after?.slaDueAt?.getTime(), warn: after?.slaWarnAt?.getTime() });
        }
        tx.rollback();
      })
      .catch(() => {});
    expect(again).toEqual(
      running.map((r) => ({ id: r.id, due: Date.parse(r.due), warn: Date.parse(r.warn) })),
    );
  });

  it("gives the same data for the same seed, and runs again on a database that has data", async () => {
    const batch = async (seed: number) => {
      await seedScale(database.db, { tickets: 20, seed, password: "scale-password", now });
      return queryRows<{ subject: string; priority: string; status: string; created_at: string }>(
        database.db,
        sql`select subject, priority, status, created_at::text from
          (select * from tickets order by id desc limit 20) t order by id`,
      );
    };
    const first = await batch(5);
    const again = await batch(5);
    const other = await batch(6);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });

  it("leaves every index and foreign key of the tables it fills as it found them, and nothing behind when it fails", async () => {
    // the definitions as PostgreSQL prints them, with each foreign key's validity
    const shape = () =>
      queryRows<{ def: string }>(
        database.db,
        sql`select pg_get_indexdef(indexrelid) as def from pg_index
              where indrelid = any(string_to_array(${TABLES.join(",")}, ',')::regclass[])
            union all
            select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) || ' ' || convalidated
              from pg_constraint where conrelid = any(string_to_array(${TABLES.join(",")}, ',')::regclass[])
            order by 1`,
      );
    const counts = () =>
      one<Record<string, number>>(sql`select (select count(*)::int from users) as users,
        (select count(*)::int from tickets) as tickets, (select count(*)::int from ticket_messages) as messages`);
    const before = await shape();
    expect(before.map((r) => r.def)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^CREATE INDEX tickets_subject_trgm_idx .* USING gin \(subject gin_trgm_ops\)$/,
        ),
        expect.stringMatching(/^CREATE UNIQUE INDEX users_email_lower_idx .*\(lower\(email\)\)$/),
        expect.stringMatching(/^ticket_messages ticket_messages_ticket_id_tickets_id_fk FOREIGN KEY/),
      ]),
    );
    await seedScale(database.db, { tickets: 30, seed: 9, password: "scale-password", now });
    expect(await shape()).toEqual(before);

    // without the targets of one priority the generator stops part-way: the transaction is undone
    const had = await counts();
    const urgent = await queryRows<Record<string, unknown>>(
      database.db,
      sql`delete from sla_targets where priority = 'urgent' returning *`,
    );
    try {
      await expect(
        seedScale(database.db, { tickets: 30, seed: 9, password: "scale-password", now }),
      ).rejects.toThrow(/No service-level target/);
    } finally {
      await database.db.execute(
        sql`insert into sla_targets select * from json_populate_recordset(null::sla_targets, ${JSON.stringify(urgent)}::json)`,
      );
    }
    expect(await counts()).toEqual(had);
    expect(await shape()).toEqual(before);
  });

  it("refuses to run with NODE_ENV=production and explains its arguments", () => {
    const run = (args: string[], env: Record<string, string>) =>
      spawnSync(process.execPath, [...program("seed-scale"), ...args], {
        env: { ...process.env, DATABASE_URL: "", DATA_DIR: "/nonexistent", ...env },
        encoding: "utf8",
        timeout: 30_000,
      });
    const production = run(["--tickets", "10"], { NODE_ENV: "production" });
    expect(production.status).toBe(1);
    expect(production.stderr).toMatch(/Refusing to generate volume data with NODE_ENV=production/);
    const bad = run(["--tickets", "lots"], { NODE_ENV: "development" });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/Usage: npm run seed:scale -- --tickets N/);
    // two start-ups of the command, each up to 30 s on a busy machine
  }, 70_000);
});
