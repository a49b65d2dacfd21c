import Fastify from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, login, raiseTicket, type TestApp } from "../../../tests/support/test-app.ts";
import { registerErrorHandling } from "../plugins/errors.ts";
import { type Answer, route } from "./endpoint.ts";

/** A bare app serving one contract endpoint with the given handler, in test or production mode. */
async function serve(checkResponses: boolean, answer: () => unknown) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.decorate("checkResponses", checkResponses);
  registerErrorHandling(app);
  route(app, "GET /api/faqs", async () => answer() as Answer<"GET /api/faqs">);
  await app.ready();
  return app;
}

describe("answers and their contract", () => {
  it("fails, under the tests, an answer that does not match its endpoint's response schema", async () => {
    const app = await serve(true, () => [{ id: 1, question: "Why?" }]);
    const res = await app.inject("/api/faqs");
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe(
      "GET /api/faqs answered outside its contract at 0.answer: Invalid input: expected string, received undefined",
    );
    await app.close();
  });

  it("writes only the declared fields, in production as under the tests", async () => {
    for (const check of [true, false]) {
      const app = await serve(check, () => [
        { id: 1, question: "Why?", answer: "Because.", passwordHash: "x" },
      ]);
      const res = await app.inject("/api/faqs");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([{ id: 1, question: "Why?", answer: "Because." }]);
      await app.close();
    }
  });
});

describe("record ids", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({}, "demo");
    cookie = await login(t.app, "demo-customer");
  });
  afterAll(() => t.close());

  it("are positive 32-bit integers written plainly: anything else is a 400 with a message", async () => {
    for (const raw of ["0", "-1", "1.5", "0x1", "1e3", "%201", "01", "2147483648", "99999999999", "abc"]) {
      const res = await t.app.inject({ url: `/api/tickets/${raw}`, headers: { cookie } });
      expect(res.statusCode, raw).toBe(400);
      expect(res.json().message, raw).toBe("Invalid id");
    }
    const largest = await t.app.inject({ url: "/api/tickets/2147483647", headers: { cookie } });
    expect(largest.statusCode).toBe(404);
  });

  it("in a JSON body or a query string follow the same rule", async () => {
    const body = await raiseTicket(t.app, cookie, {
      purchaseId: "1e3",
      subject: "Hinge loose",
      description: "The hinge on the door is loose.",
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().errors).toEqual({ purchaseId: "Please select a property policy" });
    const admin = await login(t.app, "demo-admin");
    const query = await t.app.inject({ url: "/api/admin/purchases?userId=0x1", headers: { cookie: admin } });
    expect(query.statusCode).toBe(400);
  });
});
