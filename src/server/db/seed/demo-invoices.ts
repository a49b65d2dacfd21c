import { and, eq, inArray, notExists } from "drizzle-orm";
import { issueInvoice } from "../../modules/invoices/invoices.service.ts";
import type { Db } from "../client.ts";
import { invoices, purchases } from "../schema.ts";

/**
 * The demo customers' active policies get the tax invoice staff would have issued with them
 * (dated the day cover started), so `npm start` after `seed:demo` shows invoices on the policy
 * page. Only policies without one are invoiced, so running the seed again adds nothing.
 */
export async function seedDemoInvoices(db: Db, adminId: number, customerIds: number[]) {
  const rows = await db
    .select()
    .from(purchases)
    .where(
      and(
        inArray(purchases.userId, customerIds),
        eq(purchases.status, "active"),
        notExists(db.select({ id: invoices.id }).from(invoices).where(eq(invoices.purchaseId, purchases.id))),
      ),
    )
    .orderBy(purchases.startDate, purchases.id);
  for (const policy of rows) {
    await db.transaction((tx) => issueInvoice(tx, adminId, policy, policy.startDate));
  }
}
