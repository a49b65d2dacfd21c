import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import { registerHome } from "../../../../tests/support/partner-homes.ts";
import {
  type PartnerTestContext,
  partnerFixtures,
  partnerTestApp,
} from "../../../../tests/support/partners.ts";
import { pdfText } from "../../../../tests/support/pdf-text.ts";
import type { TestApp } from "../../../../tests/support/test-app.ts";
import { addDays, todayInIndia } from "../../../shared/dates.ts";
import { formatDate } from "../../../shared/format.ts";
import { gstinCheckChar } from "../../../shared/gstin.ts";
import type { RunningStatement, Statement, StatementSummary } from "../../../shared/schemas/partner.ts";
import { OWNERS_ONLY_BILLING } from "./partner-access.ts";
import { statementsRunHandler } from "./statement-jobs.ts";
import { runningStatement } from "./statements.ts";

/**
 * Partners' monthly statements through the API: staff issue a month that has ended, and
 * get its registrations (India time) with the plan's fee and a GST tax invoice due in 30
 * days; the partner reads and downloads its own statements and nobody else's.
 */
let t: TestApp;
let staff: string;
let ctx: PartnerTestContext;
const kit = partnerFixtures(() => ctx);
let b2b: Record<string, number>;

const gstin = (first14: string) => first14 + gstinCheckChar(first14);

/** the India month `n` months before this one, "YYYY-MM" */
function monthsAgo(n: number): string {
  const [y, m] = todayInIndia().slice(0, 7).split("-").map(Number);
  return new Date(Date.UTC(y, m - 1 - n, 1)).toISOString().slice(0, 7);
}
const lastMonth = monthsAgo(1);
const thisMonth = monthsAgo(0);
/** the first instant of a month in India */
const monthStart = (month: string) => new Date(`${month}-01T00:00:00+05:30`);

/** moves a registration to another instant, as if it had been made then */
async function registeredAt(purchaseId: number, at: Date) {
  await t.database.db.execute(
    sql`update purchases set created_at = ${at.toISOString()}::timestamptz where id = ${purchaseId}`,
  );
}

const issue = (partnerId: number, month: string) =>
  kit.call("POST", `/api/admin/partners/${partnerId}/statements`, staff, { month });

beforeAll(async () => {
  ctx = await partnerTestApp();
  ({ t, staff, b2b } = ctx);
});
afterAll(() => t?.close());

