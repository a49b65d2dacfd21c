import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import {
  appForFile,
  createSignedInMailTestApp,
  TEST_SESSION_SECRET,
} from "../../../../tests/support/test-app.ts";
import type { TicketDetail } from "../../../shared/schemas/ticket.ts";
import {
  RATING_ALREADY_GIVEN,
  RATING_LINK_EXPIRED,
  RATING_LINK_INVALID,
  RATING_NOT_RESOLVED,
  RATING_REOPENED,
  ratingKey,
  ratingUrls,
} from "./ratings.service.ts";

/**
 * Ratings on a real database, with the links read from the e-mail as it was sent (at a real
 * SMTP server; the copy the Outbox keeps has its links removed): a link we signed works once per resolution, a changed, foreign or
 * expired one is refused, opening a link records nothing, and reopening then resolving
 * again opens a new rating.
 */
const t = appForFile(() => createSignedInMailTestApp());
let ticketId: number;
const ORIGIN = "http://localhost:5000";

beforeAll(async () => {
  const mine = (await t.call("GET", "/api/tickets", t.customer)).json() as {
    id: number;
    status: string;
  }[];
  ticketId = mine.find((x) => x.status === "in_progress")!.id;
});

const setStatus = async (status: string) => {
  const res = await t.call("PATCH", `/api/admin/tickets/${ticketId}`, t.admin, { status });
  expect(res.statusCode).toBe(200);
  await t.app.jobs.drain();
};

/** the rating links of the latest "resolved" e-mail about the ticket, as sent */
async function resolvedEmailLinks(): Promise<{ links: URL[]; text: string }> {
  const [kept] = await queryRows<{ message_id: string }>(
    t.database.db,
    sql`select e.message_id from emails e join jobs j on j.id = e.job_id
        where j.ticket_id = ${ticketId} and e.template = 'ticket_status'
          and j.payload->'data'->>'change' = 'resolved'
        order by e.id desc limit 1`,
  );
  const sent = t.peer.received.findLast((m) => m.parsed.messageId === kept.message_id)!.parsed;
  const mail = { html: String(sent.html), text: String(sent.text) };
  const hrefs = [...mail.html.matchAll(/href="([^"]*\/rate\?[^"]*)"/g)].map((m) =>
    m[1].replaceAll("&amp;", "&"),
  );
  return { links: hrefs.map((h) => new URL(h)), text: mail.text };
}

const linkQuery = (u: URL, change: Record<string, string> = {}) => {
  const q = new URLSearchParams(u.search);
  q.delete("score");
  for (const [k, v] of Object.entries(change)) q.set(k, v);
  return q;
};
const linkBody = (u: URL, extra: Record<string, unknown>) => ({
  ticket: Number(u.searchParams.get("ticket")),
  r: Number(u.searchParams.get("r")),
  e: Number(u.searchParams.get("e")),
  s: u.searchParams.get("s"),
  ...extra,
});
/** what the rating page does, with no sign-in: reads the link it was opened with, then records the score chosen */
const openLink = (u: URL, change?: Record<string, string>) =>
  t.call("GET", `/api/ratings/link?${linkQuery(u, change)}`);
