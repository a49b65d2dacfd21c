import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import { multipartBody } from "../../../../tests/support/multipart.ts";
import {
  type PartnerTestContext,
  partnerFixtures,
  partnerTestApp,
} from "../../../../tests/support/partners.ts";
import type { TestApp } from "../../../../tests/support/test-app.ts";
import { todayInIndia } from "../../../shared/dates.ts";
import { type PartnerPolicy, UNUSABLE_HOMEOWNER_EMAIL } from "../../../shared/schemas/partner.ts";
import {
  IMPORT_COLUMNS,
  IMPORT_EXPIRED_MESSAGE,
  IMPORT_MAX_ROWS,
  IMPORT_OVER_QUOTA_MESSAGE,
  IMPORT_PREVIEW_DAYS,
  IMPORT_REPORT_MAX,
  type PartnerImport,
} from "../../../shared/schemas/partner-import.ts";
import { cleanupHandler, JOBS_CLEANUP } from "../jobs/cleanup.ts";

/**
 * A partner's CSV import of handovers through the API: the preview's report row by row,
 * the commit of all rows or none, and files that are wrong in every way a real file is.
 */
let t: TestApp;
let staff: string;
let customer: string;
let customerEmail: string;
let b2b: Record<string, number>;

const { call, partnerWithUsers, lastMailTo, tokenIn, acceptInvitation } = partnerFixtures(() => context);

let context: PartnerTestContext;
beforeAll(async () => {
  context = await partnerTestApp();
  ({ t, staff, customer, customerEmail, b2b } = context);
});
afterAll(() => t?.close());

const HEADER = IMPORT_COLUMNS.map((c) => c.header);
let homes = 0;
/** one row of the template, by its columns */
function home(overrides: Partial<Record<(typeof IMPORT_COLUMNS)[number]["key"], string>> = {}) {
  homes++;
  const row: Record<string, string> = {
    homeownerName: "Lakshmi Narayanan",
    homeownerEmail: `import-home-${homes}@example.in`,
    homeownerPhone: "+91 98400 12345",
    propertyAddress: `${homes} Besant Avenue, Adyar`,
    propertyCity: "Chennai",
    propertyState: "Tamil Nadu",
    propertyPincode: "600020",
    plan: "Premium",
    installDate: todayInIndia(),
    installer: "Team Ravi",
    coveredItems: "Kitchen:Hinges:Hettich; Master bedroom:Wardrobe",
    ...overrides,
  };
  return IMPORT_COLUMNS.map((c) => row[c.key]);
}
const csv = (rows: string[][], newline = "\r\n") => Papa.unparse([HEADER, ...rows], { newline });

const enterprise = () => partnerWithUsers({ planId: b2b["Enterprise Plan"], agreedPricePaise: 150000 });

/** the file as a text/csv body */
const upload = (cookie: string, body: string | Buffer, type = "text/csv") =>
  t.app.inject({
    method: "POST",
    url: "/api/partner/imports",
    headers: { cookie, "content-type": type },
    payload: body,
  });

const count = async (table: string) =>
  (await queryRows<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0].n;
/** what an import could have made, or kept */
const made = async () => ({
  purchases: await count("purchases"),
  users: await count("users"),
  imports: await count("partner_imports"),
  jobs: await count("jobs"),
});

