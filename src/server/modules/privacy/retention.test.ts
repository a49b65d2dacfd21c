import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import { createTestApp, SAMPLE_ENQUIRY, type TestApp } from "../../../../tests/support/test-app.ts";
import { ANONYMISED, anonymiseOldEnquiries } from "./retention.ts";

/**
 * Enquiries lose the sender's details once ENQUIRY_RETENTION_MONTHS have passed: once,
 * whoever runs the job and however many run it at the same moment.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

/** an enquiry sent through the form, then dated back to `createdAt` */
async function enquiry(createdAt: string, email: string): Promise<number> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/inquiries",
    payload: { ...SAMPLE_ENQUIRY, email },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  await t.database.db.execute(
    sql`update inquiries set created_at = ${createdAt}::timestamptz where id = ${id}`,
  );
  return id;
}

describe("enquiry retention", () => {
  it("anonymises enquiries older than the period and nothing newer; a second run finds nothing", async () => {
    const now = new Date("2026-11-23T06:00:00Z");
    const old = await enquiry("2024-11-01T00:00:00Z", "old@example.in");
    const edge = await enquiry("2024-11-23T06:00:01Z", "edge@example.in");
    const recent = await enquiry("2026-10-01T00:00:00Z", "recent@example.in");

    expect(await anonymiseOldEnquiries({ db: t.database.db, now, months: 24 })).toBe(1);
    const byId = new Map(
      (
        await rows<{
          id: number;
          name: string;
          email: string;
          phone: string;
          message: string;
          interest: string;
          anonymised_at: unknown;
        }>(
          sql`select id, name, email, phone, message, interest, anonymised_at from inquiries where id in (${old}, ${edge}, ${recent})`,
        )
      ).map((r) => [r.id, r]),
    );
    expect(byId.get(old)).toMatchObject({
      name: ANONYMISED,
      email: ANONYMISED,
      phone: ANONYMISED,
      message: ANONYMISED,
      interest: "custom",
    });
    expect(byId.get(old)?.anonymised_at).not.toBeNull();
    expect(byId.get(edge)).toMatchObject({ email: "edge@example.in", anonymised_at: null });
    expect(byId.get(recent)).toMatchObject({ email: "recent@example.in", anonymised_at: null });

    expect(await anonymiseOldEnquiries({ db: t.database.db, now, months: 24 })).toBe(0);
    // a shorter period reaches further
    expect(await anonymiseOldEnquiries({ db: t.database.db, now, months: 1 })).toBe(2);

    // every run is audited with its count
    const [audit] = await rows<{ details: { count: number; months: number } }>(
      sql`select details from audit_log where action = 'enquiries_anonymised' order by id limit 1`,
    );
    expect(audit.details).toMatchObject({ count: 1, months: 24 });
    const runs = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'enquiries_anonymised'`,
    );
    expect(runs[0].n).toBe(3);
  });

  it("runs started together anonymise each enquiry once between them", async () => {
    const now = new Date("2030-01-01T00:00:00Z");
    for (let i = 0; i < 20; i++) await enquiry("2027-01-01T00:00:00Z", `many${i}@example.in`);
    const counts = await Promise.all(
      Array.from({ length: 4 }, () => anonymiseOldEnquiries({ db: t.database.db, now, months: 24 })),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
    const left = await rows<{ n: number }>(
      sql`select count(*)::int as n from inquiries where email like 'many%' and anonymised_at is null`,
    );
    expect(left[0].n).toBe(0);
  });
});
