import { createHmac } from "node:crypto";
import { sameSignature } from "../../lib/signatures.ts";

/**
 * The confirm / ask-for-another links in a visit's e-mail, which work without signing in.
 * A link names the visit and the slot's SEQUENCE, signed with an HMAC under a key derived
 * from the session secret (as the unsubscribe links are), so nobody can answer for another
 * visit by changing a number. A link for a slot that has since changed still opens, and
 * says a newer time was sent, rather than confirming a time nobody offered any more.
 */
export function visitLinkKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("answer a proposed technician visit").digest();
}

const mac = (key: Buffer, visitId: number, sequence: number) =>
  createHmac("sha256", key).update(`${visitId}.${sequence}`).digest().subarray(0, 16);

export function visitLinkToken(key: Buffer, visitId: number, sequence: number): string {
  return `${visitId}.${sequence}.${mac(key, visitId, sequence).toString("base64url")}`;
}

/** The visit and sequence a token was made for, or null for anything we did not sign */
export function readVisitLinkToken(key: Buffer, token: string): { visitId: number; sequence: number } | null {
  const m = /^([1-9][0-9]{0,9})\.(0|[1-9][0-9]{0,5})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return null;
  const visitId = Number(m[1]);
  const sequence = Number(m[2]);
  if (visitId > 2_147_483_647) return null;
  if (!sameSignature(m[3], mac(key, visitId, sequence).toString("base64url"))) return null;
  return { visitId, sequence };
}
