import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerProcess } from "../../tests/support/server-process.ts";
import { DEMO_PASSWORD as PASSWORD } from "../../tests/support/test-app.ts";
import { startTwoServersOnPostgres, type TwoServers } from "../../tests/support/two-servers.ts";
import type { PublicUser } from "../shared/schemas/auth.ts";
import type { PolicyListItem } from "../shared/schemas/policy.ts";
import type { TicketDetail, TicketMessage } from "../shared/schemas/ticket.ts";

/**
 * Production runs several app processes on one PostgreSQL. Two real server processes on a
 * fresh database (migrating at the same moment, under the advisory lock): a session made
 * through one is valid on the other, and what one writes the other reads.
 * Runs in the `postgres` project only, i.e. when TEST_DATABASE_URL is set.
 */
const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === "postgres" && !!url;
if (!url) {
  console.warn("\n*** Two-processes-on-one-PostgreSQL test SKIPPED: TEST_DATABASE_URL is not set. ***\n");
}

let servers: TwoServers | undefined;
let a: ServerProcess;
let b: ServerProcess;

describe.runIf(onPostgres)("two app processes on one PostgreSQL", () => {
  beforeAll(async () => {
    // both start on the empty database at once: one migrates and seeds, the other waits for the lock
    servers = await startTwoServersOnPostgres("2p", { RATE_LIMIT_FACTOR: "100" }, { together: true });
    ({ a, b } = servers);
  }, 120_000);

  afterAll(() => servers?.stop());

  const call = async <T = { message?: string }>(
    server: ServerProcess,
    method: string,
    p: string,
    cookie?: string,
    body?: unknown,
  ) => {
    const res = await fetch(server.url + p, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as T, setCookie: res.headers.get("set-cookie") };
  };

  it("both answer, on different ports", async () => {
    expect(a.port).not.toBe(b.port);
    expect((await call(a, "GET", "/api/plans/B2C")).status).toBe(200);
    expect((await call(b, "GET", "/api/plans/B2C")).status).toBe(200);
  });

  it("a session made through one is valid on the other, and a logout through either ends it", async () => {
    const res = await call(a, "POST", "/api/login", undefined, {
      username: "demo-customer",
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    const cookie = res.setCookie!.split(";")[0];
    const me = await call<PublicUser>(b, "GET", "/api/user", cookie);
    expect(me.status).toBe(200);
    expect(me.json.username).toBe("demo-customer");
    // A has seen the session too, so it remembers the user: B's logout must still reach it
    expect((await call(a, "GET", "/api/user", cookie)).status).toBe(200);
    expect((await call(b, "POST", "/api/logout", cookie)).status).toBe(200);
    await expect
      .poll(async () => (await call(a, "GET", "/api/user", cookie)).status, { timeout: 2000 })
      .toBe(401);
  });

  it("a profile saved through one process is what the other answers next", async () => {
    const login = await call(a, "POST", "/api/login", undefined, {
      username: "demo-customer-2",
      password: PASSWORD,
    });
    const cookie = login.setCookie!.split(";")[0];
    const before = await call<PublicUser>(b, "GET", "/api/user", cookie);
    const saved = await call(a, "PATCH", "/api/user", cookie, {
      firstName: "Kavya",
      lastName: before.json.lastName,
      email: before.json.email,
    });
    expect(saved.status).toBe(200);
    await expect
      .poll(async () => (await call<PublicUser>(b, "GET", "/api/user", cookie)).json.firstName, {
        timeout: 2000,
      })
      .toBe("Kavya");
  });

  it("a ticket written through one is read through the other, with its messages", async () => {
    const login = await call(b, "POST", "/api/login", undefined, {
      username: "demo-customer",
      password: PASSWORD,
    });
    const cookie = login.setCookie!.split(";")[0];
    const purchases = await call<PolicyListItem[]>(a, "GET", "/api/purchases", cookie);
    const active = purchases.json.find((p) => p.purchase.status === "active")!.purchase.id;
    const created = await call<{ id: number }>(a, "POST", "/api/tickets", cookie, {
      purchaseId: active,
      subject: "Wardrobe shutter sagging",
      description: "Written through process A, read through process B.",
    });
    expect(created.status).toBe(201);
    const id = created.json.id;
    const read = await call<TicketDetail>(b, "GET", `/api/tickets/${id}`, cookie);
    expect(read.status).toBe(200);
    expect(read.json.ticket.subject).toBe("Wardrobe shutter sagging");
    expect((await call(b, "POST", `/api/tickets/${id}/messages`, cookie, { body: "Through B" })).status).toBe(
      201,
    );
    const messages = await call<TicketMessage[]>(a, "GET", `/api/tickets/${id}/messages`, cookie);
    expect(messages.json.map((m) => m.body)).toEqual(["Through B"]);
  });

  const signIn = async (server: ServerProcess, username: string, password = PASSWORD) => {
    const res = await call(server, "POST", "/api/login", undefined, { username, password });
    expect(res.status).toBe(200);
    return res.setCookie!.split(";")[0];
  };

  it("a password changed through one process signs the account's other sessions out on the other", async () => {
    const here = await signIn(a, "demo-customer-2");
    const there = await signIn(b, "demo-customer-2");
    // B has seen its session, so it remembers the user: A's change must still reach it
    expect((await call(b, "GET", "/api/user", there)).status).toBe(200);
    const changed = await call(a, "POST", "/api/user/password", here, {
      currentPassword: PASSWORD,
      newPassword: "verandah-kolam-2026",
    });
    expect(changed.status).toBe(200);
    await expect
      .poll(async () => (await call(b, "GET", "/api/user", there)).status, { timeout: 2000 })
      .toBe(401);
    // the session that made the change goes on, on either process
    expect((await call(b, "GET", "/api/user", here)).status).toBe(200);
  });

  it("an account switched off through one process is signed out on the other", async () => {
    const technician = await signIn(b, "demo-technician");
    const me = await call<PublicUser>(b, "GET", "/api/user", technician);
    expect(me.status).toBe(200);
    const admin = await signIn(a, "demo-admin");
    const off = await call(a, "POST", `/api/admin/technicians/${me.json.id}/deactivate`, admin);
    expect(off.status).toBe(200);
    await expect
      .poll(async () => (await call(b, "GET", "/api/user", technician)).status, { timeout: 2000 })
      .toBe(401);
  });
});

describe.skipIf(onPostgres)("two app processes on one PostgreSQL", () => {
  it.skip(url ? "runs in the postgres project" : "SKIPPED: set TEST_DATABASE_URL to run it", () => {});
});
