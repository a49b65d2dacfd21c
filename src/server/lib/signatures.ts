import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";

/**
 * Whether the signature a link or cursor came back with is the one we wrote, in constant
 * time. Compared as the text we wrote, never as decoded bytes: the last base64url
 * character of a value whose length is not a multiple of three bytes carries spare bits,
 * so a changed last character can decode to the same bytes and would pass.
 */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The value of a cookie this server signed; null when it is absent, empty or its signature is not ours. */
export function signedCookie(request: FastifyRequest, name: string): string | null {
  const raw = request.cookies[name];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}
