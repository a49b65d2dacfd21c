import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, login, type TestApp, withDemoData } from "../../../../tests/support/test-app.ts";

/**
 * The start date of a policy staff issue is a calendar day the database can store, with an
 * end date it can store too: anything else is the caller's mistake (400), never a 500.
 */
let t: TestApp;
let admin: string;
let payload: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  const ids = await withDemoData(t);
  admin = await login(t.app, "demo-admin");
  const plans = (await t.app.inject({ method: "GET", url: "/api/plans/B2C" })).json<
    { plan: { id: number; name: string } }[]
  >();
  payload = {
    userId: ids.customer2.id,
    planId: plans.find((p) => p.plan.name === "Elite")!.plan.id,
    propertyAddress: "14 Lakeside Drive, Bellandur",
    propertyCity: "Bengaluru",
    propertyState: "Karnataka",
  };
});
afterAll(() => t.close());

const issue = (startDate: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/purchases",
    headers: { cookie: admin },
    payload: { ...payload, startDate },
  });

describe("issuing a policy with a start date that is no calendar day", () => {
  it.each([
    ["a day February does not have", "2026-02-30"],
    ["29 February of a common year", "2026-02-29"],
    ["year 0", "0000-01-01"],
    ["a year whose cover would end past 9999", "9999-06-01"],
    ["month 13", "2026-13-01"],
  ])("answers 400 with a message for %s (%s)", async (_label, startDate) => {
    const res = await issue(startDate);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/date/i);
    expect(res.json().errors).toHaveProperty("startDate");
  });

  it("still issues one on 29 February of a leap year", async () => {
    const res = await issue("2028-02-29");
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ startDate: "2028-02-29", endDate: "2038-02-28" });
  });
});
