import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sellHome } from "../../../../tests/support/home-sale.ts";
import { type FormPart, multipartBody } from "../../../../tests/support/multipart.ts";
import {
  activePolicyId,
  createSignedInTestApp,
  DEMO_PASSWORD,
  login,
  type TestApp,
} from "../../../../tests/support/test-app.ts";
import { todayInIndia } from "../../../shared/dates.ts";
import type { PartnerPolicy } from "../../../shared/schemas/partner.ts";
import { COVERED_ITEMS, POLICY_ITEMS_MAX, type PolicyItem } from "../../../shared/schemas/policy-items.ts";
import type { AdminTicketDetail, AdminTicketListItem, TicketDetail } from "../../../shared/schemas/ticket.ts";
import { auditLog, partnerMembers, partners, policyItems } from "../../db/schema.ts";
import { plans as seededPlans } from "../../db/seed/content/plans.ts";
import { ensureUser } from "../../db/seed/factories.ts";

/**
 * Policy items (the things fitted in the home, with handover photos) and claims that name
 * what failed, through the real routes, database, image library and upload storage.
 */

let t: TestApp;
let dir: string;
let a: string;
let b: string;
let admin: string;
/** customer A's active Premium policy and customer B's active Essential one */
let premium: number;
let essential: number;

async function photo(width = 1200, height = 900) {
  return sharp({ create: { width, height, channels: 3, background: "#8a6a4a" } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: "TestPhone" } })
    .toBuffer();
}

function uploadPhotos(cookie: string, purchaseId: number, itemId: number, parts: FormPart[]) {
  const form = multipartBody(parts);
  return t.app.inject({
    method: "POST",
    url: `/api/purchases/${purchaseId}/items/${itemId}/photos`,
    headers: { cookie, "content-type": form.contentType },
    payload: form.payload,
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "hipws-items-test-"));
  ({ t, customer: a, otherCustomer: b, admin } = await createSignedInTestApp({ uploads: { dir } }));
  premium = await activePolicyId(t.app, a);
  essential = await activePolicyId(t.app, b);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the covered-item catalogue", () => {
  it("matches a feature of every seeded homeowner plan, so coverage is never silently lost", () => {
    for (const plan of seededPlans.filter((p) => p.type === "B2C")) {
      for (const item of COVERED_ITEMS) {
        expect(
          plan.features.map((f) => f.name),
          `${plan.name}: ${item.key}`,
        ).toContain(item.feature);
      }
    }
  });
});

