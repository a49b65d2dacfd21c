import { and, desc, eq, sql } from "drizzle-orm";
import {
  type ConsentPurpose,
  type ConsentRecord,
  type ConsentState,
  PRIVACY_NOTICE_VERSION,
} from "../../../shared/schemas/privacy.ts";
import type { Db, Tx } from "../../db/client.ts";
import { consents } from "../../db/schema.ts";
import { recordAudit } from "../audit/audit.service.ts";

type Reader = Db | Tx;

/** the first key of the advisory locks that serialise one person's consent changes */
const CONSENT_LOCK = 727_405_101;
const sqlLock = (userId: number) => sql`select pg_advisory_xact_lock(${CONSENT_LOCK}, ${userId})`;

/**
 * Whether the person's newest choice for `purpose` is "given". No row means no consent:
 * marketing is never assumed. What sends marketing e-mail asks this just before sending.
 */
export async function hasConsent(db: Reader, userId: number, purpose: ConsentPurpose): Promise<boolean> {
  const [row] = await db
    .select({ given: consents.given })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.purpose, purpose)))
    .orderBy(desc(consents.id))
    .limit(1);
  return row?.given ?? false;
}

/** The consent checks bound to one database, for code that is handed a service rather than a Db. */
export function consentService(db: Reader) {
  return {
    hasConsent: (userId: number, purpose: ConsentPurpose) => hasConsent(db, userId, purpose),
  };
}

/** Appends one consent change and its audit row, in the caller's transaction. */
export async function recordConsent(
  tx: Tx,
  entry: {
    userId: number;
    purpose: ConsentPurpose;
    given: boolean;
    /**
     * the sign-up form, the profile, the first password of an account someone else made, or
     * an e-mail's unsubscribe link
     */
    source: "registration" | "profile" | "invitation" | "unsubscribe";
  },
): Promise<void> {
  const [row] = await tx
    .insert(consents)
    .values({ ...entry, noticeVersion: PRIVACY_NOTICE_VERSION })
    .returning({ id: consents.id });
  await recordAudit(tx, {
    actorId: entry.userId,
    action: entry.given ? "consent_given" : "consent_withdrawn",
    entityType: "consent",
    entityId: row.id,
    details: { purpose: entry.purpose, noticeVersion: PRIVACY_NOTICE_VERSION, source: entry.source },
  });
}

/** At sign-up: the notice was shown with the form, and marketing only if the box was ticked. */
export async function recordSignUpConsents(db: Db, userId: number, marketing: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await recordConsent(tx, { userId, purpose: "privacy_notice", given: true, source: "registration" });
    if (marketing)
      await recordConsent(tx, { userId, purpose: "marketing", given: true, source: "registration" });
  });
}

export async function consentHistory(db: Reader, userId: number): Promise<ConsentRecord[]> {
  const rows = await db.select().from(consents).where(eq(consents.userId, userId)).orderBy(desc(consents.id));
  return rows.map((r) => ({
    id: r.id,
    purpose: r.purpose as ConsentPurpose,
    noticeVersion: r.noticeVersion,
    given: r.given,
    source: r.source,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function consentState(db: Reader, userId: number): Promise<ConsentState> {
  const history = await consentHistory(db, userId);
  return { marketing: history.find((c) => c.purpose === "marketing")?.given ?? false, history };
}

/**
 * The profile's switch, or an e-mail's unsubscribe link (`source`), so the history says
 * which the person used. Under a lock on the person's consent rows of this purpose, so two
 * clicks at once write one change, not two opposite ones in an order nobody chose.
 */
export async function changeMarketingConsent(
  db: Db,
  userId: number,
  given: boolean,
  source: "profile" | "unsubscribe" = "profile",
): Promise<ConsentState> {
  await db.transaction(async (tx) => {
    // a transaction-scoped advisory lock per person: the first consent row may not exist yet to lock
    await tx.execute(sqlLock(userId));
    if ((await hasConsent(tx, userId, "marketing")) === given) return;
    await recordConsent(tx, { userId, purpose: "marketing", given, source });
  });
  return consentState(db, userId);
}
