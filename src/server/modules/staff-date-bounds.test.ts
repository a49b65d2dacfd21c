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
