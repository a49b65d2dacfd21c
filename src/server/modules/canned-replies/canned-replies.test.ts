import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appForFile, createSignedInTestApp } from "../../../../tests/support/test-app.ts";
import { auditLog } from "../../db/schema.ts";

/**
 * Canned replies through the HTTP API as the console uses them: staff create, list, edit and
 * delete them; bad input is a 400 with a message that says what to fix and changes nothing;
 * customers and guests cannot read or write them.
 */
const t = appForFile(createSignedInTestApp);

const list = async () => (await t.call("GET", "/api/admin/canned-replies", t.admin)).json();

describe("canned replies", () => {
  let id: number;

  it("staff create one; it is listed by title, with who saved it, and audited", async () => {
    const res = await t.call("POST", "/api/admin/canned-replies", t.admin, {
      title: "  Visit booked  ",
      body: "Dear {{customer_name}}, a technician will visit for ticket {{ticket_number}}.",
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      title: "Visit booked",
      body: "Dear {{customer_name}}, a technician will visit for ticket {{ticket_number}}.",
    });
    expect(created.updatedByName).toBeTruthy();
    id = created.id;

    await t.call("POST", "/api/admin/canned-replies", t.admin, {
      title: "Asking for photos",
      body: "Please send photos.",
    });
    expect((await list()).map((r: { title: string }) => r.title)).toEqual([
      "Asking for photos",
      "Visit booked",
    ]);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "canned_reply"), eq(auditLog.entityId, id)));
    expect(audit.map((a) => a.action)).toEqual(["canned_reply_created"]);
  });

  it("refuses bad input with a clear 400 and changes nothing", async () => {
    const before = await list();
    const cases: [object, string][] = [
      [{ title: "", body: "x" }, "Title is required"],
      [{ title: "No text", body: "   " }, "Reply text is required"],
      [{ title: "x".repeat(121), body: "x" }, "Title must be at most 120 characters"],
      [{ title: "Long", body: "x".repeat(5001) }, "Reply text must be at most 5000 characters"],
      [
        { title: "Typo", body: "Hello {{custmer_name}}" },
        "Unknown placeholder {{custmer_name}}: use {{customer_name}} or {{ticket_number}}",
      ],
      [
        { title: "VISIT BOOKED", body: "Same title, other case" },
        "A canned reply with this title already exists",
      ],
      [{ title: "Extra", body: "x", owner: 1 }, ""],
    ];
    for (const [payload, message] of cases) {
      const res = await t.call("POST", "/api/admin/canned-replies", t.admin, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      if (message) expect(res.json().message).toBe(message);
      expect(res.body).not.toMatch(/select|insert|stack|at \//i);
    }
    const badId = await t.call("PUT", "/api/admin/canned-replies/abc", t.admin, { title: "x", body: "y" });
    expect(badId.statusCode).toBe(400);
    expect(await list()).toEqual(before);
  });

  it("staff edit one; a title taken by another is refused", async () => {
    const res = await t.call("PUT", `/api/admin/canned-replies/${id}`, t.admin, {
      title: "Technician visit booked",
      body: "Hello {{ customer_name }}, the visit is booked.",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, title: "Technician visit booked" });

    // keeping its own title (in another case) is fine
    const same = await t.call("PUT", `/api/admin/canned-replies/${id}`, t.admin, {
      title: "technician visit booked",
      body: "Hello again",
    });
    expect(same.statusCode).toBe(200);

    const clash = await t.call("PUT", `/api/admin/canned-replies/${id}`, t.admin, {
      title: "asking for photos",
      body: "x",
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toBe("A canned reply with this title already exists");
    expect((await list()).find((r: { id: number }) => r.id === id).title).toBe("technician visit booked");

    const missing = await t.call("PUT", "/api/admin/canned-replies/999999", t.admin, {
      title: "x",
      body: "y",
    });
    expect(missing.statusCode).toBe(404);
  });

  it("staff delete one; deleting it again is 404; both writes are audited", async () => {
    const res = await t.call("DELETE", `/api/admin/canned-replies/${id}`, t.admin);
    expect(res.statusCode).toBe(200);
    expect((await list()).some((r: { id: number }) => r.id === id)).toBe(false);
    expect((await t.call("DELETE", `/api/admin/canned-replies/${id}`, t.admin)).statusCode).toBe(404);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "canned_reply"), eq(auditLog.entityId, id)));
    expect(audit.map((a) => a.action).sort()).toEqual([
      "canned_reply_created",
      "canned_reply_deleted",
      "canned_reply_updated",
      "canned_reply_updated",
    ]);
  });

  it("customers and guests can neither read nor write them", async () => {
    const [one] = await list();
    expect((await t.call("GET", "/api/admin/canned-replies", t.customer)).statusCode).toBe(403);
    expect((await t.call("GET", "/api/admin/canned-replies")).statusCode).toBe(401);
    const write = await t.call("POST", "/api/admin/canned-replies", t.customer, { title: "Mine", body: "x" });
    expect(write.statusCode).toBe(403);
    expect(
      (await t.call("PUT", `/api/admin/canned-replies/${one.id}`, t.customer, { title: "x", body: "y" }))
        .statusCode,
    ).toBe(403);
    expect((await t.call("DELETE", `/api/admin/canned-replies/${one.id}`)).statusCode).toBe(401);
    expect(await list()).toEqual([one]);
  });
});
