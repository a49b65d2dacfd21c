import { createHmac } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { badRequest } from "../../errors.ts";
import { route } from "../../lib/endpoint.ts";
import { sameSignature } from "../../lib/signatures.ts";
import { changeMarketingConsent } from "../privacy/consent.service.ts";

/**
 * One-click unsubscribe (RFC 8058) from reminders and news, with no sign-in: the link
 * carries the account's id and an HMAC of it under a key derived from the session secret,
 * so nobody can unsubscribe someone else by changing the number.
 */
const UNSUBSCRIBE_INVALID = "This unsubscribe link is not valid. Please change your choice in your profile.";

export function unsubscribeKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("unsubscribe from marketing e-mails").digest();
}

function unsubscribeToken(key: Buffer, userId: number): string {
  return createHmac("sha256", key).update(String(userId)).digest().subarray(0, 16).toString("base64url");
}

/** the address mail clients POST to (List-Unsubscribe), and people open from the e-mail */
export function unsubscribeUrls(origin: string, key: Buffer, userId: number) {
  const q = `u=${userId}&t=${unsubscribeToken(key, userId)}`;
  return { oneClick: `${origin}/api/unsubscribe?${q}`, page: `${origin}/unsubscribe?${q}` };
}

export async function unsubscribeRoutes(app: FastifyInstance, { db, key }: { db: Db; key: Buffer }) {
  // a mail client's one-click request is a form post ("List-Unsubscribe=One-Click"); only
  // this plugin's route accepts that type, and the body says nothing we need
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, _body, done) =>
    done(null, undefined),
  );
  route(app, "POST /api/unsubscribe", async (req) => {
    const { u, t } = req.query;
    if (!sameSignature(t, unsubscribeToken(key, u))) throw badRequest(UNSUBSCRIBE_INVALID);
    await changeMarketingConsent(db, u, false, "unsubscribe");
    return {
      message:
        "You will get no more reminders or news from us. Service e-mails about your policies and tickets still come.",
    };
  });
}
