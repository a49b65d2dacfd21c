import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import { multipartBody } from "../../../../tests/support/multipart.ts";
import { registerHome } from "../../../../tests/support/partner-homes.ts";
import {
  type PartnerTestContext,
  partnerFixtures,
  partnerTestContext,
} from "../../../../tests/support/partners.ts";
import { pdfText } from "../../../../tests/support/pdf-text.ts";
import type { SmtpPeer } from "../../../../tests/support/smtp-peer.ts";
import { createMailTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { todayInIndia } from "../../../shared/dates.ts";
import type { Verification } from "../../../shared/schemas/certificate.ts";
import type { AdminPartner } from "../../../shared/schemas/partner.ts";
import type { PolicyDetail } from "../../../shared/schemas/policy.ts";

/**
 * White label: a partner's policy carries the partner's name and logo, with the sentence
 * below, on its certificate, in its homeowner's e-mails (read from a real SMTP server) and
 * on the public verification answer; our own policies carry none of it.
 */
const SENTENCE = (name: string) =>
  `Warranty provided by ${name}, serviced by Home Interior Project Warranty Solutions`;
const NAME = "Nest & Grain Studio";

let peer: SmtpPeer;
let t: TestApp;
let staff: string;
let ctx: PartnerTestContext;
const kit = partnerFixtures(() => ctx);
let partner: AdminPartner;
let owner: string;
let customerId: number;

/** a 400 × 200 logo, as a designer would upload it */
const LOGO = await sharp({
  create: { width: 400, height: 200, channels: 4, background: { r: 26, g: 107, b: 92, alpha: 1 } },
})
  .jpeg()
  .toBuffer();

const uploadLogo = (partnerId: number, data: Buffer, filename = "logo.jpg", type = "image/jpeg") => {
  const form = multipartBody([{ name: "file", filename, type, data }]);
  return t.app.inject({
    method: "PUT",
    url: `/api/admin/partners/${partnerId}/logo`,
    headers: { cookie: staff, "content-type": form.contentType },
    payload: form.payload,
  });
};

const verifyCodeOf = async (purchaseId: number) =>
  (
    await queryRows<{ verify_code: string }>(
      t.database.db,
      sql`select verify_code from purchases where id = ${purchaseId}`,
    )
  )[0].verify_code;

/** the e-mails that arrive at the SMTP server for an address, once the queue has run */
async function mailsTo(email: string, atLeast = 1) {
  await t.app.jobs.drain();
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = peer.received.filter((m) => m.rcptTo.includes(email));
    if (found.length >= atLeast || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  const mail = await createMailTestApp();
  ({ t, peer } = mail);
  ctx = await partnerTestContext(t, mail.demo, peer);
  ({ staff, customerId } = ctx);
  const made = await kit.partnerWithUsers({ name: NAME });
  partner = made.partner;
  owner = made.owner.cookie;
});
afterAll(() => t?.close());

describe("the partner's logo", () => {
  it("staff upload a picture: it is stored as a PNG, audited, and served publicly with cache headers", async () => {
    const res = await uploadLogo(partner.id, LOGO);
    expect(res.statusCode, res.body).toBe(200);
    partner = res.json<AdminPartner>();
    expect(partner.hasLogo).toBe(true);
    expect(partner.logoUrl).toMatch(new RegExp(`^/api/partners/${partner.id}/logo\\?v=[\\w-]+$`));

    const logo = await t.app.inject({ method: "GET", url: partner.logoUrl! });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/png");
    expect(logo.headers["cache-control"]).toBe("public, max-age=86400");
    expect(logo.headers["x-content-type-options"]).toBe("nosniff");
    const meta = await sharp(logo.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 400, 200]);

    const [audit] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'partner.logo' and entity_id = ${partner.id}`,
    );
    expect(audit.n).toBe(1);
  });

  it("refuses what is not a picture, or too big, and keeps the logo it had", async () => {
    const notPicture = await uploadLogo(
      partner.id,
      Buffer.from("%PDF-1.4 not a logo"),
      "logo.png",
      "image/png",
    );
    expect(notPicture.statusCode).toBe(400);
    expect(notPicture.json().message).toBe('"logo.png" is not a PNG, JPEG or WebP picture.');
    const huge = await uploadLogo(partner.id, Buffer.alloc(2 * 1024 * 1024 + 10, 1), "huge.png", "image/png");
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/larger than 2 MB/);
    const unknown = await uploadLogo(999_999, LOGO);
    expect(unknown.statusCode).toBe(404);
    const now = await kit.call("GET", `/api/admin/partners/${partner.id}`, staff);
    expect(now.json<AdminPartner>().logoUrl).toBe(partner.logoUrl);
    expect((await t.app.inject({ method: "GET", url: "/api/partners/999999/logo" })).statusCode).toBe(404);
  });
});

describe("a partner's policy", () => {
  let policy: { id: number; policyNumber: string; homeowner: { email: string } };

  beforeAll(async () => {
    policy = await registerHome(t, owner, ctx.b2c.Premium);
  });

  it("the homeowner's invitation e-mail names the partner, shows its logo and says who services it", async () => {
    const [mail] = await mailsTo(policy.homeowner.email);
    expect(mail.parsed.subject).toContain(NAME);
    const text = String(mail.parsed.text).replace(/\s+/g, " ");
    expect(text).toContain(SENTENCE(NAME));
    const html = String(mail.parsed.html);
    expect(html).toContain(`src="http://localhost:5000${partner.logoUrl!.replace("&", "&amp;")}"`);
    expect(html).toContain(`alt="${NAME.replace("&", "&amp;")}"`);
    // claims still come to us: our contact details stay at the foot
    expect(text).toContain("Home Interior Project Warranty Solutions · Chennai");
  });

  it("the certificate carries the sentence, and is made again when the logo changes", async () => {
    const url = `/api/purchases/${policy.id}/certificate.pdf`;
    const first = await kit.call("GET", url, staff);
    expect(first.statusCode, first.body).toBe(200);
    const text = pdfText(first.rawPayload).replace(/\s+/g, " ");
    expect(text).toContain(SENTENCE(NAME));
    expect(text).toContain(NAME);
    // the logo is drawn into it
    expect(first.rawPayload.toString("latin1")).toMatch(/\/Subtype \/Image/);
    expect((await kit.call("GET", url, staff)).headers["x-certificate-cache"]).toBe("hit");

    const replaced = await uploadLogo(partner.id, await sharp(LOGO).resize(200, 100).png().toBuffer());
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<AdminPartner>().logoUrl).not.toBe(partner.logoUrl);
    partner = replaced.json<AdminPartner>();
    expect((await kit.call("GET", url, staff)).headers["x-certificate-cache"]).toBe("miss");
  });

  it("the public verification answer names the partner, its logo and the sentence", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/verify/${await verifyCodeOf(policy.id)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json<Verification>().partner).toEqual({
      name: NAME,
      logoUrl: partner.logoUrl,
      line: SENTENCE(NAME),
    });
  });

  it("the homeowner's own policy page names the partner, who paid for the cover", async () => {
    const res = await kit.call("GET", `/api/purchases/${policy.id}`, staff);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<PolicyDetail>();
    expect(detail.purchase.partnerId).toBe(partner.id);
    expect(detail.partner).toEqual({ name: NAME, logoUrl: partner.logoUrl, line: SENTENCE(NAME) });
  });

  it("the public verification page shows the partner's logo and the sentence", async () => {
    // the page is rendered from the built client (npm run build)
    const page = await t.app.inject({ method: "GET", url: `/verify/${await verifyCodeOf(policy.id)}` });
    expect(page.statusCode).toBe(200);
    const html = page.body.replaceAll("&amp;", "&");
    expect(html).toContain(SENTENCE(NAME));
    expect(html).toContain(`src="${partner.logoUrl}"`);
    expect(html).toContain(`alt="${NAME} logo"`);
  });

  it("when staff activate a pending one, the e-mail about it carries the partner too", async () => {
    const pending = await kit.partnerWithUsers({ name: "Teak Trail Interiors", handoverStatus: "pending" });
    const home = await registerHome(t, pending.owner.cookie, ctx.b2c.Premium);
    const activated = await kit.call("POST", `/api/admin/purchases/${home.id}/activate`, staff);
    expect(activated.statusCode, activated.body).toBe(200);
    const mails = await mailsTo(home.homeowner.email, 2);
    const mail = mails.find((m) => String(m.parsed.subject).includes("is now active"));
    expect(mail).toBeDefined();
    expect(String(mail!.parsed.text).replace(/\s+/g, " ")).toContain(SENTENCE("Teak Trail Interiors"));
  });
});

describe("our own policy", () => {
  it("shows no partner on its certificate, its e-mail or its verification", async () => {
    const issued = await kit.call("POST", "/api/admin/purchases", staff, {
      userId: customerId,
      planId: ctx.b2c.Premium,
      propertyAddress: "7 Boat Club Road, R A Puram",
      propertyCity: "Chennai",
      propertyState: "Tamil Nadu",
      propertyPincode: "600028",
      startDate: todayInIndia(),
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const id = issued.json<{ id: number }>().id;
    const [customer] = await queryRows<{ email: string }>(
      t.database.db,
      sql`select email from users where id = ${customerId}`,
    );
    const mails = await mailsTo(customer.email);
    const mail = mails.find((m) => String(m.parsed.subject).includes("has been issued"));
    expect(mail).toBeDefined();
    expect(String(mail!.parsed.text)).not.toMatch(/Warranty provided by|serviced by/);
    expect(String(mail!.parsed.html)).not.toContain("/api/partners/");

    const cert = pdfText((await kit.call("GET", `/api/purchases/${id}/certificate.pdf`, staff)).rawPayload);
    expect(cert.replace(/\s+/g, " ")).not.toMatch(/Warranty provided by|serviced by/);
    const v = await t.app.inject({ method: "GET", url: `/api/verify/${await verifyCodeOf(id)}` });
    expect(v.json<Verification>().partner).toBeNull();
    const own = (await kit.call("GET", `/api/purchases/${id}`, staff)).json<PolicyDetail>();
    expect(own.partner).toBeNull();
    expect(own.purchase.partnerId).toBeNull();
    const page = await t.app.inject({ method: "GET", url: `/verify/${await verifyCodeOf(id)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/Warranty provided by|serviced by/);
  });
});