describe("a Standard partner in Tamil Nadu", () => {
  let partnerId: number;
  let owner: string;
  let listed: string[];
  let statement: Statement;

  beforeAll(async () => {
    const made = await kit.partnerWithUsers({
      name: "Kolam Design Studio",
      gstin: gstin("33AAKCK1234L1Z"),
      planId: b2b["Standard Plan"],
      overQuota: "bill",
    });
    partnerId = made.partner.id;
    owner = made.owner.cookie;
    // eleven homes in a month of a 10-project plan: the eleventh is accepted past the quota
    const homes = [];
    for (let i = 0; i < 11; i++) homes.push(await registerHome(t, owner, ctx.b2c.Premium));
    // spread over last month, the first at its very first instant in India
    for (const [i, h] of homes.entries()) {
      await registeredAt(h.id, new Date(monthStart(lastMonth).getTime() + i * 86_400_000));
    }
    listed = homes.map((h) => h.policyNumber);
    // one a millisecond before last month began, one at the first instant of this month: neither is last month's
    const before = await registerHome(t, owner, ctx.b2c.Premium);
    await registeredAt(before.id, new Date(monthStart(lastMonth).getTime() - 1));
    const after = await registerHome(t, owner, ctx.b2c.Premium);
    await registeredAt(after.id, monthStart(thisMonth));
  });

  it("lists exactly last month's registrations with the plan's fee, and taxes it CGST + SGST", async () => {
    const res = await issue(partnerId, lastMonth);
    expect(res.statusCode, res.body).toBe(201);
    statement = res.json<Statement>();
    expect(statement.month).toBe(lastMonth);
    expect(statement.lines.map((l) => l.policyNumber)).toEqual(listed);
    expect(statement.registrations).toBe(11);
    expect(statement.overQuota).toBe(1);
    // ₹4,999 a month covers ten; the eleventh is a tenth of it
    expect(statement.monthlyFeePaise).toBe(499_900);
    expect(statement.registrationFeePaise).toBe(49_990);
    expect(statement.lines.map((l) => [l.overQuota, l.feePaise])).toEqual([
      ...Array(10).fill([false, 0]),
      [true, 49_990],
    ]);
    expect(statement.lines[0].registeredOn).toBe(`${lastMonth}-01`);
    await expectRunningAsIssued(statement);
    expect(statement.lines[0].homeowner).toMatch(/^Lakshmi Narayanan \d+$/);
    expect(statement.lines[0].planName).toBe("Premium");
    expect(statement).toMatchObject({
      // the fees are before GST: 9 % of them, rounded once, is each half
      taxable: 549_890,
      tax: 98_980,
      cgst: 49_490,
      sgst: 49_490,
      total: 648_870,
      igst: 0,
      intraState: true,
      placeOfSupply: "Tamil Nadu (33)",
    });
    expect(statement.invoiceNumber).toMatch(/^HIP\/\d\d-\d\d\/\d{6}$/);
    expect(statement.issuedOn).toBe(todayInIndia());
    expect(statement.dueOn).toBe(addDays(statement.issuedOn, 30));
  });

  it("shares the policies' invoice number series, and is audited", async () => {
    const [inv] = await queryRows<{ number: string; purchase_id: number | null; customer_gstin: string }>(
      t.database.db,
      sql`select number, purchase_id, customer_gstin from invoices where number = ${statement.invoiceNumber}`,
    );
    expect(inv.purchase_id).toBeNull();
    expect(inv.customer_gstin).toBe(gstin("33AAKCK1234L1Z"));
    const [audit] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'partner.statement_issue' and entity_id = ${partnerId}`,
    );
    expect(audit.n).toBe(1);
  });

  it("downloads as one PDF: the tax invoice with its 30-day terms, then the registrations", async () => {
    for (const [url, cookie] of [
      [statement.url, staff],
      [`/api/partner/statements/${statement.id}`, owner],
    ] as const) {
      const res = await kit.call("GET", url, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      const text = pdfText(res.rawPayload).replace(/\s+/g, " ");
      expect(text).toContain("TAX INVOICE");
      expect(text).toContain(statement.invoiceNumber);
      expect(text).toContain(gstin("33AAKCK1234L1Z"));
      expect(text).toContain("CGST @ 9%");
      expect(text).toContain("Rs. 5,498.90");
      expect(text).toContain(
        `Payment terms: 30 days from the invoice date, due by ${formatDate(statement.dueOn)}`,
      );
      for (const n of listed) expect(text).toContain(n);
      expect(text).toContain("over quota");
    }
  });

  it("shows the month so far as its statement would read, issuing nothing", async () => {
    const audits = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from audit_log where entity_id = ${partnerId} and action = 'partner.statement_issue'`,
        )
      )[0].n;
    const before = await audits();
    const fresh = await registerHome(t, owner, ctx.b2c.Elite);
    for (const cookie of [owner, staff]) {
      const url =
        cookie === staff
          ? `/api/admin/partners/${partnerId}/statements/current`
          : "/api/partner/statements/current";
      const res = await kit.call("GET", url, cookie);
      expect(res.statusCode, res.body).toBe(200);
      const running = res.json<RunningStatement>();
      // this month's registrations only (the one moved to this month's first instant, and the new one)
      expect(running.month).toBe(thisMonth);
      expect(running.asOf).toBe(todayInIndia());
      expect(running.lines.map((l) => l.policyNumber).slice(-1)).toEqual([fresh.policyNumber]);
      expect(running.registrations).toBe(2);
      expect(running.lines[1]).toMatchObject({ planName: "Elite", overQuota: false, feePaise: 0 });
      expect(running).toMatchObject({ monthlyFeePaise: 499_900, overQuota: 0, total: 589_882 });
      expect(running).not.toHaveProperty("invoiceNumber");
      expect(running.notListed).toBe(0);
    }
    // a month of many registrations lists only the newest, and still counts and bills them all
    const newestOnly = await runningStatement(t.database.db, partnerId, todayInIndia(), 1);
    expect(newestOnly.lines.map((l) => l.policyNumber)).toEqual([fresh.policyNumber]);
    expect(newestOnly).toMatchObject({ registrations: 2, notListed: 1, overQuota: 0, total: 589_882 });
    // nothing issued: the list of statements holds last month's only, no statement was audited
    const list = await kit.call("GET", "/api/partner/statements", owner);
    expect(list.json<StatementSummary[]>().map((s) => s.month)).toEqual([lastMonth]);
    expect(await audits()).toBe(before);
    // another partner's id is not found for staff, as every partner call
    const unknown = await kit.call("GET", "/api/admin/partners/999999/statements/current", staff);
    expect(unknown.statusCode).toBe(404);
  });

  it("is issued once: a second issue of the month is refused and changes nothing", async () => {
    const count = async () =>
      (
        await queryRows<{ s: number; i: number }>(
          t.database.db,
          sql`select (select count(*)::int from partner_statements) as s, (select count(*)::int from invoices) as i`,
        )
      )[0];
    const before = await count();
    const again = await issue(partnerId, lastMonth);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already been issued/);
    const early = await issue(partnerId, thisMonth);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/once the month has ended/);
    const beforeContract = await issue(partnerId, "2025-12");
    expect(beforeContract.statusCode).toBe(400);
    const bad = await issue(partnerId, "2026-13");
    expect(bad.statusCode).toBe(400);
    expect(await count()).toEqual(before);
  });
});

