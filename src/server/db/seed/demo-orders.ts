import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { orders, purchases } from "../schema.ts";
import { ensureUser, makePolicy } from "./factories.ts";

const DAY = 86_400_000;

/**
 * A homeowner who bought online: one order waiting for its UPI payment (the buyer has
 * reported its UTR, so staff have something to confirm) and one paid, whose policy is in
 * force with its invoice (seedDemoInvoices issues it). Added once: a second run finds them.
 */
export async function seedDemoOrders(db: Db, password: string) {
  const buyer = await ensureUser(db, {
    username: "demo-buyer",
    password,
    firstName: "Meena",
    lastName: "Iyer",
    email: "demo-buyer@hipws.example",
    phone: "9840098765",
    address: "Flat 2C, Green Acres, 5 Kalakshetra Road, Thiruvanmiyur",
    city: "Chennai",
    state: "Tamil Nadu",
    pincode: "600041",
  });
  const held = await db.select({ id: purchases.id }).from(purchases).where(eq(purchases.userId, buyer.id));
  if (held.length > 0) return buyer;
  const home = {
    userId: buyer.id,
    propertyAddress: "Flat 2C, Green Acres, 5 Kalakshetra Road, Thiruvanmiyur",
    propertyCity: "Chennai",
    propertyState: "Tamil Nadu",
    propertyPincode: "600041",
  };
  const now = Date.now();
  const paidOn = new Date(now - 20 * DAY);
  const paid = await makePolicy(db, {
    ...home,
    planName: "Premium",
    startDate: paidOn.toISOString().slice(0, 10),
    status: "active",
    createdAt: new Date(now - 21 * DAY),
  });
  const waiting = await makePolicy(db, {
    ...home,
    planName: "Elite",
    propertyAddress: "Plot 14, Casuarina Drive, Neelankarai",
    propertyPincode: "600115",
    startDate: new Date(now).toISOString().slice(0, 10),
    status: "pending",
    createdAt: new Date(now - 2 * DAY),
  });
  await db.insert(orders).values([
    {
      reference: "HIPOPAYED2X4",
      purchaseId: paid.id,
      amount: paid.totalAmount,
      status: "paid",
      utr: "633012345678",
      reportedUtr: "633012345678",
      paidAt: paidOn,
      expiresAt: new Date(now - 14 * DAY),
      createdAt: new Date(now - 21 * DAY),
    },
    {
      reference: "HIPOWA7TNG2X",
      purchaseId: waiting.id,
      amount: waiting.totalAmount,
      status: "payment_reported",
      reportedUtr: "633098765432",
      expiresAt: new Date(now + 5 * DAY),
      createdAt: new Date(now - 2 * DAY),
    },
  ]);
  return buyer;
}
