import { beforeAll, describe, expect, it } from "vitest";
import { appForFile, createSignedInTestApp } from "../../../../tests/support/test-app.ts";

/**
 * The start date of a policy staff issue is a calendar day the database can store, with an
 * end date it can store too: anything else is the caller's mistake (400), never a 500.
 */
const t = appForFile(createSignedInTestApp);
let payload: Record<string, unknown>;

beforeAll(async () => {
  const plans = (await t.app.inject({ method: "GET", url: "/api/plans/B2C" })).json<
    { plan: { id: number; name: string } }[]
  >();
  payload = {
    userId: t.demo.customer2.id,
    planId: plans.find((p) => p.plan.name === "Elite")!.plan.id,
    propertyAddress: "14 Lakeside Drive, Bellandur",
    propertyCity: "Bengaluru",
    propertyState: "Karnataka",
  };
});

const issue = (startDate: string) =>
  t.call("POST", "/api/admin/purchases", t.admin, { ...payload, startDate });

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
