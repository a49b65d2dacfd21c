import { expect } from "vitest";
import { todayInIndia } from "../../src/shared/dates.ts";
import type { PartnerPolicy } from "../../src/shared/schemas/partner.ts";
import type { TestApp } from "./test-app.ts";

let homes = 0;

/**
 * One finished project registered through the API by a partner's signed-in user, as the
 * partner would: answers the new policy. Each call is a new homeowner.
 */
export async function registerHome(t: TestApp, cookie: string, planId: number, overrides: object = {}) {
  homes++;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/partner/handovers",
    headers: { cookie },
    payload: {
      homeownerName: `Lakshmi Narayanan ${homes}`,
      homeownerEmail: `homeowner-${homes}-${Date.now()}@example.in`,
      homeownerPhone: "+91 98400 12345",
      propertyAddress: `${homes} Besant Avenue, Adyar`,
      propertyCity: "Chennai",
      propertyPincode: "600020",
      planId,
      installDate: todayInIndia(),
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PartnerPolicy>();
}
