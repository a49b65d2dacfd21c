import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerProcess } from "../../../tests/support/server-process.ts";
import {
  activePolicyId,
  createTestApp,
  login,
  raiseTicket,
  type TestApp,
} from "../../../tests/support/test-app.ts";
import { startTwoServersOnPostgres, type TwoServers } from "../../../tests/support/two-servers.ts";

describe("limits on writing tickets and messages, per user", () => {
  let t: TestApp;
  let customer: string;
  let other: string;
  let policy: number;
  let otherPolicy: number;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitFactor: 1 }, "demo");
    customer = await login(t.app, "demo-customer");
    other = await login(t.app, "demo-customer-2");
    policy = await activePolicyId(t.app, customer);
    otherPolicy = await activePolicyId(t.app, other);
  });
  afterAll(() => t.close());

  const fileTicket = (cookie: string, purchaseId: number) =>
    raiseTicket(t.app, cookie, {
      purchaseId,
      subject: "Loft door hinge",
      description: "The loft door hinge has come loose.",
    });

  it("10 tickets an hour; the 11th waits with 429, and another customer on the same address does not", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await fileTicket(customer, policy)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    const refused = await fileTicket(customer, policy);
    expect(refused.json().message).toMatch(/^Too many requests/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await fileTicket(other, otherPolicy)).statusCode).toBe(201);
  });

  it("30 messages in 10 minutes", async () => {
    const ticket = (await fileTicket(other, otherPolicy)).json<{ id: number }>().id;
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/tickets/${ticket}/messages`,
        headers: { cookie: other },
        payload: { body: `Update ${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

/**
 * Two real server processes on one PostgreSQL count every limit together: ten sign-in
 * attempts a minute from one address, and ten failures in 15 minutes for one account,
 * whichever process each attempt reaches. Runs in the `postgres` project only.
 */
const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === "postgres" && !!url;

describe.runIf(onPostgres)("two app processes share the rate limits", () => {
  let servers: TwoServers | undefined;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    servers = await startTwoServersOnPostgres("rl", {
      RATE_LIMIT_FACTOR: "1",
      // the client address comes from X-Forwarded-For, so the test can speak from several
      TRUST_PROXY: "true",
    });
    ({ a, b } = servers);
  }, 120_000);

  afterAll(() => servers?.stop());

  const attempt = async (server: ServerProcess, from: string, username: string, password: string) => {
    const res = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": from },
      body: JSON.stringify({ username, password }),
    });
    return res.status;
  };

  it("ten sign-in attempts a minute from one address, counted across both processes", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(await attempt(i % 2 ? b : a, "203.0.113.50", `nobody-${i}`, "not-the-password"));
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  });

  it("ten failures for one account, from many addresses, counted across both processes", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(await attempt(i % 2 ? b : a, `198.51.100.${i + 1}`, "demo-customer", "not-the-password"));
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    // even the right password waits now, on either process
    expect(await attempt(b, "198.51.100.99", "demo-customer", "demo-password-1")).toBe(429);
  });

  it("each process logs security events as structured lines with the user, address and request id", () => {
    const lines = (a.output() + b.output())
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const failed = lines.filter((l) => l.securityEvent === "sign_in_failed");
    expect(failed.length).toBeGreaterThan(0);
    const known = failed.find((l) => typeof l.userId === "number")!;
    expect(known).toMatchObject({ ip: expect.stringMatching(/^198\.51\.100\./), route: "POST /api/login" });
    expect(known.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.output() + b.output()).not.toContain("not-the-password");
  });
});

describe.skipIf(onPostgres)("two app processes share the rate limits", () => {
  it.skip(url ? "runs in the postgres project" : "SKIPPED: set TEST_DATABASE_URL to run it", () => {});
});
