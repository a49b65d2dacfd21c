import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import { queueBehindRowLock } from "../../../../tests/support/row-lock.ts";
import { appForFile, createSignedInTestApp } from "../../../../tests/support/test-app.ts";

/**
 * Two staff members editing one canned reply at the same moment, or one editing it while
 * another deletes it: each edit decides from the row it locked, so the audit trail records
 * the title each edit really replaced, and an edit that waited behind a deletion is a 404.
 * On PostgreSQL the requests are queued behind a row lock in a chosen order; PGlite runs
 * one statement at a time, so it has no such race to show.
 */
const t = appForFile(createSignedInTestApp);

const onPostgres = process.env.TEST_DB === "postgres";
const send = (method: "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.call(method, url, t.admin, payload);

async function newReply(title: string): Promise<number> {
  const res = await send("POST", "/api/admin/canned-replies", { title, body: "We will call you today." });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const edit = (id: number, title: string) =>
  send("PUT", `/api/admin/canned-replies/${id}`, { title, body: "We will call you today." });

describe.runIf(onPostgres)("two staff members on one canned reply", () => {
  it("the second of two edits records the title the first one wrote", async () => {
    const id = await newReply("Call back today");
    const [first, second] = await queueBehindRowLock(t.database, "canned_replies", id, [
      () => edit(id, "Call back this morning"),
      () => edit(id, "Call back this evening"),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const audits = await queryRows<{ details: { from: string; to: string } }>(
      t.database.db,
      sql`select details from audit_log
          where entity_type = 'canned_reply' and entity_id = ${id} and action = 'canned_reply_updated'
          order by id`,
    );
    expect(audits.map((a) => [a.details.from, a.details.to])).toEqual([
      ["Call back today", "Call back this morning"],
      ["Call back this morning", "Call back this evening"],
    ]);
  });

  it("an edit that waited behind a deletion answers 404 and records nothing", async () => {
    const id = await newReply("Visit tomorrow");
    const [deleted, edited] = await queueBehindRowLock(t.database, "canned_replies", id, [
      () => send("DELETE", `/api/admin/canned-replies/${id}`),
      () => edit(id, "Visit on Friday"),
    ]);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(edited.statusCode, edited.body).toBe(404);
    expect(edited.json().message).toBe("Canned reply not found");
    const updates = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log
          where entity_type = 'canned_reply' and entity_id = ${id} and action = 'canned_reply_updated'`,
    );
    expect(updates[0].n).toBe(0);
  });
});
