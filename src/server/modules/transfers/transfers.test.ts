import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import { type FormPart, multipartBody, TINY_PNG } from "../../../../tests/support/multipart.ts";
import type { SmtpPeer } from "../../../../tests/support/smtp-peer.ts";
import {
  createMailTestApp,
  demoSessions,
  sessionCookie,
  type TestApp,
} from "../../../../tests/support/test-app.ts";
import { todayInIndia } from "../../../shared/dates.ts";
import { PROOF_OF_SALE_REQUIRED } from "../../../shared/schemas/transfer.ts";
import {
  CANCELLED_TRANSFER_LINK,
  CONFIRM_ADDRESS_FIRST,
  EXPIRED_TRANSFER_LINK,
  INVALID_TRANSFER_LINK,
  OWN_TRANSFER,
  TRANSFER_OPEN,
} from "./transfers.service.ts";

/**
 * A policy's transfer to the buyer of the home, through the API as the portal and the
 * console use it, with the e-mails read from a real SMTP server.
 */
let peer: SmtpPeer;
let t: TestApp;
let seller: string;
let other: string;
let staff: string;
let sellerId: number;
let plans: Record<string, number>;

beforeAll(async () => {
  const mail = await createMailTestApp();
  ({ t, peer } = mail);
  sellerId = mail.demo.customer.id;
  ({ customer: seller, otherCustomer: other, admin: staff } = await demoSessions(t.app));
  const list = (await t.app.inject({ method: "GET", url: "/api/plans/B2C" })).json<
    { plan: { id: number; name: string } }[]
  >();
  plans = Object.fromEntries(list.map((p) => [p.plan.name, p.plan.id]));
});
afterAll(() => t?.close());

/** staff issue a fresh active policy to the demo customer on a plan */
async function issue(plan: "Essential" | "Premium", startDate = new Date().toISOString().slice(0, 10)) {
  const res = await t.call("POST", "/api/admin/purchases", staff, {
    userId: sellerId,
    planId: plans[plan],
    propertyAddress: "7 Lake View Road, Adyar",
    propertyCity: "Chennai",
    propertyState: "Tamil Nadu",
    propertyPincode: "600020",
    startDate,
  });
  expect(res.statusCode, res.body).toBe(201);
  await settle();
  return res.json<{ id: number; policyNumber: string; endDate: string }>();
}

let buyers = 0;
/**
 * a new customer account, signed in; `prove`: it follows the link sign-up sent to its
 * address, as a buyer must before a transfer can attach a policy to the account
 */
