import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailJobsLeft, queryRows, userByUsername } from "../../../../tests/support/db-rows.ts";
import {
  appForFile,
  createSignedInMailTestApp,
  oneClickUnsubscribe,
} from "../../../../tests/support/test-app.ts";
import { changeMarketingConsent, hasConsent } from "../privacy/consent.service.ts";

/**
 * News on a real database to a real SMTP server: only customers whose newest marketing
 * choice is "yes" get it, each once, with a working one-click unsubscribe; a repeated send
 * adds nothing; bad input changes nothing; the send is audited.
 */
const t = appForFile(() => createSignedInMailTestApp());
let fan: { id: number; email: string };
let quiet: { id: number; email: string };

/** staff's "Send news" with NEWS, as `cookie`'s holder */
const sendNews = (cookie: string) =>
  t.app.inject({ method: "POST", url: "/api/admin/news", headers: { cookie }, payload: NEWS });
const newsJobs = () =>
  queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from jobs where payload->>'template' = 'news'`,
  ).then((r) => r[0].n);

beforeAll(async () => {
  fan = await userByUsername(t.database.db, "demo-customer");
  quiet = await userByUsername(t.database.db, "demo-customer-2");
  // every customer starts without consent, then one agrees and one agrees and withdraws
  const customers = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from users where role = 'customer'`,
  );
  for (const c of customers) await changeMarketingConsent(t.database.db, c.id, false);
  await changeMarketingConsent(t.database.db, fan.id, true);
  await changeMarketingConsent(t.database.db, quiet.id, true);
  await changeMarketingConsent(t.database.db, quiet.id, false);
  await t.app.jobs.drain();
  // a fresh app with demo data and a dozen consent changes: slow when the machine is busy
}, 180_000);

const NEWS = {
  subject: "Monsoon care for your wardrobes",
  text: "The rains are here.\nKeep wardrobe doors closed on humid days.\n\nOur team can check your hinges for free this month.",
  key: "news-key-0001",
};

describe("news by e-mail", () => {
  it("counts only customers whose newest choice is yes", async () => {
    const res = await t.call("GET", "/api/admin/news/audience", t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ recipients: 1 });
  });

  it("refuses an empty message with each field named, and queues nothing", async () => {
    const res = await t.call("POST", "/api/admin/news", t.admin, {
      subject: " ",
      text: "short",
      key: NEWS.key,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      subject: "Please write a subject of at least 3 characters",
      text: "Please write a message of at least 10 characters",
    });
    expect(await newsJobs()).toBe(0);
  });

  it("a customer cannot send news", async () => {
    const res = await sendNews(t.customer);
    expect(res.statusCode).toBe(403);
    expect(await newsJobs()).toBe(0);
  });

  it("reaches the consenting customer once, with a one-click unsubscribe, and is audited", async () => {
    const seen = t.peer.received.length;
    const res = await sendNews(t.admin);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ recipients: 1, message: "Your news is on its way to 1 customer." });

    // the same message again (a double click, a retry): nothing more
    const again = await sendNews(t.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This news message was already sent.");

    await t.app.jobs.drain();
    expect(await emailJobsLeft(t.database.db)).toBe(0);
    const mails = t.peer.received.slice(seen);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.rcptTo).toEqual([fan.email]);
    expect(mail.rcptTo).not.toContain(quiet.email);
    expect(mail.parsed.subject).toBe(NEWS.subject);
    expect(mail.parsed.text).toContain("Keep wardrobe doors closed on humid days.");
    expect(mail.parsed.text).toContain("Our team can check your hinges for free this month.");
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const header = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(mail.raw);
    const oneClick = new URL(header![1]);
    const done = await oneClickUnsubscribe(t.app, `${oneClick.pathname}${oneClick.search}`);
    expect(done.statusCode).toBe(200);
    expect(await hasConsent(t.database.db, fan.id, "marketing")).toBe(false);
    // the person's consent history shows the unsubscribe as what it was, not as a profile change
    const consents = await t.call("GET", "/api/user/consents", t.customer);
    expect(consents.json().history[0]).toMatchObject({
      purpose: "marketing",
      given: false,
      source: "unsubscribe",
    });

    const audit = await queryRows<{ actor_id: number; details: { recipients: number; subject: string } }>(
      t.database.db,
      sql`select actor_id, details from audit_log where action = 'news.send'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({ recipients: 1, subject: NEWS.subject });
  });

  it("a customer who withdraws before their e-mail goes out gets nothing; with nobody left it says so", async () => {
    await changeMarketingConsent(t.database.db, quiet.id, true);
    const res = await t.call("POST", "/api/admin/news", t.admin, { ...NEWS, key: "news-key-0002" });
    expect(res.json()).toMatchObject({ recipients: 1 });
    await changeMarketingConsent(t.database.db, quiet.id, false);
    const seen = t.peer.received.length;
    await t.app.jobs.drain();
    expect(await emailJobsLeft(t.database.db)).toBe(0);
    expect(t.peer.received.length).toBe(seen);
    const [job] = await queryRows<{ status: string; last_error: string }>(
      t.database.db,
      sql`select status, last_error from jobs where unique_key = ${`news:news-key-0002:${quiet.id}`}`,
    );
    expect(job).toEqual({ status: "done", last_error: "Not sent: no consent to reminders and news" });

    const none = await t.call("POST", "/api/admin/news", t.admin, { ...NEWS, key: "news-key-0003" });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(
      "No customer has agreed to receive news yet, so there is no one to send it to.",
    );
  });
});
