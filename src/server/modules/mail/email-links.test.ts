import { spawnSync } from "node:child_process";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows, userByUsername } from "../../../../tests/support/db-rows.ts";
import { withDatabaseName } from "../../../../tests/support/global-setup.ts";
import type { ReceivedMail } from "../../../../tests/support/smtp-peer.ts";
import {
  activePolicyId,
  appForFile,
  createSignedInMailTestApp,
  DEMO_PASSWORD,
  sessionCookie,
} from "../../../../tests/support/test-app.ts";
import type { OutboxEmail } from "../../../shared/schemas/outbox.ts";
import { dumpPglite } from "../../db/backup.ts";
import { RATING_LINK_INVALID } from "../ratings/ratings.service.ts";
import { hashLinkToken, LINK_REMOVED } from "./email-links.ts";
import { INVALID_RESET_LINK } from "./password-reset.service.ts";

/**
 * A link that acts for a person lives only in the e-mail that went to them: the token is
 * read here from what a real SMTP server received, then looked for in every place the
 * site keeps things (the jobs, the stored copies staff read in the Outbox, a backup of the
 * whole database). Erasure voids the links already sent and takes the address out of the
 * e-mail records.
 */
const t = appForFile(() => createSignedInMailTestApp());

/** the e-mails that arrive after `seen`, once the queue has run */
async function mailsSince(seen: number, count: number): Promise<ReceivedMail[]> {
  await t.app.jobs.drain();
  return (await t.peer.waitFor(seen + count)).slice(seen);
}

const firstMatch = (re: RegExp, mails: ReceivedMail[]) => {
  for (const m of mails) {
    const found = re.exec(String(m.parsed.text));
    if (found) return found;
  }
  throw new Error(`no e-mail matches ${re}`);
};

/** how many rows of the jobs and of the stored e-mail copies hold `text` */
async function keptCopies(text: string) {
  const [row] = await queryRows<{ jobs: number; emails: number }>(
    t.database.db,
    sql`select
          (select count(*)::int from jobs where position(${text} in payload::text) > 0) as jobs,
          (select count(*)::int from emails
             where position(${text} in html || text || subject || to_address) > 0) as emails`,
  );
  return row;
}

async function outboxCopies(): Promise<OutboxEmail[]> {
  const list = (await t.call("GET", "/api/admin/outbox?limit=200", t.admin)).json<{ id: number }[]>();
  return Promise.all(
    list.map(async (item) =>
      (await t.call("GET", `/api/admin/outbox/${item.id}`, t.admin)).json<OutboxEmail>(),
    ),
  );
}

/**
 * A backup of the whole database, as bytes that can be searched: PGlite's data folder
 * (what `npm run backup` keeps for it), or on PostgreSQL pg_dump's plain SQL (the same
 * rows `npm run backup` keeps, without the custom format's compression).
 */