async function newBuyer(email?: string, { prove = true } = {}) {
  buyers++;
  const seen = peer.received.length;
  const res = await t.call("POST", "/api/register", undefined, {
    firstName: "Meera",
    lastName: "Iyer",
    username: `buyer-${buyers}`,
    email: email ?? `buyer-${buyers}@example.in`,
    password: "a-good-password-9",
  });
  expect(res.statusCode, res.body).toBe(201);
  await settle();
  if (prove) {
    const link = peer.received
      .slice(seen)
      .map((m) => /\/confirm-email#token=([A-Za-z0-9_-]+)/.exec(String(m.parsed.text))?.[1])
      .find(Boolean);
    expect((await t.call("POST", "/api/email/confirm", undefined, { token: link })).statusCode).toBe(200);
  }
  return { cookie: sessionCookie(res), id: res.json().id as number, email: res.json().email as string };
}

/**
 * Sends everything queued so far (an issued policy's e-mail, a welcome), so that the next
 * step's e-mails are the only ones to arrive after it.
 */
async function settle() {
  const before = peer.received.length;
  const queued = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from jobs where kind = 'email' and status in ('pending', 'running')`,
  );
  await t.app.jobs.drain();
  await peer.waitFor(before + queued[0].n);
}

/** the e-mails that arrive after `seen`, once the queue has run */
async function mailsSince(seen: number, count: number) {
  await t.app.jobs.drain();
  return (await peer.waitFor(seen + count)).slice(seen);
}

/** the holder starts a transfer; the token comes from the buyer's e-mail */
async function start(purchaseId: number, email: string) {
  const seen = peer.received.length;
  const res = await t.call("POST", `/api/purchases/${purchaseId}/transfer`, seller, {
    name: "Meera Iyer",
    email,
    phone: "+91 98400 55555",
  });
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = await mailsSince(seen, 1);
  expect(mail.rcptTo).toEqual([email]);
  const m = /http:\/\/localhost:5000\/transfer#token=([A-Za-z0-9_-]+)/.exec(String(mail.parsed.text));
  expect(m).not.toBeNull();
  return { transfer: res.json(), token: m![1], mail };
}

const accept = (token: string, cookie: string) => t.call("POST", "/api/transfers/accept", cookie, { token });
const offer = (token: string, cookie: string) => t.call("POST", "/api/transfers/offer", cookie, { token });

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** staff approve with a form, as the console's dialog sends it */
function approveWith(id: number, parts: FormPart[]) {
  const form = multipartBody(parts);
  return t.app.inject({
    method: "POST",
    url: `/api/admin/transfers/${id}/approve`,
    headers: { cookie: staff, "content-type": form.contentType },
    payload: form.payload,
  });
}

async function auditActions(purchaseId: number) {
  const rows = await queryRows<{ action: string }>(
    t.database.db,
    sql`select action from audit_log where entity_type = 'purchase' and entity_id = ${purchaseId} order by id`,
  );
  return rows.map((r) => r.action);
}

describe("a transfer that needs no approval (Essential)", () => {
  it("moves the policy to the buyer on acceptance, with the same end date, e-mails and audit", async () => {
    const policy = await issue("Essential");
    const buyer = await newBuyer();
    const { transfer, token, mail } = await start(policy.id, buyer.email);
    expect(transfer).toMatchObject({ status: "pending", needsApproval: false, buyerEmail: buyer.email });
    expect(mail.parsed.subject).toBe("Karthik is transferring a home warranty to you");
    // only the SHA-256 of the token is stored
    const [stored] = await queryRows<{ token_hash: string }>(
      t.database.db,
      sql`select token_hash from policy_transfers where id = ${transfer.id}`,
    );
    expect(stored.token_hash).not.toContain(token);
    expect(token.length).toBeGreaterThanOrEqual(43);

    const seen = peer.received.length;
    const offered = await offer(token, buyer.cookie);
    expect(offered.statusCode).toBe(200);
    expect(offered.json()).toMatchObject({ policyNumber: policy.policyNumber, sellerFirstName: "Karthik" });
    expect(offered.body).not.toContain("Subramanian");
    const res = await accept(token, buyer.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "completed", endDate: policy.endDate });

    // both parties hear of the completion
    const mails = await mailsSince(seen, 2);
    expect(mails.map((m) => m.rcptTo[0]).sort()).toEqual([buyer.email, "demo-customer@hipws.example"].sort());
    expect(
      mails.every((m) => m.parsed.subject === `Policy ${policy.policyNumber} has moved to the new owner`),
    ).toBe(true);

    // the buyer holds it, with the same number and end date; the seller no longer sees it
    const mine = await t.call("GET", `/api/purchases/${policy.id}`, buyer.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().purchase).toMatchObject({
      policyNumber: policy.policyNumber,
      endDate: policy.endDate,
    });
    for (const url of [
      `/api/purchases/${policy.id}`,
      `/api/purchases/${policy.id}/certificate.pdf`,
      `/api/purchases/${policy.id}/invoices`,
      `/api/purchases/${policy.id}/transfer`,
    ]) {
      expect((await t.call("GET", url, seller)).statusCode, url).toBe(404);
    }
    const sellerList = (await t.call("GET", "/api/purchases", seller)).json();
    expect(sellerList.map((p: { purchase: { id: number } }) => p.purchase.id)).not.toContain(policy.id);

    expect(await auditActions(policy.id)).toEqual([
      "purchase.issue",
      "purchase.transfer_start",
      "purchase.transfer_accept",
      "purchase.transfer_complete",
    ]);

    // the link works once: used, it is Gone (410), for the buyer too, who is told where the policy is
    const again = await accept(token, buyer.cookie);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toContain("You have already accepted this transfer");
    expect(again.json().message).toContain("dashboard");
    expect((await offer(token, buyer.cookie)).statusCode).toBe(410);
    const someoneElse = await newBuyer(buyer.email.replace("@", "+x@"));
    expect((await accept(token, someoneElse.cookie)).statusCode).toBe(403);
  });
});

describe("a transfer that staff approve (Premium)", () => {
  it("waits for staff after acceptance, then moves; the seller keeps their tickets to read", async () => {
    const policy = await issue("Premium");
    // the seller raised a ticket on it before selling
    const ticket = await t.call("POST", "/api/tickets", seller, {
      purchaseId: policy.id,
      subject: "Loose hinge",
      description: "The wardrobe hinge is loose.",
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    await settle();
    const certBefore = await t.call("GET", `/api/purchases/${policy.id}/certificate.pdf`, seller);
    expect(certBefore.statusCode).toBe(200);

    const buyer = await newBuyer();
    const { token } = await start(policy.id, buyer.email);
    let seen = peer.received.length;
    const res = await accept(token, buyer.cookie);
    expect(res.json()).toMatchObject({ status: "accepted", needsApproval: true });
    // accepted, the link is spent: opening it again is Gone, with where it stands
    const reused = await offer(token, buyer.cookie);
    expect(reused.statusCode).toBe(410);
    expect(reused.json().message).toContain("Our team is checking it");
    let mails = await mailsSince(seen, 2);
    expect(mails.map((m) => m.parsed.subject)).toEqual([
      `Transfer of policy ${policy.policyNumber} accepted`,
      `Transfer of policy ${policy.policyNumber} accepted`,
    ]);
    // still the seller's until staff approve; the holder cannot cancel it any more
    expect((await t.call("GET", `/api/purchases/${policy.id}`, seller)).statusCode).toBe(200);
    const cancel = await t.call("POST", `/api/purchases/${policy.id}/transfer/cancel`, seller);
    expect(cancel.statusCode).toBe(409);

    // staff see it in the list of accepted transfers, and approve it
    const list = await t.call("GET", "/api/admin/transfers?status=accepted", staff);
    expect(list.statusCode).toBe(200);
    const row = list.json().find((r: { purchaseId: number }) => r.purchaseId === policy.id);
    expect(row).toMatchObject({
      status: "accepted",
      policyNumber: policy.policyNumber,
      seller: { name: "Karthik Subramanian" },
      buyer: { email: buyer.email },
    });
    expect(list.headers["x-total-count"]).toBeDefined();
    seen = peer.received.length;
    const approved = await t.call("POST", `/api/admin/transfers/${row.id}/approve`, staff, {
      reference: "Sale deed 4471/2026, SRO Adyar",
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe("completed");
    mails = await mailsSince(seen, 2);
    expect(mails.map((m) => m.rcptTo[0]).sort()).toEqual([buyer.email, "demo-customer@hipws.example"].sort());
    expect(approved.json().proof).toEqual({ reference: "Sale deed 4471/2026, SRO Adyar", file: null });
    const twice = await t.call("POST", `/api/admin/transfers/${row.id}/approve`, staff, {
      reference: "again",
    });
    expect(twice.statusCode).toBe(409);

    // the seller's ticket stays theirs to read; the buyer does not see it
    const theirs = await t.call("GET", `/api/tickets/${ticket.json().id}`, seller);
    expect(theirs.statusCode).toBe(200);
    expect((await t.call("GET", `/api/tickets/${ticket.json().id}`, buyer.cookie)).statusCode).toBe(404);
    // the seller can raise no new ticket on it; the buyer can
    const sellerNew = await t.call("POST", "/api/tickets", seller, {
      purchaseId: policy.id,
      subject: "Another",
      description: "Something else is loose.",
    });
    expect(sellerNew.statusCode).toBe(400);

    // the certificate is made again for the new holder, and the public page says so without names
    const cert = await t.call("GET", `/api/purchases/${policy.id}/certificate.pdf`, buyer.cookie);
    expect(cert.statusCode).toBe(200);
    expect(cert.headers["x-certificate-cache"]).toBe("miss");
    const detail = (await t.call("GET", `/api/purchases/${policy.id}`, buyer.cookie)).json();
    const verify = await t.call("GET", `/api/verify/${detail.verifyCode}`);
    expect(verify.json()).toMatchObject({
      holder: "M. I.",
      transferredOn: todayInIndia(),
    });
    expect(verify.body).not.toMatch(/Meera|Iyer|Karthik|Subramanian/);
    expect(await auditActions(policy.id)).toEqual([
      "purchase.issue",
      "purchase.transfer_start",
      "purchase.transfer_accept",
      "purchase.transfer_complete",
    ]);
  });

  it("approval asks for a proof of sale: without one it is refused and nothing changes", async () => {
    const policy = await issue("Premium");
    const buyer = await newBuyer();
    const { transfer, token } = await start(policy.id, buyer.email);
    await accept(token, buyer.cookie);
    const before = await auditActions(policy.id);
    const refusals = [
      await t.call("POST", `/api/admin/transfers/${transfer.id}/approve`, staff),
      await t.call("POST", `/api/admin/transfers/${transfer.id}/approve`, staff, { reference: "   " }),
      await approveWith(transfer.id, [{ name: "reference", data: "" }]),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(PROOF_OF_SALE_REQUIRED);
    }
    // a file that is not a document or a photo meets the attachments' own check
    const notAPdf = await approveWith(transfer.id, [
      {
        name: "file",
        filename: "deed.pdf",
        type: "application/pdf",
        data: Buffer.from("MZ not a pdf at all"),
      },
    ]);
    expect(notAPdf.statusCode).toBe(400);
    expect(notAPdf.json().message).toMatch(/deed\.pdf/);
    const tooLong = await t.call("POST", `/api/admin/transfers/${transfer.id}/approve`, staff, {
      reference: "x".repeat(201),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe("Please keep the reference under 200 characters");
    // still waiting, still the seller's, nothing audited
    const list = await t.call("GET", "/api/admin/transfers?status=accepted", staff);
    expect(list.json().find((r: { id: number }) => r.id === transfer.id)).toMatchObject({
      status: "accepted",
      proof: null,
    });
    expect((await t.call("GET", `/api/purchases/${policy.id}`, seller)).statusCode).toBe(200);
    expect(await auditActions(policy.id)).toEqual(before);
  });

  it("approval keeps the sale document and its reference, shows them to staff and names them in the audit entry", async () => {
    const policy = await issue("Premium");
    const buyer = await newBuyer();
    const { transfer, token } = await start(policy.id, buyer.email);
    await accept(token, buyer.cookie);
    const res = await approveWith(transfer.id, [
      { name: "reference", data: "Sale agreement of 2 March 2026" },
      { name: "file", filename: "sale-deed.pdf", type: "application/pdf", data: PDF },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: "completed",
      proof: {
        reference: "Sale agreement of 2 March 2026",
        file: { name: "sale-deed.pdf", type: "application/pdf", size: PDF.length },
      },
    });
    const url = res.json().proof.file.url;
    const doc = await t.call("GET", url, staff);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers["content-type"]).toBe("application/pdf");
    expect(doc.rawPayload.equals(PDF)).toBe(true);
    // the document is the office's: neither party reads it
    expect((await t.call("GET", url, buyer.cookie)).statusCode).toBe(403);
    expect((await t.call("GET", url, seller)).statusCode).toBe(403);
    const [audit] = await queryRows<{ details: Record<string, unknown> }>(
      t.database.db,
      sql`select details from audit_log where entity_type = 'purchase' and entity_id = ${policy.id}
          and action = 'purchase.transfer_complete'`,
    );
    expect(audit.details.proof).toEqual({
      reference: "Sale agreement of 2 March 2026",
      file: { name: "sale-deed.pdf", type: "application/pdf", size: PDF.length },
    });
    // a photo of the deed alone is proof enough
    const second = await issue("Premium");
    const other = await newBuyer();
    const started = await start(second.id, other.email);
    await accept(started.token, other.cookie);
    const photo = await approveWith(started.transfer.id, [
      { name: "file", filename: "deed.png", type: "image/png", data: TINY_PNG },
    ]);
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.json().proof).toMatchObject({ reference: null, file: { type: "image/png" } });
  });

  it("staff may decline an accepted transfer: the policy stays with its holder", async () => {
    const policy = await issue("Premium");
    const buyer = await newBuyer();
    const { transfer, token } = await start(policy.id, buyer.email);
    await accept(token, buyer.cookie);
    // the acceptance's own e-mails are sent first, so they are not counted as the decline's
    await t.app.jobs.drain();
    const seen = peer.received.length;
    const res = await t.call("POST", `/api/admin/transfers/${transfer.id}/decline`, staff);
    expect(res.json().status).toBe("declined");
    const mails = await mailsSince(seen, 2);
    expect(mails[0].parsed.subject).toBe(`The transfer of policy ${policy.policyNumber} was not approved`);
    expect((await t.call("GET", `/api/purchases/${policy.id}`, seller)).statusCode).toBe(200);
    expect((await t.call("GET", `/api/purchases/${policy.id}`, buyer.cookie)).statusCode).toBe(404);
  });
});

describe("the link's rules", () => {
  it("works only for the invited e-mail, and never for the holder", async () => {
    const policy = await issue("Essential");
    const buyer = await newBuyer();
    const { token } = await start(policy.id, buyer.email);
    const wrong = await accept(token, other);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(
      `This transfer was sent to ${buyer.email[0]}•••@example.in. Please sign in, or create an account, with that e-mail address to accept it.`,
    );
    const own = await accept(token, seller);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(OWN_TRANSFER);
    expect((await accept(token, staff)).statusCode).toBe(403);
    expect((await accept("x".repeat(43), buyer.cookie)).json().message).toBe(INVALID_TRANSFER_LINK);
    // a guest must sign in first
    expect((await t.call("POST", "/api/transfers/accept", undefined, { token })).statusCode).toBe(401);
    // nothing moved
    expect((await t.call("GET", `/api/purchases/${policy.id}`, seller)).statusCode).toBe(200);
  });

  it("works only once the buyer's account has proved the invited address", async () => {
    const policy = await issue("Essential");
    // anyone can sign up with the buyer's address: until its link is followed, it takes nothing
    const impostor = await newBuyer(undefined, { prove: false });
    const { token } = await start(policy.id, impostor.email);
    for (const res of [await offer(token, impostor.cookie), await accept(token, impostor.cookie)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(CONFIRM_ADDRESS_FIRST);
    }
    expect((await t.call("GET", `/api/purchases/${policy.id}`, seller)).statusCode).toBe(200);
    expect((await t.call("GET", `/api/purchases/${policy.id}`, impostor.cookie)).statusCode).toBe(404);
  });

  it("expires after 14 days, and the policy can then be offered again", async () => {
    const policy = await issue("Essential");
    const buyer = await newBuyer();
    const { transfer, token } = await start(policy.id, buyer.email);
    // as if the link had been sent 14 days and a minute ago
    await t.database.db.execute(
      sql`update policy_transfers set created_at = now() - interval '14 days 1 minute', expires_at = now() - interval '1 minute' where id = ${transfer.id}`,
    );
    const res = await accept(token, buyer.cookie);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(EXPIRED_TRANSFER_LINK);
    const current = await t.call("GET", `/api/purchases/${policy.id}/transfer`, seller);
    expect(current.json()).toEqual({ transfer: null });
    const expired = await t.call("GET", "/api/admin/transfers?status=expired", staff);
    expect(expired.json().map((r: { id: number }) => r.id)).toContain(transfer.id);
    // a new transfer can start; the old link stays dead
    const again = await start(policy.id, buyer.email);
    expect((await accept(token, buyer.cookie)).statusCode).toBe(410);
    expect((await accept(again.token, buyer.cookie)).json().status).toBe("completed");
  });

  it("is cancelled by the holder before acceptance; the buyer is told and the link stops", async () => {
    const policy = await issue("Essential");
    const buyer = await newBuyer();
    const { token } = await start(policy.id, buyer.email);
    const current = await t.call("GET", `/api/purchases/${policy.id}/transfer`, seller);
    expect(current.json().transfer).toMatchObject({ status: "pending", buyerName: "Meera Iyer" });
    // another customer cannot touch it
    expect((await t.call("POST", `/api/purchases/${policy.id}/transfer/cancel`, other)).statusCode).toBe(404);
    const seen = peer.received.length;
    const res = await t.call("POST", `/api/purchases/${policy.id}/transfer/cancel`, seller);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("cancelled");
    const [mail] = await mailsSince(seen, 1);
    expect(mail.rcptTo).toEqual([buyer.email]);
    expect(mail.parsed.subject).toBe(`The transfer of policy ${policy.policyNumber} was cancelled`);
    const late = await accept(token, buyer.cookie);
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(CANCELLED_TRANSFER_LINK);
    expect(await auditActions(policy.id)).toEqual([
      "purchase.issue",
      "purchase.transfer_start",
      "purchase.transfer_cancel",
    ]);
    // nothing left to cancel
    expect((await t.call("POST", `/api/purchases/${policy.id}/transfer/cancel`, seller)).statusCode).toBe(
      409,
    );
  });
});

describe("starting a transfer", () => {
  it("allows one open transfer per policy", async () => {
    const policy = await issue("Premium");
    await start(policy.id, "first-buyer@example.in");
    const second = await t.call("POST", `/api/purchases/${policy.id}/transfer`, seller, {
      name: "Someone Else",
      email: "second@example.in",
      phone: "9876543210",
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(TRANSFER_OPEN);
  });

  it("is refused for another customer's policy (404), an expired or cancelled one (409), and bad input (400)", async () => {
    const body = { name: "Meera Iyer", email: "meera@example.in", phone: "9876543210" };
    const policy = await issue("Essential");
    const others = await t.call("POST", `/api/purchases/${policy.id}/transfer`, other, body);
    expect(others.statusCode).toBe(404);
    expect(others.body).not.toContain(policy.policyNumber);

    const old = await issue("Essential", "2015-01-01");
    const expired = await t.call("POST", `/api/purchases/${old.id}/transfer`, seller, body);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe("This policy is expired, so it cannot be transferred.");

    const cancelled = await issue("Essential");
    await t.call("POST", `/api/admin/purchases/${cancelled.id}/cancel`, staff, {
      reason: "Customer asked to cancel",
    });
    const refused = await t.call("POST", `/api/purchases/${cancelled.id}/transfer`, seller, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This policy is cancelled, so it cannot be transferred.");

    const bad = await t.call("POST", `/api/purchases/${policy.id}/transfer`, seller, {
      name: "M",
      email: "not-an-email",
      phone: "12",
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["email", "name", "phone"]);
    const self = await t.call("POST", `/api/purchases/${policy.id}/transfer`, seller, {
      ...body,
      email: "Demo-Customer@hipws.example",
    });
    expect(self.statusCode).toBe(400);
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from policy_transfers where purchase_id in (${policy.id}, ${old.id}, ${cancelled.id})`,
    );
    expect(count.n).toBe(0);
  });
});