describe("a partner outside Tamil Nadu", () => {
  it("is taxed IGST, the place of supply the state of its GSTIN", async () => {
    const { partner, owner } = await kit.partnerWithUsers({
      name: "Bengaluru Woodworks",
      gstin: gstin("29AABCB5678M1Z"),
      address: "80 Feet Road, Indiranagar, Bengaluru 560038",
      planId: b2b["Professional Plan"],
    });
    for (let i = 0; i < 2; i++) {
      const h = await registerHome(t, owner.cookie, ctx.b2c.Premium);
      await registeredAt(h.id, new Date(monthStart(lastMonth).getTime() + 3 * 86_400_000));
    }
    const res = await issue(partner.id, lastMonth);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Statement>()).toMatchObject({
      registrations: 2,
      monthlyFeePaise: 999_900,
      taxable: 999_900,
      igst: 179_982,
      total: 1_179_882,
      cgst: 0,
      sgst: 0,
      intraState: false,
      placeOfSupply: "Karnataka (29)",
    });
    const pdf = pdfText((await kit.call("GET", res.json<Statement>().url, staff)).rawPayload);
    expect(pdf).toContain("IGST @ 18%");
    expect(pdf).not.toContain("CGST");
  });
});

/**
 * The running statement counts and bills a month in SQL, listing only its newest lines; read
 * on the month's last day, it must agree with the statement issued from every line.
 */
async function expectRunningAsIssued(issued: Statement) {
  const lastDay = new Date(monthStart(thisMonth).getTime() - 1);
  const running = await runningStatement(t.database.db, issued.partnerId, todayInIndia(lastDay), 2);
  expect(running.month).toBe(issued.month);
  const { registrations, overQuota, monthlyFeePaise, registrationFeePaise, total } = issued;
  expect(running).toMatchObject({ registrations, overQuota, monthlyFeePaise, registrationFeePaise, total });
  expect(running.lines).toEqual(issued.lines.slice(-2));
  expect(running.notListed).toBe(issued.registrations - 2);
}

describe("an Enterprise partner", () => {
  it("is charged the agreed price for each registration, with no monthly fee", async () => {
    const { partner, owner } = await kit.partnerWithUsers({
      name: "Skyline Builders",
      gstin: null,
      address: "12 MG Road, Bengaluru 560001",
      planId: b2b["Enterprise Plan"],
      agreedPricePaise: 150_000,
    });
    for (let i = 0; i < 3; i++) {
      const h = await registerHome(t, owner.cookie, ctx.b2c.Premium);
      await registeredAt(h.id, new Date(monthStart(lastMonth).getTime() + (i + 1) * 86_400_000));
    }
    const res = await issue(partner.id, lastMonth);
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json<Statement>();
    expect(s.lines.map((l) => l.feePaise)).toEqual([150_000, 150_000, 150_000]);
    expect(s).toMatchObject({
      monthlyFeePaise: 0,
      registrationFeePaise: 150_000,
      taxable: 450_000,
      igst: 81_000,
      total: 531_000,
      intraState: false,
      placeOfSupply: "Outside Tamil Nadu",
    });
    await expectRunningAsIssued(s);
    // a month with no registrations has nothing to bill
    const empty = await issue(partner.id, monthsAgo(2));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/nothing to bill/);
  });
});

