import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { tableCounts as countRows } from "../../tests/support/db-rows.ts";
import {
  appForFile,
  createSignedInTestApp,
  raiseTicket,
  sessionCookie,
} from "../../tests/support/test-app.ts";
import type { EnquiryRecord } from "../shared/schemas/enquiry.ts";
import type { PolicyListItem } from "../shared/schemas/policy.ts";
import type { TicketDetail, TicketMessage } from "../shared/schemas/ticket.ts";

/**
 * XSS and SQL-injection payloads through every field a user can store and see again:
 * each comes back byte for byte as JSON text, and nothing else in the database moves.
 */
const PAYLOADS = [
  `<script>alert("xss")</script>`,
  `"><img src=x onerror=alert(1)>`,
  `javascript:alert(document.cookie)`,
  `<svg/onload=alert(1)><!--`,
  `'; DROP TABLE users; --`,
  `' OR '1'='1' --`,
  `1; SELECT pg_sleep(5); --`,
  `Robert'); DELETE FROM tickets; --`,
  `$1 $$ \\' \\" %s %n {{7*7}} \${7*7} </textarea>`,
  `=HYPERLINK("http://evil.example","click")`,
  `தமிழ் हिन्दी 😀 ‮reversed`,
];

/** pads to a field's minimum length; the stored value must equal exactly what was sent */
const atLeast = (s: string, min: number) => (s.length >= min ? s : `${s} ${"x".repeat(min)}`);
const upTo = (s: string, max: number) => [...s].slice(0, max).join("");

const t = appForFile(createSignedInTestApp);
let purchaseId: number;

// the security log and the rate-limit counters record requests, refused ones included, by design
const tableCounts = async () => {
  const { security_events: _events, rate_limits: _counters, ...counts } = await countRows(t.database.db);
  return counts;
};

/** a JSON answer: never HTML a browser could run, never internals */
function jsonOf<T>(res: LightMyRequestResponse, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.body).not.toMatch(/password_?hash|\$argon2|syntax error|relation "/i);
  return res.json<T>();
}

beforeAll(async () => {
  const purchases = jsonOf<PolicyListItem[]>(await t.call("GET", "/api/purchases", t.customer));
  purchaseId = purchases.find((p) => p.purchase.status === "active")!.purchase.id;
});

describe("stored XSS and SQL injection payloads", () => {
  it("enquiries: name and message come back verbatim; the CSV export defuses formulas", async () => {
    const before = await tableCounts();
    for (const p of PAYLOADS) {
      const name = upTo(atLeast(p, 2), 120);
      const message = atLeast(p, 10);
      const res = await t.call("POST", "/api/inquiries", undefined, {
        name,
        email: "lead@example.in",
        phone: "9876543210",
        interest: "custom",
        message,
      });
      const { id } = jsonOf<{ id: number }>(res, 201);
      const list = jsonOf<EnquiryRecord[]>(await t.call("GET", "/api/admin/inquiries", t.admin));
      expect(list.find((x) => x.id === id)).toMatchObject({ name, message });
    }
    const after = await tableCounts();
    // each enquiry queues two e-mails: the staff alert and the visitor's acknowledgement
    expect(after).toEqual({
      ...before,
      inquiries: before.inquiries + PAYLOADS.length,
      jobs: before.jobs + 2 * PAYLOADS.length,
    });

    const csv = await t.call("GET", "/api/admin/inquiries.csv", t.admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(csv.body).toContain(`'=HYPERLINK`);
  });

  it("register and profile: every text field comes back verbatim", async () => {
    const before = await tableCounts();
    for (const [i, p] of PAYLOADS.entries()) {
      const input = {
        firstName: upTo(p, 80),
        lastName: upTo(PAYLOADS[(i + 1) % PAYLOADS.length], 80),
        username: upTo(atLeast(p, 3), 64),
        email: `payload-${i}@example.in`,
        password: "payload-password-1",
        phone: "9876543210",
        address: upTo(p, 300),
        city: upTo(p, 80),
        state: upTo(p, 80),
      };
      const res = await t.call("POST", "/api/register", undefined, input);
      const created = jsonOf<Record<string, unknown>>(res, 201);
      const { password: _password, ...shown } = input;
      expect(created).toMatchObject(shown);
      const cookie = sessionCookie(res);
      expect(
        jsonOf(await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } })),
      ).toMatchObject(shown);

      const other = PAYLOADS[(i + 3) % PAYLOADS.length];
      const profile = {
        firstName: upTo(other, 80),
        lastName: upTo(p, 80),
        email: `payload-${i}@example.in`,
        address: upTo(other, 300),
        city: upTo(other, 80),
        state: upTo(p, 80),
      };
      jsonOf(
        await t.app.inject({ method: "PATCH", url: "/api/user", headers: { cookie }, payload: profile }),
      );
      expect(
        jsonOf(await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } })),
      ).toMatchObject(profile);
    }
    const after = await tableCounts();
    expect(after).toMatchObject({
      ...before,
      users: before.users + PAYLOADS.length,
      sessions: before.sessions + PAYLOADS.length,
      audit_log: after.audit_log,
      // a welcome e-mail per sign-up, and one with the link that proves the address
      jobs: before.jobs + 2 * PAYLOADS.length,
      email_confirmations: before.email_confirmations + PAYLOADS.length,
      // the privacy notice each person accepted by signing up (no marketing opt-in was sent)
      consents: before.consents + PAYLOADS.length,
    });
  });

  it("tickets and messages: subject, description and message bodies come back verbatim to both sides", async () => {
    const before = await tableCounts();
    for (const p of PAYLOADS) {
      const subject = upTo(atLeast(p, 5), 200);
      const description = atLeast(p, 10);
      const created = jsonOf<{ id: number }>(
        await raiseTicket(t.app, t.customer, { purchaseId, subject, description }),
        201,
      );
      const id = created.id;
      jsonOf(await t.call("POST", `/api/tickets/${id}/messages`, t.customer, { body: p }), 201);
      jsonOf(await t.call("POST", `/api/admin/tickets/${id}/messages`, t.admin, { body: p }), 201);
      const mine = jsonOf<TicketDetail>(await t.call("GET", `/api/tickets/${id}`, t.customer));
      expect(mine.ticket).toMatchObject({ subject, description });
      const staff = jsonOf<TicketDetail>(await t.call("GET", `/api/admin/tickets/${id}`, t.admin));
      expect(staff.ticket).toMatchObject({ subject, description });
      const messages = jsonOf<TicketMessage[]>(
        await t.call("GET", `/api/tickets/${id}/messages`, t.customer),
      );
      expect(messages.map((m) => [m.author.role, m.body])).toEqual([
        ["customer", p],
        ["admin", p],
      ]);
    }
    const after = await tableCounts();
    const n = PAYLOADS.length;
    expect(after.tickets).toBe(before.tickets + n);
    expect(after.ticket_messages).toBe(before.ticket_messages + 2 * n);
    for (const table of ["users", "purchases", "inquiries", "plans", "cities", "localities", "blog_posts"]) {
      expect(after[table], table).toBe(before[table]);
    }
  });

  it("a NUL character (which PostgreSQL text cannot hold) is refused with 400, not a 500", async () => {
    const before = await tableCounts();
    const res = await t.call("POST", "/api/inquiries", undefined, {
      name: "Nul\u0000Name",
      email: "lead@example.in",
      phone: "9876543210",
      interest: "custom",
      message: "A message with a \u0000 in it.",
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(await tableCounts()).toEqual(before);
  });
});
