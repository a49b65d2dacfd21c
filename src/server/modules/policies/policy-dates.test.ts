import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appForFile, createSignedInTestApp, raiseTicket } from "../../../../tests/support/test-app.ts";
import { todayInIndia } from "../../../shared/dates.ts";
import type { Policy, PolicyDetail } from "../../../shared/schemas/policy.ts";
import { coverState } from "../../../web/features/portal/cover-period.ts";
import { purchases } from "../../db/schema.ts";
import { makePolicy } from "../../db/seed/factories.ts";

/**
 * Policy dates are Indian calendar days. Just after midnight in India the UTC date is still
 * yesterday: a policy that ended yesterday must read as expired on the server (its status,
 * and whether it takes a ticket) and in the browser (its cover period) alike.
 */
const t = appForFile(createSignedInTestApp);

// India's today, and 00:30 on it (which is 19:00 UTC the day before)
const today = todayInIndia();
const halfPastMidnight = new Date(`${today}T00:30:00+05:30`);
const dayBefore = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const yesterday = dayBefore(today);

afterEach(() => vi.useRealTimers());

async function policyEnding(endDate: string): Promise<Policy["id"]> {
  const row = await makePolicy(t.database.db, {
    userId: t.demo.customer.id,
    planName: "Essential",
    startDate: "2021-01-01",
    status: "active",
    propertyAddress: "7 Besant Avenue, Adyar",
    propertyCity: "Chennai",
    propertyState: "Tamil Nadu",
  });
  await t.database.db.update(purchases).set({ endDate }).where(eq(purchases.id, row.id));
  return row.id;
}

const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie: t.customer } });
const raiseTicketOn = (purchaseId: number) =>
  raiseTicket(t.app, t.customer, {
    purchaseId,
    subject: "Wardrobe hinge came loose",
    description: "The top hinge of the wardrobe door has pulled out of the panel.",
  });

describe("policy dates at 00:30 in India", () => {
  it("a policy that ended yesterday is expired on both sides and takes no ticket", async () => {
    const id = await policyEnding(yesterday);
    // only Date is faked: timers, and the databases' own clocks, keep running
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(halfPastMidnight);
    expect(new Date().toISOString().slice(0, 10)).toBe(yesterday); // UTC still says yesterday

    const detail = (await get(`/api/purchases/${id}`)).json<PolicyDetail>();
    expect(detail.purchase.status).toBe("expired");
    const listed = (await get("/api/purchases")).json<{ purchase: Policy }[]>();
    expect(listed.find((p) => p.purchase.id === id)?.purchase.status).toBe("expired");
    expect(coverState(detail.purchase.startDate, detail.purchase.endDate)).toMatchObject({
      phase: "ended",
      label: "Cover ended",
    });

    const refused = await raiseTicketOn(id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: "Support tickets can only be raised on an active policy",
      errors: { purchaseId: "This policy is not active" },
    });
  });

  it("a policy whose last day is today is active on both sides and takes a ticket", async () => {
    const id = await policyEnding(today);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(halfPastMidnight);

    const detail = (await get(`/api/purchases/${id}`)).json<PolicyDetail>();
    expect(detail.purchase.status).toBe("active");
    expect(coverState(detail.purchase.startDate, detail.purchase.endDate)).toMatchObject({
      phase: "running",
      label: "Last day of cover",
    });
    expect((await raiseTicketOn(id)).statusCode).toBe(201);
  });
});
