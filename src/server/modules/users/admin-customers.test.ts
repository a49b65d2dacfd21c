import { describe, expect, it } from "vitest";
import { appForFile, callsAs, createSignedInTestApp } from "../../../../tests/support/test-app.ts";

const t = appForFile(createSignedInTestApp);

describe("admin customers", () => {
  it("lists customers with policy and open ticket counts, and one customer's records", async () => {
    const list = (await callsAs(t, t.admin).get("/api/admin/customers")).json<
      { username: string; role: string; policyCount: number }[]
    >();
    expect(list.every((c) => c.role === "customer")).toBe(true);
    expect(list.find((c) => c.username === "demo-customer")?.policyCount).toBe(3);
    expect(JSON.stringify(list)).not.toMatch(/password/i);
    const one = (await callsAs(t, t.admin).get(`/api/admin/customers/${t.demo.customer.id}`)).json();
    expect(one.customer.username).toBe("demo-customer");
    expect(one.purchases).toHaveLength(3);
    expect(one.tickets.length).toBeGreaterThanOrEqual(3);
    expect((await callsAs(t, t.admin).get(`/api/admin/customers/${t.demo.admin.id}`)).statusCode).toBe(404);
  });
});
