import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { purchases } from "../schema.ts";
import { seedDemoInvoices } from "./demo-invoices.ts";
import { seedDemoOrders } from "./demo-orders.ts";
import { seedDemoPartner } from "./demo-partner.ts";
import { ensureUser, makePolicy, makeTicket } from "./factories.ts";

const isoDaysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/**
 * The demo accounts that the README lists and outside tools sign in with. Running it again changes nothing: users are found by
 * name, and a customer who already holds policies gets no more.
 */
export async function seedDemo(db: Db, password: string) {
  const admin = await ensureUser(db, {
    username: "demo-admin",
    password,
    firstName: "Priya",
    lastName: "Raghavan",
    email: "demo-admin@hipws.example",
    role: "admin",
    phone: "+91 44 4000 1234",
    city: "Chennai",
    state: "Tamil Nadu",
  });
  const customer = await ensureUser(db, {
    username: "demo-customer",
    password,
    firstName: "Karthik",
    lastName: "Subramanian",
    email: "demo-customer@hipws.example",
    phone: "9840012345",
    address: "Flat 4B, Lotus Residency, 12 Second Avenue, Anna Nagar",
    city: "Chennai",
    state: "Tamil Nadu",
    pincode: "600040",
  });
  const customer2 = await ensureUser(db, {
    username: "demo-customer-2",
    password,
    firstName: "Ananya",
    lastName: "Hegde",
    email: "demo-customer-2@hipws.example",
    phone: "9886054321",
    address: "221, 5th Cross, HSR Layout Sector 2",
    city: "Bengaluru",
    state: "Karnataka",
    pincode: "560102",
  });
  // a field engineer: signs in to the console and sees only the tickets assigned to them
  const technician = await ensureUser(db, {
    username: "demo-technician",
    password,
    firstName: "Murugan",
    lastName: "Selvam",
    email: "demo-technician@hipws.example",
    role: "technician",
    phone: "+91 98400 22110",
    city: "Chennai",
    state: "Tamil Nadu",
  });

  const held = await db.select({ id: purchases.id }).from(purchases).where(eq(purchases.userId, customer.id));
  if (held.length === 0) {
    const home = {
      propertyAddress: "Flat 4B, Lotus Residency, 12 Second Avenue, Anna Nagar",
      propertyCity: "Chennai",
      propertyState: "Tamil Nadu",
      propertyPincode: "600040",
    };
    // each policy is dated as issued shortly before its cover starts (as staff would have
    // issued it), so a printed certificate's "Issued on" reads true rather than showing the
    // day the demo data was made
    const active = await makePolicy(db, {
      ...home,
      userId: customer.id,
      planName: "Premium",
      startDate: isoDaysFromNow(-420),
      status: "active",
      createdAt: daysAgo(427),
    });
    await makePolicy(db, {
      userId: customer.id,
      planName: "Elite",
      startDate: isoDaysFromNow(14),
      status: "pending",
      createdAt: daysAgo(3),
      propertyAddress: "Villa 7, Casa Grande Serenity, OMR, Sholinganallur",
      propertyCity: "Chennai",
      propertyState: "Tamil Nadu",
      propertyPincode: "600119",
    });
    await makePolicy(db, {
      userId: customer.id,
      planName: "Essential",
      startDate: "2019-06-01",
      status: "expired",
      createdAt: new Date("2019-05-24T11:30:00+05:30"),
      propertyAddress: "No. 18, Kamaraj Street, West Mambalam",
      propertyCity: "Chennai",
      propertyState: "Tamil Nadu",
      propertyPincode: "600033",
    });
    await makeTicket(db, {
      userId: customer.id,
      purchaseId: active.id,
      subject: "Wardrobe hinge sagging on master bedroom shutter",
      description:
        "The top hinge on the left shutter of the master bedroom wardrobe has loosened and the door now drags on the bottom rail when it is closed.",
      priority: "medium",
      status: "open",
      createdAt: daysAgo(1),
    });
    await makeTicket(db, {
      userId: customer.id,
      purchaseId: active.id,
      subject: "Laminate peeling near the kitchen sink",
      description:
        "The laminate on the base cabinet next to the sink has started lifting at the edge, about 10 cm long. No water leak that we can see.",
      priority: "high",
      status: "in_progress",
      staffId: admin.id,
      createdAt: daysAgo(6),
      messages: [
        {
          authorId: admin.id,
          body: "Thank you for the photos. Our technician Murugan will visit on Thursday between 10 am and 1 pm to inspect the edge banding.",
        },
        { authorId: customer.id, body: "Thursday morning works. The security desk will let him in." },
        {
          authorId: admin.id,
          body: "Check the sink's silicone seal too; likely cause of moisture.",
          internal: true,
        },
      ],
    });
    await makeTicket(db, {
      userId: customer.id,
      purchaseId: active.id,
      subject: "Soft-close drawer channel not closing fully",
      description: "The cutlery drawer's soft-close channel stops about two centimetres short of closing.",
      priority: "low",
      status: "resolved",
      staffId: admin.id,
      createdAt: daysAgo(30),
      messages: [
        { authorId: admin.id, body: "The channel was replaced under your Premium cover. No charge." },
      ],
    });
  }

  const held2 = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(eq(purchases.userId, customer2.id));
  if (held2.length === 0) {
    const active2 = await makePolicy(db, {
      userId: customer2.id,
      planName: "Essential",
      startDate: isoDaysFromNow(-90),
      status: "active",
      createdAt: daysAgo(95),
      propertyAddress: "221, 5th Cross, HSR Layout Sector 2",
      propertyCity: "Bengaluru",
      propertyState: "Karnataka",
      propertyPincode: "560102",
    });
    await makeTicket(db, {
      userId: customer2.id,
      purchaseId: active2.id,
      subject: "Kitchen overhead shutter misaligned",
      description:
        "One of the overhead shutters in the kitchen has dropped and no longer lines up with its neighbour.",
      priority: "medium",
      status: "open",
      createdAt: daysAgo(2),
    });
  }
  const buyer = await seedDemoOrders(db, password);
  await seedDemoInvoices(db, admin.id, [customer.id, customer2.id, buyer.id]);
  const { owner: partner, member: partnerMember } = await seedDemoPartner(db, password);
  return { admin, customer, customer2, technician, partner, partnerMember, buyer };
}