async function searchableBackup(): Promise<Buffer> {
  if (t.database.pglite) return gunzipSync(await dumpPglite(t.database.pglite));
  const [{ name }] = await queryRows<{ name: string }>(t.database.db, sql`select current_database() as name`);
  const url = withDatabaseName(process.env.TEST_DATABASE_URL!, name);
  const dump = spawnSync("pg_dump", ["--format=plain", "--no-owner", "--no-privileges", url], {
    maxBuffer: 1024 * 1024 * 1024,
  });
  if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr}`);
  return dump.stdout;
}

const forgot = (email: string) => t.call("POST", "/api/password/forgot", undefined, { email });
const reset = (token: string, password: string) =>
  t.call("POST", "/api/password/reset", undefined, { token, password });
const openRatingLink = (url: string) => {
  const q = new URL(url).searchParams;
  q.delete("score");
  return t.call("GET", `/api/ratings/link?${q}`);
};

/** the customer's ticket that is being worked on, resolved by staff: its e-mail carries the rating links */
async function resolveTicketOf(cookie: string) {
  const mine = (await t.call("GET", "/api/tickets", cookie)).json<{ id: number; status: string }[]>();
  const ticket = mine.find((x) => x.status === "open" || x.status === "in_progress")!;
  const res = await t.call("PATCH", `/api/admin/tickets/${ticket.id}`, t.admin, { status: "resolved" });
  expect(res.statusCode, res.body).toBe(200);
  return ticket.id;
}

describe("links in e-mails", () => {
  it("a mailed link is in the e-mail only: not in the jobs, the stored copies, the Outbox or a backup; and it works", async () => {
    await t.app.jobs.drain();
    const customer = await userByUsername(t.database.db, "demo-customer");
    const seen = t.peer.received.length;
    expect((await forgot(customer.email)).statusCode).toBe(200);
    const transfer = await t.call(
      "POST",
      `/api/purchases/${await activePolicyId(t.app, t.customer)}/transfer`,
      t.customer,
      { name: "Meera Iyer", email: "meera.buyer@example.in", phone: "+91 98400 55555" },
    );
    expect(transfer.statusCode, transfer.body).toBe(201);
    await resolveTicketOf(t.customer);
    const mails = await mailsSince(seen, 3);

    const resetToken = firstMatch(/\/reset-password#token=([A-Za-z0-9_-]+)/, mails)[1];
    const transferToken = firstMatch(/\/transfer#token=([A-Za-z0-9_-]+)/, mails)[1];
    const ratingUrl = firstMatch(/(http:\/\/localhost:5000\/rate\?[^\s\]]+)/, mails)[1];
    const ratingSignature = new URL(ratingUrl).searchParams.get("s")!;
    const secrets = [resetToken, transferToken, ratingSignature];

    for (const secret of secrets) expect(await keptCopies(secret), secret).toEqual({ jobs: 0, emails: 0 });
    // staff read the same e-mails in the Outbox, with the links taken out
    const outbox = JSON.stringify(await outboxCopies());
    for (const secret of secrets) expect(outbox).not.toContain(secret);
    const kept = (await outboxCopies()).filter(
      (m) => m.template === "password_reset" || m.template === "transfer_invite",
    );
    expect(kept).toHaveLength(2);
    for (const m of kept) {
      expect(m.text).toContain(LINK_REMOVED);
      expect(m.html).toContain(LINK_REMOVED);
    }

    // a backup of the whole database: the search finds what is there (the reset link's
    // hash), and none of the links
    const backup = await searchableBackup();
    expect(backup.includes(hashLinkToken(resetToken))).toBe(true);
    for (const secret of secrets) expect(backup.includes(secret), secret).toBe(false);

    // the links in the e-mail work
    expect((await openRatingLink(ratingUrl)).statusCode).toBe(200);
    const changed = await reset(resetToken, "a-fresh-secret-for-links-1");
    expect(changed.statusCode, changed.body).toBe(200);
  });
});

describe("erasure", () => {
  it("voids the reset links sent before and takes the address out of the jobs and stored copies", async () => {
    const email = "Kavya.Erase@Example.in";
    const made = await t.call("POST", "/api/register", undefined, {
      firstName: "Kavya",
      lastName: "Natarajan",
      username: "kavya-erase",
      email,
      password: "kavya-own-secret-2",
    });
    expect(made.statusCode, made.body).toBe(201);
    const seen = t.peer.received.length;
    expect((await forgot(email.toLowerCase())).statusCode).toBe(200);
    const mails = await mailsSince(seen, 1);
    const token = firstMatch(/\/reset-password#token=([A-Za-z0-9_-]+)/, mails)[1];
    expect((await keptCopies("kavya.erase@example.in")).emails).toBeGreaterThan(0);

    const erased = await t.call("DELETE", "/api/user", sessionCookie(made), {
      password: "kavya-own-secret-2",
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().outcome).toBe("erased");

    // the link from before the erasure signs nobody in
    const res = await reset(token, "someone-else-secret-3");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID_RESET_LINK);
    expect(res.cookies.find((c) => c.name === "hipws_sid")).toBeUndefined();
    // nor is the address anywhere in the e-mail records, in any case
    for (const form of [email, email.toLowerCase()]) {
      expect(await keptCopies(form)).toEqual({ jobs: 0, emails: 0 });
    }
  });

  it("completed by staff while cover is kept, voids the signed links already sent and the stored copies' address", async () => {
    const person = await userByUsername(t.database.db, "demo-customer-2");
    const session = t.otherCustomer;
    await t.app.jobs.drain();
    const seen = t.peer.received.length;
    await resolveTicketOf(session);
    const mails = await mailsSince(seen, 1);
    const ratingUrl = firstMatch(/(http:\/\/localhost:5000\/rate\?[^\s\]]+)/, mails)[1];
    expect((await openRatingLink(ratingUrl)).statusCode).toBe(200);

    // the cover is active: erasure waits as a request, which staff complete
    const asked = await t.call("DELETE", "/api/user", session, { password: DEMO_PASSWORD });
    expect(asked.json().outcome).toBe("requested");
    const closed = await t.call(
      "POST",
      `/api/admin/privacy-requests/${asked.json().requestId}/close`,
      t.admin,
      {
        note: "Erased what the tax records do not need; cover kept until it ends.",
      },
    );
    expect(closed.statusCode, closed.body).toBe(200);

    const after = await openRatingLink(ratingUrl);
    expect(after.statusCode).toBe(400);
    expect(after.json().message).toBe(RATING_LINK_INVALID);
    expect((await keptCopies(person.email)).emails).toBe(0);
  });
});
