import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { partnerMembers, partners, plans, policyItems, purchases } from "../schema.ts";
import { ensureUser, makePolicy, makeTicket } from "./factories.ts";

const DEMO_PARTNER = "Nest & Grain Interiors";
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The demo B2B partner: a Chennai design studio on the Professional plan, its owner
 * `demo-partner` and member `demo-partner-member`, and three homes it handed over with their
 * covered items (one homeowner, `demo-homeowner`, signs in with the demo password, and has
 * an open claim on a hinge). Running it again changes
 * nothing: the partner is found by name, and one that has registrations gets no more.
 */
export async function seedDemoPartner(db: Db, password: string) {
  const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.name, "Professional Plan"));
  if (!plan) throw new Error("No Professional Plan: is the base content seeded?");
  let [partner] = await db.select().from(partners).where(eq(partners.name, DEMO_PARTNER));
  partner ??= (
    await db
      .insert(partners)
      .values({
        name: DEMO_PARTNER,
        gstin: "33ABCDE1234F1Z7",
        address: "14 Khader Nawaz Khan Road, Nungambakkam, Chennai 600006",
        brandColour: "#1a6b5c",
        planId: plan.id,
        monthlyQuota: 15,
        contractStart: dayOf(daysAgo(200)),
      })
      .returning()
  )[0];
  const owner = await ensureUser(db, {
    username: "demo-partner",
    password,
    firstName: "Deepa",
    lastName: "Krishnan",
    email: "demo-partner@hipws.example",
    role: "partner",
    phone: "+91 98401 33445",
    city: "Chennai",
    state: "Tamil Nadu",
  });
  const member = await ensureUser(db, {
    username: "demo-partner-member",
    password,
    firstName: "Arjun",
    lastName: "Pillai",
    email: "demo-partner-member@hipws.example",
    role: "partner",
    phone: "+91 98401 55667",
    city: "Chennai",
    state: "Tamil Nadu",
  });
  for (const [user, role] of [
    [owner, "owner"],
    [member, "member"],
  ] as const) {
    await db
      .insert(partnerMembers)
      .values({ partnerId: partner.id, userId: user.id, role })
      .onConflictDoNothing({ target: partnerMembers.userId });
  }

  const registered = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(eq(purchases.partnerId, partner.id))
    .limit(1);
  if (registered.length > 0) return { partner, owner, member };
  const homes = [
    {
      username: "demo-homeowner",
      firstName: "Meenakshi",
      lastName: "Venkat",
      address: "Flat 2A, Sea Breeze Apartments, 5 Elliots Beach Road, Besant Nagar",
      pincode: "600090",
      planName: "Premium",
      installer: "Team Ravi",
      days: 3,
      items: [
        { room: "Kitchen", itemType: "hinges", brand: "Hettich" },
        { room: "Master bedroom", itemType: "wardrobe", brand: "Ebco" },
      ],
      // the demo claim: a hinge Team Ravi fitted, for the partner's dashboard and scorecard
      claim: {
        subject: "Kitchen drawer hinge has come loose",
        description:
          "The soft-close hinge on the drawer left of the hob has come away from the side panel, a few days after the handover.",
      },
    },
    {
      username: "demo-homeowner-2",
      firstName: "Rahul",
      lastName: "Menon",
      address: "No. 9, 3rd Main Road, Kotturpuram",
      pincode: "600085",
      planName: "Elite",
      installer: "Team Selvi",
      days: 20,
      items: [{ room: "Kitchen", itemType: "modular_kitchen", brand: "Hafele" }],
    },
    {
      username: "demo-homeowner-3",
      firstName: "Fathima",
      lastName: "Rahman",
      address: "Villa 12, Palm Grove, ECR, Neelankarai",
      pincode: "600115",
      planName: "Essential",
      installer: "Team Ravi",
      days: 45,
      items: [{ room: "Living room", itemType: "storage_units", brand: "Greenply" }],
    },
  ];
  for (const h of homes) {
    const homeowner = await ensureUser(db, {
      username: h.username,
      password,
      firstName: h.firstName,
      lastName: h.lastName,
      email: `${h.username}@hipws.example`,
      address: h.address,
      city: "Chennai",
      state: "Tamil Nadu",
      pincode: h.pincode,
    });
    const policy = await makePolicy(db, {
      userId: homeowner.id,
      planName: h.planName,
      startDate: dayOf(daysAgo(h.days)),
      status: "active",
      createdAt: daysAgo(h.days),
      propertyAddress: h.address,
      propertyCity: "Chennai",
      propertyState: "Tamil Nadu",
      propertyPincode: h.pincode,
      partner: { partnerId: partner.id, registeredById: member.id, installer: h.installer },
    });
    const items = await db
      .insert(policyItems)
      .values(
        h.items.map((item) => ({
          ...item,
          purchaseId: policy.id,
          installedOn: policy.startDate,
          createdById: member.id,
        })),
      )
      .returning();
    if (h.claim) {
      await makeTicket(db, {
        userId: homeowner.id,
        purchaseId: policy.id,
        ...h.claim,
        priority: "medium",
        status: "open",
        createdAt: daysAgo(1),
        coveredItem: items[0].itemType,
        policyItemId: items[0].id,
      });
    }
  }
  return { partner, owner, member };
}