const rateByLink = (body: object) => t.call("POST", "/api/ratings", undefined, body);
const ratingsCount = async () =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ticket_ratings where ticket_id = ${ticketId}`,
    )
  )[0].n;
const detail = async (cookie = t.customer) =>
  (await t.app.inject({ url: `/api/tickets/${ticketId}`, headers: { cookie } })).json() as TicketDetail;

describe("rating a resolution from the e-mail", () => {
  let first: URL[];

  it("the resolved e-mail carries five one-tap links, one per score, for this ticket and resolution", async () => {
    expect((await detail()).rating).toBeNull();
    await setStatus("resolved");
    const { links, text } = await resolvedEmailLinks();
    first = links;
    expect(links.map((u) => u.searchParams.get("score"))).toEqual(["1", "2", "3", "4", "5"]);
    for (const u of links) {
      expect(u.origin).toBe(ORIGIN);
      expect(u.pathname).toBe("/rate");
      expect(u.searchParams.get("ticket")).toBe(String(ticketId));
      expect(u.searchParams.get("r")).toBe("1");
    }
    expect(text).toContain("How did we do?");
  });

  it("the plain-text part gives each link a line of its own, under its words", async () => {
    const { links, text } = await resolvedEmailLinks();
    const lines = text.split("\n").map((l) => l.trim());
    // an address never shares its line with words or with another address
    for (const line of lines.filter((l) => l.includes("http"))) expect(line).toMatch(/^https?:\/\/\S+$/);
    const labels = ["1 Poor", "2 Fair", "3 Good", "4 Very good", "5 Excellent"];
    links.forEach((u, i) => {
      const at = lines.indexOf(u.href);
      expect(at, `score ${i + 1} on a line of its own`).toBeGreaterThan(0);
      expect(lines[at - 1]).toBe(labels[i]);
    });
    expect(lines).toContain(`${ORIGIN}/tickets/${ticketId}`);
  });

  it("opening a link shows the ticket and records nothing", async () => {
    const res = await openLink(first[3]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ticketId, rating: null });
    expect(await ratingsCount()).toBe(0);
  });

  it("refuses a link whose ticket, resolution, expiry or signature was changed", async () => {
    const [, , , , five] = first;
    const changes: Record<string, string>[] = [
      { ticket: String(ticketId + 1) },
      { r: "2" },
      { e: String(Number(five.searchParams.get("e")) + 1) },
      {
        s: `${five.searchParams.get("s")!.slice(0, -1)}${five.searchParams.get("s")!.endsWith("A") ? "B" : "A"}`,
      },
      { s: "not-a-signature" },
    ];
    for (const change of changes) {
      const res = await openLink(five, change);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toBe(RATING_LINK_INVALID);
      const post = await rateByLink({
        ...linkBody(five, { score: 5 }),
        ...Object.fromEntries(Object.entries(change)),
      });
      expect(post.statusCode, JSON.stringify(change)).toBe(400);
    }
    expect(await ratingsCount()).toBe(0);
  });

  it("refuses an expired link, though it was signed by us", async () => {
    const old = ratingUrls(
      ORIGIN,
      ratingKey(TEST_SESSION_SECRET),
      ticketId,
      1,
      0,
      Date.now() - 31 * 24 * 3600 * 1000,
    );
    const u = new URL(old[4]);
    const res = await openLink(u);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(RATING_LINK_EXPIRED);
    const post = await rateByLink(linkBody(u, { score: 5 }));
    expect(post.statusCode).toBe(410);
    expect(await ratingsCount()).toBe(0);
  });

  it("an invalid score is refused with the field named, and nothing is recorded", async () => {
    const res = await rateByLink(linkBody(first[0], { score: 6, comment: "Kept" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ score: "Please choose a score from 1 to 5" });
    expect(await ratingsCount()).toBe(0);
  });

  it("records the rating with its comment once; staff and the customer see it, and it is audited", async () => {
    const res = await rateByLink(linkBody(first[3], { score: 4, comment: "  Quick visit, neat work.  " }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ score: 4, comment: "Quick visit, neat work." });

    const again = await rateByLink(linkBody(first[0], { score: 1 }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RATING_ALREADY_GIVEN);
    const fromPortal = await t.call("POST", `/api/tickets/${ticketId}/rating`, t.customer, { score: 2 });
    expect(fromPortal.statusCode).toBe(409);

    expect((await detail()).rating).toMatchObject({ score: 4, comment: "Quick visit, neat work." });
    const staff = (await t.call("GET", `/api/admin/tickets/${ticketId}`, t.admin)).json();
    expect(staff.rating).toMatchObject({ score: 4, comment: "Quick visit, neat work." });
    expect(new Date(staff.rating.ratedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const link = await openLink(first[0]);
    expect(link.json().rating).toMatchObject({ score: 4 });

    const audit = await queryRows<{ action: string; details: { score: number; via: string } }>(
      t.database.db,
      sql`select action, details from audit_log where entity_type = 'ticket' and entity_id = ${ticketId}
          and action = 'ticket.rate'`,
    );
    expect(audit).toMatchObject([{ action: "ticket.rate", details: { score: 4, via: "e-mail link" } }]);
  });

  it("a reopened ticket refuses the old link; resolved again, it can be rated once more", async () => {
    await setStatus("in_progress");
    const stale = await openLink(first[4]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(RATING_REOPENED);
    const early = await t.call("POST", `/api/tickets/${ticketId}/rating`, t.customer, { score: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(RATING_NOT_RESOLVED);

    await setStatus("resolved");
    expect((await detail()).rating).toBeNull();
    const { links } = await resolvedEmailLinks();
    expect(links[0].searchParams.get("r")).toBe("2");
    const old = await rateByLink(linkBody(first[4], { score: 5 }));
    expect(old.statusCode).toBe(409);

    // this time from the ticket page, signed in
    const res = await t.call("POST", `/api/tickets/${ticketId}/rating`, t.customer, { score: 5 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ score: 5, comment: null });
    const viaLink = await rateByLink(linkBody(links[2], { score: 3 }));
    expect(viaLink.statusCode).toBe(409);
    expect((await detail()).rating).toMatchObject({ score: 5, comment: null });
    expect(await ratingsCount()).toBe(2);
  });

  it("another customer's ticket is a 404, and a guest must sign in", async () => {
    const res = await t.call("POST", `/api/tickets/${ticketId}/rating`, t.otherCustomer, { score: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("resolved");
    const guest = await t.call("POST", `/api/tickets/${ticketId}/rating`, undefined, { score: 1 });
    expect(guest.statusCode).toBe(401);
    expect(await ratingsCount()).toBe(2);
  });
});