describe("who sees a statement", () => {
  it("a partner lists and downloads its own statements only; another partner's is not found", async () => {
    const a = await kit.partnerWithUsers({ name: "Alpha Interiors", planId: b2b["Standard Plan"] });
    const b = await kit.partnerWithUsers({ name: "Beta Interiors", planId: b2b["Standard Plan"] });
    const sa = (await issue(a.partner.id, lastMonth)).json<Statement>();
    const sb = (await issue(b.partner.id, lastMonth)).json<Statement>();
    await issue(a.partner.id, monthsAgo(2));

    const list = await kit.call("GET", "/api/partner/statements?limit=1", a.owner.cookie);
    expect(list.statusCode).toBe(200);
    const page = list.json<StatementSummary[]>();
    expect(page.map((s) => s.id)).toEqual([sa.id]);
    expect(page[0].url).toBe(`/api/partner/statements/${sa.id}`);
    expect(list.headers.link).toMatch(/rel="next"/);
    expect(list.headers["x-total-count"]).toBe("2");

    expect((await kit.call("GET", `/api/partner/statements/${sb.id}`, a.owner.cookie)).statusCode).toBe(404);
    expect((await kit.call("GET", `/api/partner/statements/${sa.id}`, b.owner.cookie)).statusCode).toBe(404);
    // staff reach a statement only under its own partner
    const crossed = await kit.call("GET", `/api/admin/partners/${a.partner.id}/statements/${sb.id}`, staff);
    expect(crossed.statusCode).toBe(404);
    const staffList = await kit.call("GET", `/api/admin/partners/${b.partner.id}/statements`, staff);
    expect(staffList.json<StatementSummary[]>().map((s) => s.id)).toEqual([sb.id]);

    // statements are billing documents: a member of the partner reads none of them
    for (const url of [
      "/api/partner/statements",
      "/api/partner/statements/current",
      `/api/partner/statements/${sa.id}`,
    ]) {
      const res = await kit.call("GET", url, a.member.cookie);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(OWNERS_ONLY_BILLING);
    }
  });
});

describe("the monthly run", () => {
  it("issues each partner's statement for the month that ended, once, passing over what it cannot bill", async () => {
    const standard = await kit.createPartner({ name: "Monthly Run Studio", planId: b2b["Standard Plan"] });
    const byStaff = await kit.createPartner({ name: "Issued By Staff", planId: b2b["Standard Plan"] });
    const quiet = await kit.createPartner({
      name: "Quiet Builders",
      planId: b2b["Enterprise Plan"],
      agreedPricePaise: 90_000,
    });
    const newcomer = await kit.createPartner({
      name: "Newcomer Interiors",
      planId: b2b["Standard Plan"],
      contractStart: todayInIndia(),
    });
    const staffIssued = (await issue(byStaff.id, lastMonth)).json<Statement>();
    const statementsOf = async (partnerId: number) =>
      (await kit.call("GET", `/api/admin/partners/${partnerId}/statements`, staff)).json<
        StatementSummary[]
      >();

    const run = statementsRunHandler(t.database.db);
    await run({} as never);
    await run({} as never);

    const issued = await statementsOf(standard.id);
    expect(issued.map((s) => [s.month, s.total])).toEqual([[lastMonth, 589_882]]);
    expect((await statementsOf(byStaff.id)).map((s) => s.id)).toEqual([staffIssued.id]);
    expect(await statementsOf(quiet.id)).toEqual([]);
    expect(await statementsOf(newcomer.id)).toEqual([]);
    const [audit] = await queryRows<{ actor_id: number | null }>(
      t.database.db,
      sql`select actor_id from audit_log where action = 'partner.statement_issue' and entity_id = ${standard.id}`,
    );
    expect(audit.actor_id).toBeNull();
  });
});
