import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import { queueBehindRowLock } from "../../../../tests/support/row-lock.ts";
import { appForFile, createSignedInTestApp } from "../../../../tests/support/test-app.ts";
import type { EnquiryRecord } from "../../../shared/schemas/enquiry.ts";
import { makePolicy } from "../../db/seed/factories.ts";

/**
 * Two staff members changing one policy or one enquiry at the same moment: the second
 * decides from what the first wrote, and the audit trail records the status each change
 * really replaced. On PGlite, which runs one statement at a time, the requests are sent
 * together; on PostgreSQL they are also queued behind a row lock in a chosen order.
 */
const t = appForFile(createSignedInTestApp);

const onPostgres = process.env.TEST_DB === "postgres";
const send = (method: "POST" | "PATCH", url: string, payload?: object) =>
  t.call(method, url, t.admin, payload);

async function pendingPolicy(): Promise<number> {
  const row = await makePolicy(t.database.db, {
    userId: t.demo.customer.id,
    planName: "Premium",
    startDate: "2026-06-01",
    status: "pending",
    propertyAddress: "14 Cathedral Road, Gopalapuram",
    propertyCity: "Chennai",
    propertyState: "Tamil Nadu",
  });
  return row.id;
}
const cancel = (id: number) =>
  send("POST", `/api/admin/purchases/${id}/cancel`, { reason: "Customer sold the flat" });
const activate = (id: number) => send("POST", `/api/admin/purchases/${id}/activate`);

/** each audited change starts from the status the one before it left */
async function expectAuditChain(entityType: string, id: number, initial: string) {
  const rows = await queryRows<{ details: { from: string; to: string } }>(
    t.database.db,
    sql`select details from audit_log where entity_type = ${entityType} and entity_id = ${id} order by id`,
  );
  let status = initial;
  for (const { details } of rows) {
    expect(details.from, JSON.stringify(rows)).toBe(status);
    status = details.to;
  }
  return status;
}

describe("two staff members on one policy", () => {
  it("cancel and activate sent together: cancelled, whichever ran first", async () => {
    const id = await pendingPolicy();
    const [c] = await Promise.all([cancel(id), activate(id)]);
    // activated then cancelled, or cancelled and the activation refused: never active
    expect(c.statusCode).toBe(200);
    expect(await expectAuditChain("purchase", id, "pending")).toBe("cancelled");
  });

  it.runIf(onPostgres)("an activation that waited behind a cancellation is refused", async () => {
    const id = await pendingPolicy();
    const [c, a] = await queueBehindRowLock(t.database, "purchases", id, [
      () => cancel(id),
      () => activate(id),
    ]);
    expect(c.statusCode).toBe(200);
    expect(a.statusCode).toBe(409);
    expect(a.json().message).toBe("Only a pending policy can be activated");
    expect(await expectAuditChain("purchase", id, "pending")).toBe("cancelled");
  });
});

describe("two staff members on one enquiry", () => {
  async function newEnquiry(): Promise<number> {
    await t.app.inject({
      method: "POST",
      url: "/api/inquiries",
      payload: {
        name: "Lakshmi Narayanan",
        email: "lakshmi@example.in",
        phone: "9840098400",
        interest: "b2c-premium",
        message: "Please call me about cover for our new modular kitchen.",
      },
    });
    const list = (
      await t.app.inject({ method: "GET", url: "/api/admin/inquiries", headers: { cookie: t.admin } })
    ).json<EnquiryRecord[]>();
    return list[0].id;
  }
  const setStatus = (id: number, status: string) => send("PATCH", `/api/admin/inquiries/${id}`, { status });

  it("two status changes at once are audited one after the other", async () => {
    const id = await newEnquiry();
    const both = [() => setStatus(id, "contacted"), () => setStatus(id, "converted")];
    const answers = onPostgres
      ? await queueBehindRowLock(t.database, "inquiries", id, both)
      : await Promise.all(both.map((f) => f()));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const final = await expectAuditChain("inquiry", id, "new");
    const [stored] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from inquiries where id = ${id}`,
    );
    expect(stored.status).toBe(final);
    if (onPostgres) expect(final).toBe("converted");
  });
});