describe("policy items", () => {
  let itemId: number;

  it("the holder records an item; it says whether the plan covers it", async () => {
    const res = await t.call("POST", `/api/purchases/${premium}/items`, a, {
      room: "  Kitchen ",
      itemType: "modular_kitchen",
      brand: "Hettich",
      installedOn: "2025-03-14",
    });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json<PolicyItem>();
    expect(item).toMatchObject({
      purchaseId: premium,
      room: "Kitchen",
      itemType: "modular_kitchen",
      brand: "Hettich",
      installedOn: "2025-03-14",
      coveredByPlan: true,
      photos: [],
    });
    itemId = item.id;
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "policy_item"), eq(auditLog.entityId, itemId)));
    expect(audit).toMatchObject({ action: "policy_item.add" });
    expect(audit.details).toMatchObject({ purchaseId: premium, room: "Kitchen" });
  });

  it("staff record and edit items on the same policy; the holder sees them", async () => {
    const added = await t.call("POST", `/api/purchases/${premium}/items`, admin, {
      room: "Master bedroom",
      itemType: "wardrobe",
      brand: "",
      installedOn: "",
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ brand: null, installedOn: null });
    const edited = await t.call("PUT", `/api/purchases/${premium}/items/${added.json().id}`, admin, {
      room: "Master bedroom",
      itemType: "wardrobe",
      brand: "Ebco",
      installedOn: "2024-11-02",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const list = (await t.call("GET", `/api/purchases/${premium}/items`, a)).json<PolicyItem[]>();
    expect(list.map((i) => [i.room, i.itemType, i.brand])).toEqual([
      ["Kitchen", "modular_kitchen", "Hettich"],
      ["Master bedroom", "wardrobe", "Ebco"],
    ]);
  });

  it("bad input is a clear 400 naming the field, and nothing is written", async () => {
    const before = await t.database.db.select().from(policyItems);
    const res = await t.call("POST", `/api/purchases/${premium}/items`, a, {
      room: "K",
      itemType: "sofa",
      installedOn: "2025-02-30",
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBeTruthy();
    expect(JSON.stringify(body)).toContain("Please choose what the item is");
    expect(JSON.stringify(body)).toContain("Please enter the room");
    expect(JSON.stringify(body)).not.toMatch(/stack|select |insert /i);
    expect(await t.database.db.select().from(policyItems)).toHaveLength(before.length);
  });

  it("another customer is told the policy and its items do not exist, and cannot change them", async () => {
    expect((await t.call("GET", `/api/purchases/${premium}/items`, b)).statusCode).toBe(404);
    const add = await t.call("POST", `/api/purchases/${premium}/items`, b, {
      room: "Hall",
      itemType: "laminate",
    });
    expect(add.statusCode).toBe(404);
    const edit = await t.call("PUT", `/api/purchases/${premium}/items/${itemId}`, b, {
      room: "Hall",
      itemType: "laminate",
    });
    expect(edit.statusCode).toBe(404);
    expect((await t.call("DELETE", `/api/purchases/${premium}/items/${itemId}`, b)).statusCode).toBe(404);
    // nor through their own policy's address: the item is not on it
    expect((await t.call("DELETE", `/api/purchases/${essential}/items/${itemId}`, b)).statusCode).toBe(404);
    const photos = await uploadPhotos(b, premium, itemId, [
      { name: "file", filename: "x.jpg", type: "image/jpeg", data: await photo() },
    ]);
    expect(photos.statusCode).toBe(404);
    expect((await t.call("GET", `/api/purchases/${premium}/items`, undefined)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(policyItems).where(eq(policyItems.id, itemId));
    expect(row.room).toBe("Kitchen");
  });

  it("handover photos are re-encoded without metadata, with a thumbnail, for the holder and staff only", async () => {
    const res = await uploadPhotos(a, premium, itemId, [
      { name: "file", filename: "kitchen-handover.jpg", type: "image/jpeg", data: await photo(3000, 2000) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [p] = res.json<PolicyItem["photos"]>();
    expect(p.url).toBe(`/api/purchases/${premium}/items/${itemId}/photos/${p.id}`);
    const full = await t.call("GET", p.url, admin);
    expect(full.statusCode).toBe(200);
    expect(full.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    const meta = await sharp(full.rawPayload).metadata();
    expect(Math.max(meta.width, meta.height)).toBe(2560);
    expect(meta.exif).toBeUndefined();
    const thumb = await t.call("GET", p.thumbnailUrl!, a);
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe("webp");
    expect((await t.call("GET", p.url, b)).statusCode).toBe(404);
    const list = (await t.call("GET", `/api/purchases/${premium}/items`, a)).json<PolicyItem[]>();
    expect(list[0].photos.map((x) => x.name)).toEqual(["kitchen-handover.jpg"]);
  });

  it("a PDF is not a handover photo: refused by name, nothing stored", async () => {
    const storedBefore = readdirSync(dir).filter((e) => e !== ".incoming").length;
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
    const res = await uploadPhotos(a, premium, itemId, [
      { name: "file", filename: "bill.pdf", type: "application/pdf", data: pdf },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('"bill.pdf" is not a photo (JPEG, PNG or WebP).');
    expect(readdirSync(dir).filter((e) => e !== ".incoming")).toHaveLength(storedBefore);
  });

  it("removing an item removes its photos' files; tickets keep their covered item", async () => {
    const added = (
      await t.call("POST", `/api/purchases/${premium}/items`, a, { room: "Study", itemType: "storage_units" })
    ).json<PolicyItem>();
    await uploadPhotos(a, premium, added.id, [
      { name: "file", filename: "study.jpg", type: "image/jpeg", data: await photo() },
    ]);
    const ticket = await t.call("POST", "/api/tickets", a, {
      purchaseId: premium,
      subject: "Study unit door sags",
      description: "The study unit door has dropped by a centimetre.",
      policyItemId: added.id,
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const storedBefore = readdirSync(dir).filter((e) => e !== ".incoming").length;
    const res = await t.call("DELETE", `/api/purchases/${premium}/items/${added.id}`, a);
    expect(res.statusCode, res.body).toBe(200);
    // the photo and its thumbnail
    expect(readdirSync(dir).filter((e) => e !== ".incoming")).toHaveLength(storedBefore - 2);
    const detail = (await t.call("GET", `/api/tickets/${ticket.json().id}`, a)).json<TicketDetail>();
    expect(detail.ticket).toMatchObject({
      coveredItem: "storage_units",
      policyItemId: null,
      coveredByPlan: true,
    });
    expect(detail.policyItem).toBeNull();
  });

  it(`holds at most ${POLICY_ITEMS_MAX} items, then says so`, async () => {
    // filled up to the cap directly: a hundred requests would only test the HTTP layer again
    await t.database.db.insert(policyItems).values(
      Array.from({ length: POLICY_ITEMS_MAX }, (_, i) => ({
        purchaseId: essential,
        room: `Room ${i + 1}`,
        itemType: "hinges",
      })),
    );
    const res = await t.call("POST", `/api/purchases/${essential}/items`, b, {
      room: "Hall",
      itemType: "laminate",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `A policy holds at most ${POLICY_ITEMS_MAX} items. Please edit or remove one before adding another.`,
    );
    await t.database.db.delete(policyItems).where(eq(policyItems.purchaseId, essential));
  });
});

describe("a claim names what failed", () => {
  const claim = {
    subject: "Shutter hinge broke",
    description: "The hinge on the upper shutter came off the panel.",
  };

  it("a policy item the plan covers: stored with its type, covered", async () => {
    const item = (
      await t.call("POST", `/api/purchases/${premium}/items`, a, {
        room: "Kitchen",
        itemType: "hinges",
        brand: "Blum",
      })
    ).json<PolicyItem>();
    // the browser says "other" and "not covered"; the server goes by the item
    const res = await t.call("POST", "/api/tickets", a, {
      ...claim,
      purchaseId: premium,
      policyItemId: item.id,
      coveredItem: "other",
      coveredByPlan: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ coveredItem: "hinges", policyItemId: item.id, coveredByPlan: true });
    const detail = (await t.call("GET", `/api/tickets/${res.json().id}`, a)).json<TicketDetail>();
    expect(detail.policyItem).toMatchObject({
      id: item.id,
      room: "Kitchen",
      itemType: "hinges",
      brand: "Blum",
    });
    const staff = (
      await t.call("GET", `/api/admin/tickets/${res.json().id}`, admin)
    ).json<AdminTicketDetail>();
    expect(staff.policyItem).toMatchObject({ room: "Kitchen", itemType: "hinges" });
  });

  it("a plan feature the plan does not include is stored as not covered, even when the browser says covered", async () => {
    const res = await t.call("POST", "/api/tickets", b, {
      ...claim,
      purchaseId: essential,
      coveredItem: "modular_kitchen",
      coveredByPlan: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      coveredItem: "modular_kitchen",
      policyItemId: null,
      coveredByPlan: false,
    });
    const page = (await t.call("GET", `/api/admin/tickets?q=${res.json().id}`, admin)).json<
      AdminTicketListItem[]
    >();
    expect(page.find((r) => r.ticket.id === res.json().id)?.ticket.coveredByPlan).toBe(false);
  });

  it("an included feature is covered; 'other' and no answer leave nothing to judge", async () => {
    const covered = await t.call("POST", "/api/tickets", b, {
      ...claim,
      purchaseId: essential,
      coveredItem: "laminate",
    });
    expect(covered.json()).toMatchObject({ coveredItem: "laminate", coveredByPlan: true });
    const other = await t.call("POST", "/api/tickets", b, {
      ...claim,
      purchaseId: essential,
      coveredItem: "other",
    });
    expect(other.json()).toMatchObject({ coveredItem: "other", coveredByPlan: null });
    const none = await t.call("POST", "/api/tickets", b, { ...claim, purchaseId: essential });
    expect(none.statusCode).toBe(201);
    expect(none.json()).toMatchObject({ coveredItem: null, policyItemId: null, coveredByPlan: null });
  });

  it("another policy's item, or an unknown kind, is a 400 naming the field and no ticket is made", async () => {
    const mine = (await t.call("GET", `/api/purchases/${premium}/items`, a)).json<PolicyItem[]>()[0];
    const before = (await t.call("GET", "/api/tickets", b)).json<unknown[]>().length;
    const foreign = await t.call("POST", "/api/tickets", b, {
      ...claim,
      purchaseId: essential,
      policyItemId: mine.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      errors: { coveredItem: "Please choose one of this policy's items" },
    });
    // nothing about A's item leaks
    expect(foreign.body).not.toContain(mine.room);
    const unknown = await t.call("POST", "/api/tickets", b, {
      ...claim,
      purchaseId: essential,
      coveredItem: "sofa",
    });
    expect(unknown.statusCode).toBe(400);
    expect((await t.call("GET", "/api/tickets", b)).json<unknown[]>()).toHaveLength(before);
  });
});

describe("handover photos by the partner that registered the home", () => {
  it("its users read the items and add photos, and nothing else; another partner's users get 404", async () => {
    const member = await login(t.app, "demo-partner-member");
    const plansList = (await t.call("GET", "/api/plans/B2C", member)).json<
      { plan: { id: number; name: string } }[]
    >();
    const registered = await t.call("POST", "/api/partner/handovers", member, {
      homeownerName: "Revathi Krishnan",
      homeownerEmail: "revathi.photos@example.in",
      homeownerPhone: "+91 98400 22334",
      propertyAddress: "9 Beach Road, Kalakshetra Colony",
      propertyCity: "Chennai",
      propertyPincode: "600090",
      planId: plansList.find((p) => p.plan.name === "Premium")!.plan.id,
      installDate: new Date().toISOString().slice(0, 10),
      coveredItems: [{ room: "Kitchen", itemType: "hinges", brand: "Hettich" }],
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const policy = registered.json<PartnerPolicy>();
    const items = await t.call("GET", `/api/purchases/${policy.id}/items`, member);
    expect(items.statusCode, items.body).toBe(200);
    const [item] = items.json<PolicyItem[]>();
    expect(item).toMatchObject({ room: "Kitchen", itemType: "hinges", brand: "Hettich", photos: [] });

    const added = await uploadPhotos(member, policy.id, item.id, [
      { name: "file", filename: "hinge-handover.jpg", type: "image/jpeg", data: await photo() },
    ]);
    expect(added.statusCode, added.body).toBe(201);
    const [p] = added.json<PolicyItem["photos"]>();
    expect((await t.call("GET", p.url, member)).statusCode).toBe(200);
    expect((await t.call("GET", p.thumbnailUrl!, member)).statusCode).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "policy_item.photo_add"), eq(auditLog.entityId, item.id)));
    expect(audit.details).toMatchObject({ purchaseId: policy.id });

    // the items are the holder's to edit: the partner adds photos only
    expect(
      (
        await t.call("POST", `/api/purchases/${policy.id}/items`, member, {
          room: "Study",
          itemType: "storage_units",
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call("PUT", `/api/purchases/${policy.id}/items/${item.id}`, member, {
          room: "Hall",
          itemType: "hinges",
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.call("DELETE", p.url, member)).statusCode).toBe(404);

    // a user of another partner, and a customer, are told the policy does not exist
    const [other] = await t.database.db
      .insert(partners)
      .values({
        name: "Other Photos Studio",
        address: "1 Other Road, Chennai",
        brandColour: "#123456",
        planId: plansList.find((x) => x.plan.name === "Premium")!.plan.id,
        monthlyQuota: 10,
        contractStart: "2026-01-01",
      })
      .returning();
    const stranger = await ensureUser(t.database.db, {
      username: "other-partner-photos",
      password: DEMO_PASSWORD,
      firstName: "Other",
      lastName: "Partner",
      email: "other-partner-photos@example.in",
      role: "partner",
    });
    await t.database.db
      .insert(partnerMembers)
      .values({ partnerId: other.id, userId: stranger.id, role: "owner" });
    const strangerCookie = await login(t.app, "other-partner-photos");
    for (const cookie of [strangerCookie, b]) {
      expect((await t.call("GET", `/api/purchases/${policy.id}/items`, cookie)).statusCode).toBe(404);
      expect((await t.call("GET", p.url, cookie)).statusCode).toBe(404);
      const refused = await uploadPhotos(cookie, policy.id, item.id, [
        { name: "file", filename: "x.jpg", type: "image/jpeg", data: await photo(100, 100) },
      ]);
      expect(refused.statusCode).toBe(404);
    }
    const list = (await t.call("GET", `/api/purchases/${policy.id}/items`, member)).json<PolicyItem[]>();
    expect(list[0].photos.map((x) => x.name)).toEqual(["hinge-handover.jpg"]);
  });
});

describe("a home the partner registered, once it is sold", () => {
  it("stays on the partner's list as registered, without its buyer; its policy items, photos and new claims answer 404", async () => {
    const member = await login(t.app, "demo-partner-member");
    const plansList = (await t.call("GET", "/api/plans/B2C", member)).json<
      { plan: { id: number; name: string } }[]
    >();
    const registered = await t.call("POST", "/api/partner/handovers", member, {
      homeownerName: "Nirmala Sundaram",
      homeownerEmail: "nirmala.sold@example.in",
      homeownerPhone: "+91 98400 22335",
      propertyAddress: "14 Third Main Road, Besant Nagar",
      propertyCity: "Chennai",
      propertyPincode: "600090",
      planId: plansList.find((p) => p.plan.name === "Premium")!.plan.id,
      installDate: new Date().toISOString().slice(0, 10),
      coveredItems: [{ room: "Bedroom", itemType: "wardrobe", brand: "Hafele" }],
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const policy = registered.json<PartnerPolicy>();
    const [item] = (await t.call("GET", `/api/purchases/${policy.id}/items`, member)).json<PolicyItem[]>();
    const added = await uploadPhotos(member, policy.id, item.id, [
      { name: "file", filename: "wardrobe.jpg", type: "image/jpeg", data: await photo(200, 200) },
    ]);
    expect(added.statusCode, added.body).toBe(201);
    const [p] = added.json<PolicyItem["photos"]>();

    const buyer = (await t.call("GET", "/api/user", b)).json<{
      id: number;
      email: string;
      lastName: string;
    }>();
    await sellHome(t.database.db, policy.id, buyer.id);
    const claim = await t.call("POST", "/api/tickets", b, {
      purchaseId: policy.id,
      subject: "Wardrobe shutter sags",
      description: "The left shutter of the wardrobe has dropped.",
    });
    expect(claim.statusCode, claim.body).toBe(201);

    // the registration is kept as the partner made it: the homeowner they registered, and the day of the sale
    const listed = (await t.call("GET", "/api/partner/policies?limit=200", member))
      .json<PartnerPolicy[]>()
      .find((x) => x.id === policy.id)!;
    expect(listed.homeowner).toEqual(policy.homeowner);
    expect(listed.soldOn).toBe(todayInIndia());
    expect(policy.soldOn).toBeNull();
    for (const q of [buyer.email, buyer.lastName]) {
      const found = await t.call("GET", `/api/partner/policies?q=${encodeURIComponent(q)}`, member);
      expect(found.json<PartnerPolicy[]>().map((x) => x.id)).not.toContain(policy.id);
    }
    // the policy items are the new owner's alone
    expect((await t.call("GET", `/api/purchases/${policy.id}/items`, member)).statusCode).toBe(404);
    expect((await t.call("GET", p.url, member)).statusCode).toBe(404);
    expect((await t.call("GET", p.thumbnailUrl!, member)).statusCode).toBe(404);
    const refused = await uploadPhotos(member, policy.id, item.id, [
      { name: "file", filename: "late.jpg", type: "image/jpeg", data: await photo(100, 100) },
    ]);
    expect(refused.statusCode).toBe(404);
    const claims = (await t.call("GET", "/api/partner/claims?limit=200", member)).json<{ id: number }[]>();
    expect(claims.map((c) => c.id)).not.toContain(claim.json().id);
    // while the buyer reads the items, with the handover photo and nothing added after the sale
    const theirs = (await t.call("GET", `/api/purchases/${policy.id}/items`, b)).json<PolicyItem[]>();
    expect(theirs[0].photos.map((x) => x.name)).toEqual(["wardrobe.jpg"]);
  });
});