describe("partner CSV imports", () => {
  it("lists every error of a row at once, in the template's order of columns", async () => {
    const { member } = await enterprise();
    const file = csv([
      home({ homeownerEmail: "not-an-address", installDate: "2099-01-01" }), // line 2
      home({ homeownerPhone: "12", homeownerEmail: member.email, plan: "Platinum" }), // line 3
      home({ plan: "Essential", installDate: "2001-01-01", propertyPincode: "1" }), // line 4
    ]);
    const res = await upload(member.cookie, file);
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json<PartnerImport>();
    expect(preview.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [2, "E-mail", UNUSABLE_HOMEOWNER_EMAIL],
      [2, "Install date", "The install date cannot be in the future"],
      [3, "E-mail", UNUSABLE_HOMEOWNER_EMAIL],
      [3, "Phone", "Please enter a valid phone number"],
      [3, "Plan", 'Unknown plan "Platinum". Use Essential, Premium, Elite.'],
      [4, "PIN code", "Please enter a valid 6-digit PIN code"],
      [4, "Install date", "The cover of a project installed that long ago has already ended"],
    ]);
    expect(preview).toMatchObject({ errorCount: 7, rowsWithErrors: 3, canCommit: false });
  });

  it("previews row by row: bad e-mail, unknown plan, missing PIN code, duplicates, existing homeowners, formulas", async () => {
    const { member } = await enterprise();
    const before = await made();
    const file = csv([
      home(), // line 2
      home({ homeownerEmail: "not-an-address" }), // line 3
      home({ plan: "Platinum" }), // line 4
      home({ propertyPincode: "" }), // line 5
      home({ propertyAddress: "7 Duplicate Street, Mylapore", homeownerEmail: "twice@example.in" }), // 6
      home({ propertyAddress: "7 duplicate street mylapore", homeownerEmail: "twice@example.in" }), // 7
      home({ homeownerEmail: customerEmail }), // 8: a customer: a warning, the policy joins their account
      home({ homeownerEmail: member.email }), // 9: a partner user's address is no homeowner's
      home({ installer: '=HYPERLINK("http://evil.example","x")' }), // 10
      home({ homeownerPhone: "+91-98400-12345", homeownerName: "@Ravi" }), // 11: the phone is fine, the name is not
      home({ propertyAddress: "12 Line One\nLine Two, Adyar", plan: "premium plan" }), // 12-13: a line break in quotes
      home({ installDate: "2099-01-01" }), // 14
      home({ installDate: "31/02/2026" }), // 15
      home({ coveredItems: "Kitchen:Sofa" }), // 16
    ]);
    const res = await upload(member.cookie, file);
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json<PartnerImport>();
    const errors = preview.errors.map((e) => [e.row, e.column, e.message]);
    expect(errors).toEqual([
      [3, "E-mail", UNUSABLE_HOMEOWNER_EMAIL],
      [4, "Plan", 'Unknown plan "Platinum". Use Essential, Premium, Elite.'],
      [5, "PIN code", "Please enter a valid 6-digit PIN code"],
      [
        7,
        null,
        "The same homeowner and address as row 6: each home is registered once. Please remove one of the two rows.",
      ],
      [9, "E-mail", UNUSABLE_HOMEOWNER_EMAIL],
      [
        10,
        "Installer",
        expect.stringContaining('Starts with "=", which a spreadsheet would run as a formula'),
      ],
      [11, "Homeowner name", expect.stringContaining('Starts with "@"')],
      [14, "Install date", "The install date cannot be in the future"],
      [15, "Install date", "Please enter the install date as YYYY-MM-DD or DD/MM/YYYY, a real day"],
      [16, "Covered items", expect.stringContaining('"Sofa" is not a covered item')],
    ]);
    // row 8 is an existing customer's address: the preview does not say so
    expect(preview.warnings).toEqual([]);
    expect(preview).toMatchObject({
      rowCount: 14,
      errorCount: 10,
      rowsWithErrors: 10,
      encoding: "utf-8",
      canCommit: false,
      blockedBecause: expect.stringContaining("10 of the file's 14 rows have errors"),
    });
    // the valid rows, as they will be registered: the quoted address keeps its line break
    expect(preview.sample.map((s) => [s.row, s.planName])).toEqual([
      [2, "Premium"],
      [6, "Premium"],
      [8, "Premium"],
      [12, "Premium"],
    ]);
    expect(preview.sample[3].propertyAddress).toBe("12 Line One\nLine Two, Adyar");

    // nothing is made by a preview, and a file with errors cannot be committed
    const refused = await call("POST", `/api/partner/imports/${preview.id}/commit`, member.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(preview.blockedBecause);
    expect(await made()).toEqual({ ...before, imports: before.imports + 1 });
  });

  it("commits every row in one go: policies in the partner's name, one import, invitations queued", async () => {
    const { partner, member, owner } = await enterprise();
    const rows = [
      home({ homeownerName: "Asha Raman Iyer" }),
      home({ installDate: "01/11/2026".replace("2026", todayInIndia().slice(0, 4)), coveredItems: "" }),
      home({ homeownerEmail: customerEmail, plan: "Elite" }),
    ];
    const form = multipartBody([
      { name: "file", filename: "november.csv", type: "text/csv", data: csv(rows) },
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/partner/imports",
      headers: { cookie: member.cookie, "content-type": form.contentType },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json<PartnerImport>();
    expect(preview).toMatchObject({
      fileName: "november.csv",
      rowCount: 3,
      errorCount: 0,
      canCommit: true,
    });
    // another partner's user cannot read or commit it
    const other = await enterprise();
    for (const [method, url] of [
      ["GET", `/api/partner/imports/${preview.id}`],
      ["POST", `/api/partner/imports/${preview.id}/commit`],
    ] as const) {
      expect((await call(method, url, other.member.cookie)).statusCode).toBe(404);
    }
    expect((await call("GET", `/api/partner/imports/${preview.id}`, owner.cookie)).json()).toEqual(preview);

    const committed = await call("POST", `/api/partner/imports/${preview.id}/commit`, member.cookie);
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json<PartnerImport>()).toMatchObject({ committedCount: 3, canCommit: false });
    expect(committed.json<PartnerImport>().committedAt).not.toBeNull();

    const policies = (await call("GET", "/api/partner/policies", owner.cookie)).json<PartnerPolicy[]>();
    expect(policies.map((p) => [p.homeowner.email, p.planName]).sort()).toEqual(
      [
        [rows[0][1], "Premium"],
        [rows[1][1], "Premium"],
        [customerEmail, "Elite"],
      ].sort(),
    );
    expect(policies.find((p) => p.homeowner.email === rows[0][1])?.homeowner.name).toBe("Asha Raman Iyer");
    const linked = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from purchases where import_id = ${preview.id} and partner_id = ${partner.id}`,
    );
    expect(linked[0].n).toBe(3);
    // the covered items of the first row are among its policy's items
    const items = await queryRows<{ room: string; item_type: string; brand: string | null }>(
      t.database.db,
      sql`select i.room, i.item_type, i.brand from policy_items i join purchases p on p.id = i.purchase_id
          join users u on u.id = p.user_id where u.email = ${rows[0][1]} order by i.id`,
    );
    expect(items).toEqual([
      { room: "Kitchen", item_type: "hinges", brand: "Hettich" },
      { room: "Master bedroom", item_type: "wardrobe", brand: null },
    ]);
    // each new homeowner is invited to set a password; the existing customer is told, with no such link
    const invitation = await lastMailTo(rows[0][1]);
    expect(invitation.template).toBe("partner_handover");
    expect(tokenIn(invitation.text)).toBeDefined();
    expect(tokenIn((await lastMailTo(customerEmail)).text)).toBeUndefined();
    const audit = await queryRows<{ action: string; details: { importId: number; policies: number } }>(
      t.database.db,
      sql`select action, details from audit_log where entity_type = 'partner' and entity_id = ${partner.id} and action = 'partner.import'`,
    );
    expect(audit).toMatchObject([{ details: { importId: preview.id, policies: 3 } }]);

    // committing twice makes nothing twice
    const before = await made();
    const again = await call("POST", `/api/partner/imports/${preview.id}/commit`, member.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("its 3 homes are registered");
    // and the same file uploaded again says the homes are registered already
    const reupload = (await upload(member.cookie, csv(rows))).json<PartnerImport>();
    expect(reupload.errors.map((e) => e.row)).toEqual([2, 3, 4]);
    expect(reupload.errors[0].message).toContain("already registered this home");
    expect(await made()).toEqual({ ...before, imports: before.imports + 1 });

    const list = await call("GET", "/api/partner/imports?limit=1", member.cookie);
    expect(list.headers["x-total-count"]).toBe("2");
    expect(list.json()).toMatchObject([{ id: reupload.id, canCommit: false, committedCount: null }]);
  });

  it("a homeowner with several homes in the file gets one e-mail naming them all, with one set-password link", async () => {
    const { member } = await enterprise();
    const email = `two-homes-${homes}@example.in`;
    const rows = [
      home({ homeownerEmail: email, propertyAddress: "4 First Street, Adyar" }),
      home(),
      home({
        homeownerEmail: email,
        propertyAddress: "9 Beach Road, Kovalam",
        propertyCity: "Chennai",
        plan: "Elite",
      }),
    ];
    const preview = (await upload(member.cookie, csv(rows))).json<PartnerImport>();
    expect(preview.canCommit, JSON.stringify(preview.errors)).toBe(true);
    const committed = await call("POST", `/api/partner/imports/${preview.id}/commit`, member.cookie);
    expect(committed.statusCode, committed.body).toBe(200);
    await t.app.jobs.drain();

    const mails = await queryRows<{ subject: string; text: string }>(
      t.database.db,
      sql`select subject, text from emails where to_address = ${email}`,
    );
    expect(mails).toHaveLength(1);
    const numbers = await queryRows<{ policy_number: string }>(
      t.database.db,
      sql`select p.policy_number from purchases p join users u on u.id = p.user_id where u.email = ${email} order by p.id`,
    );
    expect(numbers).toHaveLength(2);
    expect(mails[0].subject).toContain(`${numbers[0].policy_number} and 1 more`);
    expect(mails[0].text).toContain(numbers[1].policy_number);
    expect(mails[0].text).toContain("Elite");
    const tokens = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from password_reset_tokens r join users u on u.id = r.user_id where u.email = ${email}`,
    );
    expect(tokens[0].n).toBe(1);
    // the one link opens the account that holds both homes
    const cookie = await acceptInvitation(email);
    const mine = await call("GET", "/api/purchases", cookie);
    expect(
      mine
        .json<{ purchase: { policyNumber: string } }[]>()
        .map((p) => p.purchase.policyNumber)
        .sort(),
    ).toEqual(numbers.map((n) => n.policy_number).sort());
    // the homeowner on the other row has an e-mail of their own, about one home
    expect((await lastMailTo(rows[1][1])).subject).not.toContain("more");
  });

  it("decides again at the commit: a home registered since the preview refuses the whole file", async () => {
    const { member } = await enterprise();
    const rows = [home(), home()];
    const preview = (await upload(member.cookie, csv(rows))).json<PartnerImport>();
    expect(preview.canCommit).toBe(true);
    const single = await call("POST", "/api/partner/handovers", member.cookie, {
      homeownerName: rows[1][0],
      homeownerEmail: rows[1][1],
      homeownerPhone: "9840012345",
      propertyAddress: rows[1][3],
      propertyCity: "Chennai",
      propertyPincode: "600020",
      planId: (
        await queryRows<{ id: number }>(t.database.db, sql`select id from plans where name = 'Premium'`)
      )[0].id,
      installDate: todayInIndia(),
    });
    expect(single.statusCode, single.body).toBe(201);
    const before = await made();
    const res = await call("POST", `/api/partner/imports/${preview.id}/commit`, member.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Row 3: your organisation has registered this home/);
    expect(await made()).toEqual(before);
  });

  it("checks the month's quota: a file past it is refused in the preview, or flagged for billing", async () => {
    const refuse = await partnerWithUsers();
    const eleven = Array.from({ length: 11 }, () => home());
    const preview = (await upload(refuse.member.cookie, csv(eleven))).json<PartnerImport>();
    expect(preview).toMatchObject({
      errorCount: 0,
      canCommit: false,
      blockedBecause: IMPORT_OVER_QUOTA_MESSAGE(10, 0, 11),
      quota: { quota: 10, registered: 0, pastQuota: 1, overQuota: "refuse" },
    });
    expect(
      (await call("POST", `/api/partner/imports/${preview.id}/commit`, refuse.member.cookie)).statusCode,
    ).toBe(409);
    const bill = await partnerWithUsers({ overQuota: "bill" });
    const billed = (await upload(bill.member.cookie, csv(eleven.map(() => home())))).json<PartnerImport>();
    expect(billed).toMatchObject({ canCommit: true, quota: { pastQuota: 1 } });
    const done = await call("POST", `/api/partner/imports/${billed.id}/commit`, bill.member.cookie);
    expect(done.statusCode, done.body).toBe(200);
    const month = (await call("GET", "/api/partner", bill.owner.cookie)).json();
    expect(month.month).toMatchObject({ registrations: 11, overQuota: 1 });
  });

  it("reads real files: a byte-order mark, Windows-1252, mixed line endings, a phone written +91", async () => {
    const { member } = await enterprise();
    const bom = await upload(
      member.cookie,
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv([home()]))]),
    );
    expect(bom.json<PartnerImport>()).toMatchObject({ encoding: "utf-8", errorCount: 0, canCommit: true });

    // Excel's plain "CSV" on Windows: é is the one byte 0xE9, not UTF-8
    const latin = Buffer.from(csv([home({ homeownerName: "Renée Fernandes" })]), "latin1");
    const win = (await upload(member.cookie, latin)).json<PartnerImport>();
    expect(win).toMatchObject({ encoding: "windows-1252", errorCount: 0 });
    expect(win.sample[0].homeownerName).toBe("Renée Fernandes");

    const lines = csv([home(), home(), home()], "\n").split("\n");
    const mixed = `${lines[0]}\r\n${lines[1]}\n${lines[2]}\r\n\r\n${lines[3]}\n`;
    const read = (await upload(member.cookie, mixed)).json<PartnerImport>();
    expect(read).toMatchObject({ rowCount: 3, errorCount: 0 });
    expect(read.sample.map((s) => s.row)).toEqual([2, 3, 5]);
    expect(read.sample[0].propertyAddress).not.toMatch(/\r/);
  });

  it("refuses files no report can describe, whole, with a clear message, and keeps nothing", async () => {
    const { member } = await enterprise();
    const before = await made();
    const longLine = csv([home({ propertyAddress: "x".repeat(1024 * 1024) })]);
    const long = await upload(member.cookie, longLine);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/^Line 2 is 1[,0-9]+ characters long; a line may have at most 4,000/);

    const row = home().join(",");
    const many = `${HEADER.join(",")}\n${`${row}\n`.repeat(100_000)}`;
    const hundredThousand = await upload(member.cookie, many);
    expect(hundredThousand.statusCode).toBe(many.length > 10 * 1024 * 1024 ? 413 : 400);
    expect(hundredThousand.json().message).toContain(`at most ${IMPORT_MAX_ROWS.toLocaleString("en-IN")}`);
    // just past the limit in rows, well under it in bytes: the row count is the reason
    const justOver = `${HEADER.join(",")}\n${`${row}\n`.repeat(IMPORT_MAX_ROWS + 1)}`;
    const rows = await upload(member.cookie, justOver);
    expect(rows.statusCode).toBe(400);
    expect(rows.json().message).toBe(
      "The file has more than 10,000 rows. Please split it into files of at most 10,000 homes each and import them one by one.",
    );
    const big = await upload(member.cookie, Buffer.alloc(11 * 1024 * 1024, "a"));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/^The file is larger than 10 MB/);
    const form = multipartBody([
      { name: "file", filename: "big.csv", type: "text/csv", data: Buffer.alloc(11 * 1024 * 1024, "a") },
    ]);
    const bigForm = await t.app.inject({
      method: "POST",
      url: "/api/partner/imports",
      headers: { cookie: member.cookie, "content-type": form.contentType },
      payload: form.payload,
    });
    expect(bigForm.statusCode).toBe(413);
    expect(bigForm.json().message).toBe(big.json().message);

    const utf16 = await upload(
      member.cookie,
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv([home()]), "utf16le")]),
    );
    expect(utf16.statusCode).toBe(400);
    expect(utf16.json().message).toContain('"CSV UTF-8 (Comma delimited)"');
    const notTemplate = await upload(member.cookie, "Name,Mobile\nAsha,9840012345\n");
    expect(notTemplate.statusCode).toBe(400);
    expect(notTemplate.json().message).toContain('has no column "E-mail"');
    const openQuote = await upload(member.cookie, `${HEADER.join(",")}\n${row}\n"Unclosed,${row}\n`);
    expect(openQuote.statusCode).toBe(400);
    expect(openQuote.json().message).toMatch(/^Row 3 has a quote/);
    expect((await upload(member.cookie, "")).statusCode).toBe(400);
    expect(await made()).toEqual(before);
  });

  it("caps the report of a file of bad rows, with complete counts", async () => {
    const { member } = await enterprise();
    const bad = Array.from({ length: 2000 }, () => home({ homeownerEmail: "nope", propertyPincode: "1" }));
    const res = await upload(member.cookie, csv(bad));
    const preview = res.json<PartnerImport>();
    expect(preview).toMatchObject({ rowCount: 2000, errorCount: 4000, rowsWithErrors: 2000 });
    expect(preview.errors).toHaveLength(IMPORT_REPORT_MAX);
    expect(res.body.length).toBeLessThan(64 * 1024);
  });

  it("gives the template, whose example row imports as it is; customers and staff are refused", async () => {
    const { member } = await enterprise();
    const template = await call("GET", "/api/partner/imports/template.csv", member.cookie);
    expect(template.statusCode).toBe(200);
    expect(template.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(template.headers["content-disposition"]).toContain("handovers-template.csv");
    expect(template.body.split("\r\n")[0]).toBe(`\uFEFF${HEADER.join(",")}`);
    // its example row read as a home would be, and refused: nobody lives there
    const preview = (await upload(member.cookie, template.rawPayload)).json<PartnerImport>();
    expect(preview).toMatchObject({ rowCount: 1, errorCount: 1, canCommit: false });
    expect(preview.errors[0]).toMatchObject({
      row: 2,
      column: "E-mail",
      message: expect.stringContaining("example row"),
    });
    const filled = template.body.replace("lakshmi.n@example.in", "lakshmi.real@example.in");
    const mine = (await upload(member.cookie, filled)).json<PartnerImport>();
    expect(mine).toMatchObject({ rowCount: 1, errorCount: 0, canCommit: true });
    expect(mine.sample[0]).toMatchObject({
      homeownerName: "Lakshmi Narayanan",
      planName: "Premium",
      items: 2,
    });

    for (const cookie of [customer, staff]) {
      expect((await upload(cookie, csv([home()]))).statusCode).toBe(403);
      expect((await call("GET", "/api/partner/imports/template.csv", cookie)).statusCode).toBe(403);
    }
    expect((await upload("", csv([home()]))).statusCode).toBe(401);
  });

  it(`keeps a preview for ${IMPORT_PREVIEW_DAYS} days: then it cannot be committed (410) and the daily cleanup deletes it`, async () => {
    const { member } = await enterprise();
    const stale = (await upload(member.cookie, csv([home(), home()]))).json<PartnerImport>();
    const fresh = (await upload(member.cookie, csv([home()]))).json<PartnerImport>();
    expect(stale.canCommit).toBe(true);
    const age = (id: number, days: number) =>
      t.database.db.execute(
        sql`update partner_imports set created_at = now() - make_interval(days => ${days}) where id = ${id}`,
      );
    await age(stale.id, IMPORT_PREVIEW_DAYS + 1);
    await age(fresh.id, IMPORT_PREVIEW_DAYS - 1);

    const shown = (
      await call("GET", `/api/partner/imports/${stale.id}`, member.cookie)
    ).json<PartnerImport>();
    expect(shown).toMatchObject({ canCommit: false, blockedBecause: IMPORT_EXPIRED_MESSAGE });
    const listed = (await call("GET", "/api/partner/imports", member.cookie)).json<PartnerImport[]>();
    expect(listed.find((i) => i.id === stale.id)?.canCommit).toBe(false);
    expect(listed.find((i) => i.id === fresh.id)?.canCommit).toBe(true);

    const before = await made();
    const refused = await call("POST", `/api/partner/imports/${stale.id}/commit`, member.cookie);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().message).toBe(IMPORT_EXPIRED_MESSAGE);
    expect(await made()).toEqual(before);

    // the daily cleanup job, as the job runner calls it
    const job = { id: 0, kind: JOBS_CLEANUP, payload: {}, attempts: 1, maxAttempts: 1, ticketId: null };
    await cleanupHandler(t.database.db)(job);
    expect((await call("GET", `/api/partner/imports/${stale.id}`, member.cookie)).statusCode).toBe(404);
    const committed = await call("POST", `/api/partner/imports/${fresh.id}/commit`, member.cookie);
    expect(committed.statusCode, committed.body).toBe(200);
  });
});
