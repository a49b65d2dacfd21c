import { beforeAll, describe, expect, it } from "vitest";
import { appForFile, createSignedInTestApp } from "../../../../tests/support/test-app.ts";
import type { PolicyListItem } from "../../../shared/schemas/policy.ts";
import type { TicketDetail, TicketListItem } from "../../../shared/schemas/ticket.ts";

const t = appForFile(createSignedInTestApp);
let aPolicies: PolicyListItem[];
let bPolicies: PolicyListItem[];

beforeAll(async () => {
  aPolicies = (
    await t.app.inject({ method: "GET", url: "/api/purchases", headers: { cookie: t.customer } })
  ).json();
  bPolicies = (
    await t.app.inject({ method: "GET", url: "/api/purchases", headers: { cookie: t.otherCustomer } })
  ).json();
});

const activeOf = (list: PolicyListItem[]) => list.find((p) => p.purchase.status === "active")!;

describe("purchases", () => {
  it("lists only the caller's own policies as {purchase, planName}", async () => {
    expect(aPolicies.map((p) => p.purchase.status).sort()).toEqual(["active", "expired", "pending"]);
    expect(aPolicies[0]).toMatchObject({
      planName: expect.any(String),
      purchase: { policyNumber: expect.stringMatching(/^HIPW-\d{4}-\d{6}$/) },
    });
    expect(bPolicies).toHaveLength(1);
    expect(bPolicies[0].purchase.userId).not.toBe(aPolicies[0].purchase.userId);
    const active = activeOf(aPolicies).purchase;
    expect(active.totalAmount).toBe(4_599_900);
  });

  it("shows one policy in full to its owner and 404 to another customer", async () => {
    const id = activeOf(aPolicies).purchase.id;
    const mine = await t.call("GET", `/api/purchases/${id}`, t.customer);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ planName: "Premium", plan: { name: "Premium" }, purchase: { id } });
    expect(mine.json().features.length).toBeGreaterThan(0);
    const theirs = await t.call("GET", `/api/purchases/${id}`, t.otherCustomer);
    expect(theirs.statusCode).toBe(404);
    expect((await t.call("GET", "/api/purchases/999999", t.customer)).statusCode).toBe(404);
    expect((await t.call("GET", "/api/purchases", undefined)).statusCode).toBe(401);
  });
});

