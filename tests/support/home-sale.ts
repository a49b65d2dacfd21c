import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";

/**
 * The home is sold: its policy moves to `buyerId` as a completed transfer leaves it (the
 * transfer's row, status completed, and the policy in the buyer's name). How the link is
 * sent and accepted is the transfers tests' subject; the tests that only need a sold home
 * (what the seller's invoices and the registering partner show afterwards) start here.
 */
export async function sellHome(db: Db, purchaseId: number, buyerId: number) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into policy_transfers (purchase_id, from_user_id, to_user_id, buyer_name, buyer_email,
        buyer_phone, token_hash, status, needs_approval, expires_at, accepted_at, closed_at)
      select p.id, p.user_id, b.id, b.first_name || ' ' || b.last_name, b.email, '+91 98400 55555',
        md5(random()::text), 'completed', false, now() + interval '14 days', now(), now()
      from purchases p, users b where p.id = ${purchaseId} and b.id = ${buyerId}`);
    await tx.execute(
      sql`update purchases set user_id = ${buyerId}, updated_at = now() where id = ${purchaseId}`,
    );
  });
}
