import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { appForFile, createSignedInTestApp } from "../../../tests/support/test-app.ts";
import { DAY_BOUNDS_MESSAGE } from "../../shared/schemas/ids.ts";

const t = appForFile(createSignedInTestApp);

/**
 * Years 0000 and 0001 pass the YYYY-MM-DD format; PostgreSQL has no year 0, and India's
 * time zone turns 0001-01-01 into a day before year 1, so both once reached a query and
 * answered 500. Every date a staff member types is checked for its range first.
 */
describe.each(["0000", "0001"])("a date in year %s", (year) => {
  const day = `${year}-01-01`;

  test.each([
    `/api/admin/tickets?from=${day}`,
    `/api/admin/tickets?to=${day}`,
    `/api/admin/purchases?from=${day}`,
    `/api/admin/inquiries?from=${day}`,
    `/api/admin/inquiries.csv?from=${day}`,
    `/api/admin/metrics?period=custom&from=${day}&to=${year}-02-01`,
    `/api/admin/metrics.csv?period=custom&from=${day}&to=${year}-02-01`,
  ])("GET %s answers 400 with a message", async (url) => {
    const res = await t.call("GET", url, t.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DAY_BOUNDS_MESSAGE);
  });

  test("is not added to the holiday calendar, nor removed from it", async () => {
    const added = await t.call("POST", "/api/admin/sla/holidays", t.admin, { day, name: "Year one" });
    expect(added.statusCode).toBe(400);
    expect(added.json().errors).toEqual({ day: DAY_BOUNDS_MESSAGE });
    const removed = await t.call("DELETE", `/api/admin/sla/holidays/${day}`, t.admin);
    expect(removed.statusCode).toBe(400);
    const listed = await t.call("GET", `/api/admin/sla/holidays?year=${year}`, t.admin);
    expect(listed.statusCode).toBe(400);
  });
});

test("a day inside the range still filters", async () => {
  const res = await t.call("GET", "/api/admin/tickets?from=1900-01-01&to=2999-12-31", t.admin);
  expect(res.statusCode).toBe(200);
  expect(res.json().length).toBeGreaterThan(0);
});

/**
 * In the order of their last update, a list filtered by the day records were made also tells
 * the database that none was updated before that day (updatedFromCreatedFrom): the bound
 * must never drop a record made on the first day, even one updated at the very instant it
 * was made, at midnight starting that day in India (the evening before in UTC).
 */
test("in the order of last update, the first day's records stay in and the day before's stay out", async () => {
  const send = (name: string) =>
    t.call("POST", "/api/inquiries", undefined, {
      name,
      email: `${name.toLowerCase().replace(/ /g, ".")}@example.in`,
      phone: "9840012345",
      interest: "custom",
      message: "Please call me about a wardrobe warranty.",
    });
  const firstDay = (await send("First Day")).json().id as number;
  const dayBefore = (await send("Day Before")).json().id as number;
  // midnight starting 10 March in India is 18:30 UTC on the 9th; 23:50 on the 9th in India, updated on the 12th
  await t.database.db.execute(sql`update inquiries set created_at = '2026-03-09T18:30:00Z',
    updated_at = '2026-03-09T18:30:00Z' where id = ${firstDay}`);
  await t.database.db.execute(sql`update inquiries set created_at = '2026-03-09T18:20:00Z',
    updated_at = '2026-03-12T06:00:00Z' where id = ${dayBefore}`);
  for (const dir of ["asc", "desc"]) {
    const res = await t.call(
      "GET",
      `/api/admin/inquiries?from=2026-03-10&sort=updated&dir=${dir}&limit=100`,
      t.admin,
    );
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { id: number }[]).map((e) => e.id);
    expect(ids).toContain(firstDay);
    expect(ids).not.toContain(dayBefore);
  }
});