describe("tickets", () => {
  it("lists the caller's tickets only, newest first, with policy numbers", async () => {
    const list = (await t.call("GET", "/api/tickets", t.customer)).json<TicketListItem[]>();
    expect(list.map((x) => x.status).sort()).toEqual(["in_progress", "open", "resolved"]);
    expect(list[0].policyNumber).toMatch(/^HIPW-/);
    const times = list.map((x) => x.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const other = (await t.call("GET", "/api/tickets", t.otherCustomer)).json<TicketListItem[]>();
    expect(other).toHaveLength(1);
  });

  it("creates an open ticket on an active own policy, default priority medium, with a first history entry", async () => {
    const purchaseId = activeOf(aPolicies).purchase.id;
    const res = await t.call("POST", "/api/tickets", t.customer, {
      purchaseId,
      subject: "Loft shutter will not stay shut",
      description: "The magnetic catch on the loft shutter above the wardrobe no longer holds.",
    });
    expect(res.statusCode).toBe(201);
    const ticket = res.json();
    expect(ticket).toMatchObject({ status: "open", priority: "medium", purchaseId });
    const detail = (await t.call("GET", `/api/tickets/${ticket.id}`, t.customer)).json<TicketDetail>();
    expect(detail.history).toEqual([expect.objectContaining({ fromStatus: null, toStatus: "open" })]);
    expect(detail.purchase.id).toBe(purchaseId);
  });

  it("refuses a pending, expired or someone else's policy and stores nothing", async () => {
    const before = (await t.call("GET", "/api/tickets", t.customer)).json<unknown[]>().length;
    const body = { subject: "Hinge squeaks", description: "The kitchen hinge squeaks loudly every time." };
    for (const p of aPolicies.filter((x) => x.purchase.status !== "active")) {
      const res = await t.call("POST", "/api/tickets", t.customer, { ...body, purchaseId: p.purchase.id });
      expect(res.statusCode, p.purchase.status).toBe(400);
    }
    const theirs = await t.call("POST", "/api/tickets", t.customer, {
      ...body,
      purchaseId: bPolicies[0].purchase.id,
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().message).toBe("Please select a property policy");
    expect((await t.call("GET", "/api/tickets", t.customer)).json<unknown[]>()).toHaveLength(before);
  });

  it("validates with the spec's ticket messages", async () => {
    const res = await t.call("POST", "/api/tickets", t.customer, {
      subject: "Hi",
      description: "short",
      priority: "asap",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      purchaseId: "Please select a property policy",
      subject: "Subject must be at least 5 characters.",
      description: "Description must be at least 10 characters.",
      priority: "Please select a priority level",
    });
  });

  it("hides another customer's ticket (404) and its messages", async () => {
    const [theirs] = (await t.call("GET", "/api/tickets", t.otherCustomer)).json<TicketListItem[]>();
    expect((await t.call("GET", `/api/tickets/${theirs.id}`, t.customer)).statusCode).toBe(404);
    expect((await t.call("GET", `/api/tickets/${theirs.id}/messages`, t.customer)).statusCode).toBe(404);
    expect(
      (await t.call("POST", `/api/tickets/${theirs.id}/messages`, t.customer, { body: "hello" })).statusCode,
    ).toBe(404);
  });

  it("lets the customer talk with staff and never shows internal notes", async () => {
    const list = (await t.call("GET", "/api/tickets", t.customer)).json<TicketListItem[]>();
    const inProgress = list.find((x) => x.status === "in_progress")!;
    await t.app.inject({
      method: "POST",
      url: `/api/admin/tickets/${inProgress.id}/messages`,
      headers: { cookie: t.admin },
      payload: { body: "Secret staff note: customer is a VIP", internal: true },
    });
    const reply = await t.call("POST", `/api/tickets/${inProgress.id}/messages`, t.customer, {
      body: "Any update on the visit?",
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ body: "Any update on the visit?", author: { role: "customer" } });
    const detail = await t.call("GET", `/api/tickets/${inProgress.id}`, t.customer);
    const messages = await t.call("GET", `/api/tickets/${inProgress.id}/messages`, t.customer);
    for (const res of [detail, messages]) {
      expect(res.body).not.toMatch(/Secret staff note|silicone seal/);
      expect(res.body).not.toMatch(/"internal":true/);
    }
    const bodies = detail.json<TicketDetail>().messages.map((m) => m.body);
    expect(bodies.at(-1)).toBe("Any update on the visit?");
    const staffView = (
      await t.app.inject({
        method: "GET",
        url: `/api/admin/tickets/${inProgress.id}`,
        headers: { cookie: t.admin },
      })
    ).json();
    expect(staffView.messages.some((m: { internal: boolean }) => m.internal)).toBe(true);
  });

  it("refuses an empty message and a message on a closed ticket", async () => {
    const [mine] = (await t.call("GET", "/api/tickets", t.customer)).json<TicketListItem[]>();
    expect(
      (await t.call("POST", `/api/tickets/${mine.id}/messages`, t.customer, { body: "   " })).statusCode,
    ).toBe(400);
    await t.app.inject({
      method: "PATCH",
      url: `/api/admin/tickets/${mine.id}`,
      headers: { cookie: t.admin },
      payload: { status: "closed" },
    });
    const res = await t.call("POST", `/api/tickets/${mine.id}/messages`, t.customer, {
      body: "One more thing",
    });
    expect(res.statusCode).toBe(409);
  });
});
