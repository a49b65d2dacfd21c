import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import { queueBehindRowLock } from "../../../../tests/support/row-lock.ts";
import {
  activePolicyId,
  appForFile,
  createSignedInTestApp,
  DEMO_PASSWORD,
  login,
  raiseTicket,
} from "../../../../tests/support/test-app.ts";
import type { AdminTicketDetail, Ticket } from "../../../shared/schemas/ticket.ts";
import { ensureUser } from "../../db/seed/factories.ts";

/**
 * Two staff members acting on one ticket at the same moment, and writes that fail half-way:
 * every ticket command is one transaction that decides under the ticket's row lock.
 */
const t = appForFile(createSignedInTestApp);
let admin2: string;
let admin2Id: number;
let purchaseId: number;

beforeAll(async () => {
  admin2Id = (
    await ensureUser(t.database.db, {
      username: "second-admin",
      password: DEMO_PASSWORD,
      firstName: "Meena",
      lastName: "Iyer",
      email: "second-admin@hipws.example",
      role: "admin",
    })
  ).id;
  admin2 = await login(t.app, "second-admin");
  purchaseId = await activePolicyId(t.app, t.customer);
});

async function openTicket(): Promise<number> {
  const res = await raiseTicket(t.app, t.customer, {
    purchaseId,
    subject: "Drawer channel is jammed",
    description: "The lowest kitchen drawer no longer slides out past half way.",
  });
  expect(res.statusCode).toBe(201);
  return res.json<Ticket>().id;
}

const resolve = (id: number) => t.call("PATCH", `/api/admin/tickets/${id}`, t.admin, { status: "resolved" });
const assign = (id: number) => t.call("PATCH", `/api/admin/tickets/${id}/assign`, admin2);
const staffView = async (id: number) =>
  (await t.call("GET", `/api/admin/tickets/${id}`, t.admin)).json<AdminTicketDetail>();
const auditRows = (id: number) =>
  queryRows<{ action: string; details: Record<string, unknown> }>(
    t.database.db,
    sql`select action, details from audit_log where entity_type = 'ticket' and entity_id = ${id} order by id`,
  );

/** the resolve wins whichever runs first; the history and the audit tell one consistent story */
async function expectResolvedAndAssigned(id: number) {
  const view = await staffView(id);
  expect(view.ticket.status).toBe("resolved");
  expect(view.assignee?.id).toBe(admin2Id);
  const steps = view.history.map((h) => [h.fromStatus, h.toStatus]);
  for (let i = 1; i < steps.length; i++) expect(steps[i][0], JSON.stringify(steps)).toBe(steps[i - 1][1]);
  expect(steps.at(-1)?.[1]).toBe("resolved");
  const statusChanges = (await auditRows(id)).filter((r) => r.details.toStatus);
  expect(statusChanges.map((r) => r.details.toStatus).at(-1)).toBe("resolved");
}

describe("two staff members on one ticket", () => {
  it("assign and resolve sent together: resolved, assigned, one consistent history", async () => {
    for (const order of ["resolve first", "assign first"]) {
      const id = await openTicket();
      const [a, b] =
        order === "resolve first"
          ? await Promise.all([resolve(id), assign(id)])
          : await Promise.all([assign(id), resolve(id)]).then(([x, y]) => [y, x]);
      expect([a.statusCode, b.statusCode], order).toEqual([200, 200]);
      await expectResolvedAndAssigned(id);
    }
  });

  // PGlite runs one statement at a time: the requests above are all it can interleave
  it.runIf(process.env.TEST_DB === "postgres")(
    "an assign that waited behind a resolve does not reopen the ticket (real concurrency)",
    async () => {
      const id = await openTicket();
      const [r, a] = await queueBehindRowLock(t.database, "tickets", id, [
        () => resolve(id),
        () => assign(id),
      ]);
      expect([r.statusCode, a.statusCode]).toEqual([200, 200]);
      expect(a.json<Ticket>().status).toBe("resolved");
      await expectResolvedAndAssigned(id);
    },
  );
});

/**
 * Runs `write` while `table` refuses every row that fails `check` (existing rows are not
 * re-checked), so a write fails half-way the way a full disk would; the rule is dropped
 * afterwards whatever happened, leaving the database as the other tests expect it.
 */
async function whileDatabaseRefuses<T>(table: string, check: string, write: () => Promise<T>): Promise<T> {
  await t.database.db.execute(
    sql.raw(`alter table ${table} add constraint refused_in_test check (${check}) not valid`),
  );
  try {
    return await write();
  } finally {
    await t.database.db.execute(sql.raw(`alter table ${table} drop constraint refused_in_test`));
  }
}

describe("a write that fails half-way leaves nothing behind", () => {
  it("a staff reply whose audit row cannot be written stores no message and does not touch the ticket", async () => {
    const id = await openTicket();
    const before = await staffView(id);
    const auditBefore = await auditRows(id);
    // the database itself refuses the audit row, as a full disk or a dropped connection would
    const res = await whileDatabaseRefuses("audit_log", "action <> 'ticket.reply'", () =>
      t.call("POST", `/api/admin/tickets/${id}/messages`, t.admin, {
        body: "We will visit on Monday morning.",
        internal: false,
      }),
    );
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/audit_log|refused_in_test|constraint/);
    const after = await staffView(id);
    expect(after.messages).toEqual(before.messages);
    expect(after.ticket.updatedAt).toBe(before.ticket.updatedAt);
    expect(await auditRows(id)).toEqual(auditBefore);
  });

  it("a customer message whose ticket cannot be touched is not stored", async () => {
    const id = await openTicket();
    const before = await staffView(id);
    // any change to a ticket row now fails, after the message row has gone in
    const res = await whileDatabaseRefuses("tickets", "updated_at < '2000-01-01'", () =>
      t.call("POST", `/api/tickets/${id}/messages`, t.customer, {
        body: "The drawer is now stuck fully shut.",
      }),
    );
    expect(res.statusCode).toBe(500);
    const after = await staffView(id);
    expect(after.messages).toEqual(before.messages);
    expect(after.ticket.updatedAt).toBe(before.ticket.updatedAt);
  });
});
