import { createHmac } from "node:crypto";
import { sameSignature } from "../../lib/signatures.ts";
import { linkSignature } from "../mail/email-links.ts";

/**
 * The confirm / ask-for-another links in a visit's e-mail, which work without signing in.
 * A link names the visit and the slot's SEQUENCE, signed with an HMAC under a key derived
 * from the session secret (as the unsubscribe links are) and over the customer's link epoch
 * (mail/email-links.ts), so nobody can answer for another visit by changing a number, and an
 * erasure voids the links already sent. A link for a slot that has since changed still
 * opens, and says a newer time was sent, rather than confirming a time nobody offered any more.
 */
export function visitLinkKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("answer a proposed technician visit").digest();
}

export function visitLinkToken(key: Buffer, visitId: number, sequence: number, epoch = 0): string {
  return `${visitId}.${sequence}.${linkSignature(key, `${visitId}.${sequence}`, epoch)}`;
}

export interface VisitLinkToken {
  visitId: number;
  sequence: number;
  signature: string;
}

/** The visit and sequence a token names, before its signature is checked; null for anything not shaped like ours */
export function parseVisitLinkToken(token: string): VisitLinkToken | null {
  const m = /^([1-9][0-9]{0,9})\.(0|[1-9][0-9]{0,5})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return null;
  const visitId = Number(m[1]);
  if (visitId > 2_147_483_647) return null;
  return { visitId, sequence: Number(m[2]), signature: m[3] };
}

/** whether we signed this token for its visit and sequence, at the customer's current link epoch */
export function visitLinkSigned(key: Buffer, token: VisitLinkToken, epoch: number): boolean {
  return sameSignature(token.signature, linkSignature(key, `${token.visitId}.${token.sequence}`, epoch));
}
