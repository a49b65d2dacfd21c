import type { FastifyInstance } from "fastify";
import { badRequest } from "../errors.ts";

/**
 * PostgreSQL text cannot hold U+0000: a NUL anywhere in a body, query or path parameter
 * would reach the database and fail there as a 500. It is refused up front instead, with
 * the field it was found in. (Found by the property tests in src/server/fuzz.test.ts.)
 */
export function registerTextGuard(app: FastifyInstance) {
  // synchronous: it runs before every handler, and an async hook costs each request a promise
  app.addHook("preValidation", (request, _reply, done) => {
    const field =
      findNul(request.body, "body") || findNul(request.query, "query") || findNul(request.params, "params");
    if (field)
      return done(badRequest("Text may not contain NUL characters", { [field]: "Invalid character" }));
    done();
  });
}

function findNul(value: unknown, at: string, depth = 0): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? at : null;
  if (value === null || typeof value !== "object" || depth > 32) return null;
  for (const [key, v] of Object.entries(value)) {
    if (key.includes("\u0000")) return at;
    const found = findNul(v, at === "body" ? key : `${at}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}
