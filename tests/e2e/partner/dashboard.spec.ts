import { request, test } from "@playwright/test";
import sharp from "sharp";
import type { AdminPartner, PartnerPolicy } from "../../../src/shared/schemas/partner.ts";
import { apiAs, b2cPlanId, expect, outboxMail, tag } from "../admin/helpers.ts";
import { DEMO } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";
import {
  acceptInvitationInBrowser,
  claimOnFirstItem,
  expectClaimOnDashboard,
  inviteMemberInBrowser,
  registerHandover,
} from "./helpers.ts";

test.describe.configure({ timeout: 180_000 });

/**
 * A partner's dashboard from its own small fixture: staff make a partner and invite its
 * owner; in the browser the owner invites a member, who sets a password from the e-mailed
 * link, registers a finished project and finds it in the list. The homeowner raises a claim
 * on the home, and the claim shows on the dashboard's claims list and in its scorecard.
 * E-mails are read from the Outbox, as staff would (the test server has no mail server).
 */
test("an owner invites a member, who registers a home; the homeowner's claim reaches the dashboard", async ({
  page,
  browser,
  baseURL,
}) => {
  const t = tag();
  const staff = await apiAs(baseURL!, DEMO.admin);
  const b2b = (await (await staff.get("/api/plans/B2B")).json()) as { id: number; name: string }[];
  const created = await staff.post("/api/admin/partners", {
    data: {
      name: `Teak Studio ${t}`,
      address: "8 Harrington Road, Chetpet, Chennai 600031",
      brandColour: "#8a4b1f",
      planId: b2b.find((p) => p.name === "Standard Plan")!.id,
      contractStart: "2026-01-01",
    },
  });
  expect(created.status()).toBe(201);
  const partner = (await created.json()) as AdminPartner;

  // the owner: invited by staff, their password set from the e-mail's link (through the API)
  const ownerEmail = `owner-${t}@teak.example.in`;
  const password = "a long teak studio password";
  expect(
    (
      await staff.post(`/api/admin/partners/${partner.id}/members`, {
        data: { email: ownerEmail, firstName: "Nandini", lastName: "Rao", role: "owner" },
      })
    ).status(),
  ).toBe(201);
  const ownerLink = await outboxMail(staff, ownerEmail, "partner_invitation", "/reset-password");
  const token = new URLSearchParams(ownerLink.link!.split("#")[1]).get("token");
  expect((await page.request.post("/api/password/reset", { data: { token, password } })).status()).toBe(200);

  // the owner invites a member from the users page
  await openPage(page, "/partner/members");
  await expect(page.getByText(`Teak Studio ${t}`)).toBeVisible();
  const memberEmail = `member-${t}@teak.example.in`;
  await inviteMemberInBrowser(page, { email: memberEmail, firstName: "Ravi", lastName: "Shankar" });

  // the member follows the invitation and chooses a password: they land on the dashboard
  const memberLink = await outboxMail(staff, memberEmail, "partner_invitation", "/reset-password");
  const member = await acceptInvitationInBrowser(browser, baseURL, memberLink.link!, password);
  await expect(member.getByTestId("quota")).toContainText("0 of 10");
  // a member registers homes; only owners manage users
  await expect(member.getByRole("link", { name: "Users" })).toHaveCount(0);

  // the member registers a finished project with one covered item
  const homeownerEmail = `homeowner-${t}@example.in`;
  await registerHandover(member, {
    name: "Lakshmi Narayanan",
    email: homeownerEmail,
    phone: "+91 98400 12345",
    address: "22 Besant Avenue, Adyar",
    pincode: "600020",
    planId: await b2cPlanId(staff, "Premium"),
    installer: `Team Arun ${t}`,
    item: "hinges",
    brand: "Hettich",
  });
  const row = member.getByRole("list", { name: "Registered homes" }).getByRole("listitem").first();
  await expect(row).toContainText("Just registered");
  await expect(row).toContainText("Lakshmi Narayanan");
  await expect(row).toContainText(`Fitted by Team Arun ${t}`);
  await expect(member.getByTestId("quota")).toContainText("1 of 10");

  // a handover photo of the item, from the new home's row
  await row.getByRole("button", { name: /Handover photos/ }).click();
  const photos = member.getByRole("dialog", { name: "Handover photos" });
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#8a6a4a" } })
    .jpeg()
    .toBuffer();
  await photos
    .getByTestId("item-photo-input")
    .setInputFiles({ name: "hinge-handover.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await expect(photos.getByRole("img")).toHaveCount(1);
  await member.keyboard.press("Escape");

  // the homeowner opens their own invitation and raises a claim on the recorded hinge
  const homeownerLink = await outboxMail(staff, homeownerEmail, "partner_handover", "/reset-password");
  const own = await request.newContext({ baseURL });
  const reset = await own.post("/api/password/reset", {
    data: {
      token: new URLSearchParams(homeownerLink.link!.split("#")[1]).get("token"),
      password: "homeowner-rosewood-1",
    },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  const policy = ((await (await own.get("/api/purchases")).json()) as { purchase: PartnerPolicy }[])[0]
    .purchase;
  const ticketId = await claimOnFirstItem(own, policy.id, {
    subject: "Soft-close hinge came off",
    description: "The kitchen shutter's hinge came off its plate.",
  });

  // the claim on the dashboard: its list with status and service level, and the scorecard
  await expectClaimOnDashboard(member, {
    ticketId,
    homeownerFirstName: "Lakshmi",
    installer: `Team Arun ${t}`,
    brand: "Hettich",
  });

  await member.context().close();
  await own.dispose();
  await staff.dispose();
});
