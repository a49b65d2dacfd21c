import { describe, expect, it } from "vitest";
import { at, eveningBeforeInUtc } from "../../../../tests/support/clock.ts";
import { appForFile, createSignedInTestApp } from "../../../../tests/support/test-app.ts";
import { todayInIndia } from "../../../shared/dates.ts";

/**
 * Staff open the enquiry export in a spreadsheet. Every cell is quoted, so a comma, a quote
 * or a line break a lead typed stays in its cell, and a cell starting with = + - @ or a tab
 * (which a spreadsheet would run as a formula) gets an apostrophe in front.
 */
const t = appForFile(createSignedInTestApp);

const lead = (name: string, message: string, phone = "9876543210") =>
  t.call("POST", "/api/inquiries", undefined, {
    name,
    email: "lead@example.in",
    phone,
    interest: "custom",
    message,
  });

describe("the enquiry CSV", () => {
  it("quotes every cell of every line, and defuses formulas", async () => {
    for (const [name, message] of [
      ["Plain Name", "A plain message with nothing odd in it."],
      ["+91 Caller", "-1 starts with a minus, on two\r\nlines, with a comma"],
      ["@handle", '=HYPERLINK("http://evil.example","click") in a message'],
    ]) {
      expect((await lead(name, message)).statusCode).toBe(201);
    }
    const res = await t.call("GET", "/api/admin/inquiries.csv", t.admin);
    expect(res.statusCode).toBe(200);
    // the whole file is quoted fields, each followed by a comma or the end of its line
    expect(res.body).toMatch(/^(?:"(?:[^"]|"")*"(?:,|\r\n))+$/);
    expect(res.body).toContain('"\'+91 Caller"');
    expect(res.body).toContain('"\'@handle"');
    expect(res.body).toContain('"\'-1 starts with a minus, on two\r\nlines, with a comma"');
    expect(res.body).toContain('"\'=HYPERLINK(""http://evil.example"",""click"") in a message"');
  });

  it("is named by India's day, which begins at 18:30 UTC", async () => {
    const evening = eveningBeforeInUtc();
    const res = await at(evening, () => t.call("GET", "/api/admin/inquiries.csv", t.admin));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="enquiries-${todayInIndia(evening)}.csv"`,
    );
  });
});
