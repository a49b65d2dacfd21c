import { describe, expect, it } from "vitest";
import {
  appForFile,
  callsAs,
  createSignedInTestApp,
  lastAudit,
  login,
} from "../../../../tests/support/test-app.ts";
import type { AdminPolicyListItem } from "../../../shared/schemas/policy.ts";

const t = appForFile(createSignedInTestApp);

describe("admin policies", () => {
  it("issues a policy with a readable number, end date from the plan and amount in paise", async () => {
    const plans = (await t.app.inject({ method: "GET", url: "/api/plans/B2C" })).json<
      { plan: { id: number; name: string } }[]
    >();
    const elite = plans.find((p) => p.plan.name === "Elite")!.plan;
    const res = await callsAs(t, t.admin).post("/api/admin/purchases", {
      userId: t.demo.customer2.id,
      planId: elite.id,
      propertyAddress: "14 Lakeside Drive, Bellandur",
      propertyCity: "Bengaluru",
      propertyState: "Karnataka",
      startDate: "2026-12-01",
      status: "pending",
    });
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      status: "pending",
      startDate: "2026-12-01",
      endDate: "2036-11-30",
      totalAmount: 7_999_900,
    });
    expect(p.policyNumber).toMatch(/^HIPW-2026-\d{6}$/);
    expect(await lastAudit(t)).toMatchObject({ action: "purchase.issue", entityId: p.id });

    const mine = (
      await t.app.inject({
        method: "GET",
        url: "/api/purchases",
        headers: { cookie: await login(t.app, "demo-customer-2") },
      })
    ).json();
    expect(mine.map((x: { purchase: { id: number } }) => x.purchase.id)).toContain(p.id);

    const act = await callsAs(t, t.admin).post(`/api/admin/purchases/${p.id}/activate`);
    expect(act.json().status).toBe("active");
    expect((await callsAs(t, t.admin).post(`/api/admin/purchases/${p.id}/activate`)).statusCode).toBe(409);
    const noReason = await callsAs(t, t.admin).post(`/api/admin/purchases/${p.id}/cancel`, { reason: "" });
    expect(noReason.statusCode).toBe(400);
    const cancel = await callsAs(t, t.admin).post(`/api/admin/purchases/${p.id}/cancel`, {
      reason: "Customer sold the flat",
    });
    expect(cancel.json()).toMatchObject({ status: "cancelled", cancelReason: "Customer sold the flat" });
    expect(await lastAudit(t)).toMatchObject({
      action: "purchase.cancel",
      details: { reason: "Customer sold the flat" },
    });
  });

  it("refuses bad issue input and changes nothing", async () => {
    const before = (await callsAs(t, t.admin).get("/api/admin/purchases")).json<unknown[]>().length;
    const b2b = (await t.app.inject({ method: "GET", url: "/api/plans/B2B" })).json<{ id: number }[]>()[0];
    for (const payload of [
      {
        userId: t.demo.admin.id,
        planId: 1,
        propertyAddress: "Somewhere 12",
        propertyCity: "Chennai",
        propertyState: "Tamil Nadu",
        startDate: "2026-01-01",
      },
      {
        userId: t.demo.customer.id,
        planId: b2b.id,
        propertyAddress: "Somewhere 12",
        propertyCity: "Chennai",
        propertyState: "Tamil Nadu",
        startDate: "2026-01-01",
      },
      {
        userId: t.demo.customer.id,
        planId: 1,
        propertyAddress: "x",
        propertyCity: "",
        propertyState: "",
        startDate: "tomorrow",
      },
    ]) {
      expect((await callsAs(t, t.admin).post("/api/admin/purchases", payload)).statusCode).toBe(400);
    }
    expect((await callsAs(t, t.admin).get("/api/admin/purchases")).json<unknown[]>()).toHaveLength(before);
  });

  it("lists every policy with its customer, filterable by status (expired derived from the end date)", async () => {
    const all = (await callsAs(t, t.admin).get("/api/admin/purchases")).json<AdminPolicyListItem[]>();
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(all[0]).toMatchObject({ planName: expect.any(String), customer: { email: expect.any(String) } });
    const expired = (await callsAs(t, t.admin).get("/api/admin/purchases?status=expired")).json<
      AdminPolicyListItem[]
    >();
    expect(expired.length).toBeGreaterThan(0);
    expect(expired.every((x) => x.purchase.status === "expired")).toBe(true);
  });
});
