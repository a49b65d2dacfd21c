import { expect } from "vitest";
import { addDays, todayInIndia } from "../../src/shared/dates.ts";
import type { Policy } from "../../src/shared/schemas/policy.ts";
import type { TestApp } from "./test-app.ts";

/**
 * A policy issued by staff to `userId` on `plan` whose last day is `endsIn` days from today:
 * the server's clock cannot be moved, so the start date is set to put the end where a
 * renewal test needs it.
 */
export async function policyEndingIn(
  t: Pick<TestApp, "call"> & { admin: string },
  userId: number,
  plan: { id: number; duration: number },
  endsIn: number,
  status: "active" | "pending" = "active",
): Promise<Policy> {
  const end = new Date(`${addDays(todayInIndia(), endsIn + 1)}T00:00:00Z`);
  end.setUTCFullYear(end.getUTCFullYear() - plan.duration);
  const res = await t.call("POST", "/api/admin/purchases", t.admin, {
    userId,
    planId: plan.id,
    propertyAddress: "12 Lake View Road, Flat 3B",
    propertyCity: "Chennai",
    propertyState: "Tamil Nadu",
    propertyPincode: "600040",
    startDate: end.toISOString().slice(0, 10),
    status,
  });
  expect(res.statusCode, res.body).toBe(201);
  const p = res.json<Policy>();
  expect(p.endDate).toBe(addDays(todayInIndia(), endsIn));
  return p;
}
