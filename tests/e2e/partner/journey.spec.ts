import { readFileSync } from "node:fs";
import { type APIRequestContext, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { previousMonth, todayInIndia } from "../../../src/shared/dates.ts";
import { formatMonth } from "../../../src/shared/format.ts";
import type { AdminPartner, RunningStatement } from "../../../src/shared/schemas/partner.ts";
import { pdfText } from "../../support/pdf-text.ts";
import { apiAs, b2cPlanId, expect, outboxMail, tag } from "../admin/helpers.ts";
import { DEMO, loginAs } from "../fixtures/auth.ts";
import { showTheme, widthsAndThemes } from "../fixtures/layout-checks.ts";
import { openPage } from "../fixtures/site.ts";
import {
  acceptInvitationInBrowser,
  choosePassword,
  claimOnFirstItem,
  expectClaimOnDashboard,
  inviteMemberInBrowser,
  registerHandover,
} from "./helpers.ts";

/**
 * The partner programme from end to end, on its own small fixture: staff set up a partner
 * with a logo and invite its owner; the owner invites a member; the member registers a home
 * and imports two more from a CSV; the homeowner opens their invitation, reads their policy
 * and its white-label certificate and raises a claim; the member's dashboard traces the
 * claim to the fitting team and the brand; and the month's running statement lists the
 * three registrations, for the owner and for staff. E-mails are read from the Outbox, as
 * staff would (the test server has no mail server).
 */

const sentence = (name: string) =>
  `Warranty provided by ${name}, serviced by Home Interior Project Warranty Solutions`;

/** screenshots at 375 and 1280 px, light and dark, when JOURNEY_SHOTS names a folder (the widths are checked for sideways scrolling always) */
const shots = (page: Page, name: string, at?: Locator) =>
  widthsAndThemes(page, name, process.env.JOURNEY_SHOTS, at);

/** the whole page at each width and theme, when JOURNEY_SHOTS names a folder */
async function wholePage(page: Page, name: string) {
  const dir = process.env.JOURNEY_SHOTS;
  if (!dir) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ["light", "dark"] as const) {
      await showTheme(page, theme);
      await page.screenshot({
        path: `${dir}/${name}-${width}-${theme}.png`,
        fullPage: true,
      });
    }
  }
}

async function invitationLink(staff: APIRequestContext, email: string, template: string) {
  return (await outboxMail(staff, email, template, "/reset-password")).link!;
}

test("a partner's owner, member and homeowner go through the programme, and the month's statement lists its homes", async ({
  browser,
  baseURL,
}) => {
  // three people walk the whole programme in their own browsers: minutes on a small shared machine
  test.setTimeout(240_000);
  const t = tag();
  const name = `Vellai Interiors ${t}`;
  const password = "a long vellai interiors password";

  // 1. staff make the partner with its logo and invite its owner (their setup, through the API)
  const staff = await apiAs(baseURL!, DEMO.admin);
  const b2b = (await (await staff.get("/api/plans/B2B")).json()) as { id: number; name: string }[];
  const created = await staff.post("/api/admin/partners", {
    data: {
      name,
      address: "5 Greams Road, Thousand Lights, Chennai 600006",
      brandColour: "#2f6f5e",
      planId: b2b.find((p) => p.name === "Standard Plan")!.id,
      contractStart: "2026-01-01",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const partner = (await created.json()) as AdminPartner;
  const logo = await sharp({ create: { width: 300, height: 100, channels: 4, background: "#2f6f5e" } })
    .png()
    .toBuffer();
  const put = await staff.put(`/api/admin/partners/${partner.id}/logo`, {
    multipart: { file: { name: "vellai.png", mimeType: "image/png", buffer: logo } },
  });
  expect(put.status(), await put.text()).toBe(200);
  const ownerEmail = `owner-${t}@vellai.example.in`;
  const invited = await staff.post(`/api/admin/partners/${partner.id}/members`, {
    data: { email: ownerEmail, firstName: "Revathi", lastName: "Iyer", role: "owner" },
  });
  expect(invited.status(), await invited.text()).toBe(201);

  // the owner chooses a password from the e-mail and is signed in, on their dashboard
  const ownerLink = await invitationLink(staff, ownerEmail, "partner_invitation");
  const owner = await acceptInvitationInBrowser(browser, baseURL, ownerLink, password);
  await expect(owner.getByTestId("partner-band")).toContainText(name);

  // 2. the owner invites a member, who chooses a password and lands on the dashboard
  await openPage(owner, "/partner/members");
  const memberEmail = `member-${t}@vellai.example.in`;
  await inviteMemberInBrowser(owner, { email: memberEmail, firstName: "Karthik", lastName: "Raman" });

  const memberLink = await invitationLink(staff, memberEmail, "partner_invitation");
  const member = await acceptInvitationInBrowser(browser, baseURL, memberLink, password);
  await expect(member.getByTestId("quota")).toContainText("0 of 10");
  // billing is the owners': a member's dashboard has no statements
  await expect(member.getByRole("heading", { name: "Root causes" })).toBeVisible();
  await expect(member.getByRole("heading", { name: "Statements", exact: true })).toHaveCount(0);

  // 3. the member registers a handover with a Hettich hinge fitted by Team Ravi
  const homeownerEmail = `homeowner-${t}@example.in`;
  await registerHandover(member, {
    name: "Meenakshi Sundaram",
    email: homeownerEmail,
    phone: "+91 98400 45678",
    address: "9 Luz Church Road, Mylapore",
    pincode: "600004",
    planId: await b2cPlanId(staff, "Premium"),
    installer: "Team Ravi",
    item: "hinges",
    brand: "Hettich",
  });
  const homes = member.getByRole("list", { name: "Registered homes" });
  const handed = homes.getByRole("listitem").first();
  await expect(handed).toContainText("Just registered");
  await expect(handed).toContainText("Meenakshi Sundaram");
  await expect(handed).toContainText("Fitted by Team Ravi");
  await expect(member.getByTestId("quota")).toContainText("1 of 10");

  // 4. the member imports two homes from a CSV: the preview, then the commit
  const csv = [
    "Homeowner name,E-mail,Phone,Property address,City,State,PIN code,Plan,Install date,Installer,Covered items",
    `Arjun Pillai,arjun-${t}@example.in,98400 56789,"4 Eldams Road, Alwarpet",Chennai,Tamil Nadu,600018,Essential,${todayInIndia()},Team Selvam,Bedroom:Wardrobe`,
    `Divya Krishnan,divya-${t}@example.in,+91 98400 67890,"17 Second Main Road, Besant Nagar",Chennai,Tamil Nadu,600090,Elite,${todayInIndia()},,`,
  ].join("\r\n");
  await openPage(member, "/partner/import");
  await member
    .locator('input[type="file"]')
    .setInputFiles({ name: "handovers.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(member.getByText("Ready: 2 homes to register")).toBeVisible();
  await expect(member.getByText("Arjun Pillai")).toBeVisible();
  await expect(member.getByText("Divya Krishnan")).toBeVisible();
  await member.getByRole("button", { name: "Register 2 homes" }).click();
  await expect(member.getByRole("heading", { name: "2 homes registered" })).toBeVisible();
  await member.getByRole("link", { name: "See your homes" }).click();
  await expect(member).toHaveURL(/\/partner$/);
  for (const homeowner of ["Arjun Pillai", "Divya Krishnan", "Meenakshi Sundaram"]) {
    await expect(homes.getByRole("listitem").filter({ hasText: homeowner })).toHaveCount(1);
  }
  await expect(member.getByTestId("quota")).toContainText("3 of 10");

  // 5. the homeowner's e-mail says who registered the home; its link opens their account
  const handover = await outboxMail(staff, homeownerEmail, "partner_handover", "/reset-password");
  expect(handover.mail.text).toContain(sentence(name));
  const homeownerContext = await browser.newContext({ baseURL });
  const homeowner = await homeownerContext.newPage();
  await openPage(homeowner, handover.link!);
  // before accepting, the form says how the details the partner gave us are used
  await expect(
    homeowner.getByText("By setting a password you accept our Privacy Notice", { exact: false }),
  ).toBeVisible();
  await choosePassword(homeowner, handover.link!, "meenakshi rosewood 7", true);
  await expect(homeowner).toHaveURL(/\/dashboard$/);
  const policies = (await (await homeowner.request.get("/api/purchases")).json()) as {
    purchase: { id: number; policyNumber: string };
  }[];
  expect(policies).toHaveLength(1);
  const policy = policies[0].purchase;
  await openPage(homeowner, `/purchases/${policy.id}`);
  await expect(homeowner.getByRole("main")).toContainText(policy.policyNumber);
  await expect(homeowner.getByRole("main")).toContainText("9 Luz Church Road");
  const [download] = await Promise.all([
    homeowner.waitForEvent("download"),
    homeowner.getByRole("link", { name: "Download PDF" }).click(),
  ]);
  const certificate = pdfText(readFileSync(await download.path())).replace(/\s+/g, " ");
  expect(certificate).toContain(policy.policyNumber);
  expect(certificate).toContain(sentence(name));

  // 6. the homeowner raises a claim on the hinge among the policy items
  const ticketId = await claimOnFirstItem(homeowner.request, policy.id, {
    subject: "Kitchen hinge sags",
    description: "The soft-close hinge of the sink cabinet has dropped and the door rubs.",
  });

  // 7. the member's dashboard: the claim in its list, counted under Team Ravi and Hettich
  await expectClaimOnDashboard(member, {
    ticketId,
    homeownerFirstName: "Meenakshi",
    installer: "Team Ravi",
    brand: "Hettich",
  });

  // 8. the month is not over, so its statement cannot be issued yet; the owner and staff read
  // it as it stands: the three registrations under the monthly fee, no invoice
  await openPage(owner, "/partner");
  const running = owner.getByTestId("running-statement");
  await expect(running).toContainText("3 homes registered");
  await expect(running).toContainText("₹4,999");
  await running.getByText("The month's registrations (3)").click();
  const lines = running.getByRole("list", { name: /^Registrations in / });
  for (const homeowner of ["Meenakshi Sundaram", "Arjun Pillai", "Divya Krishnan"]) {
    await expect(lines.getByRole("listitem").filter({ hasText: homeowner })).toHaveCount(1);
  }
  await expect(lines.getByRole("listitem").filter({ hasText: policy.policyNumber })).toHaveCount(1);
  await expect(owner.getByText("No statements yet")).toBeVisible();
  await shots(owner, "journey-statements", owner.getByRole("heading", { name: "Statements", exact: true }));

  const staffView = await staff.get(`/api/admin/partners/${partner.id}/statements/current`);
  expect(staffView.status()).toBe(200);
  const statement = (await staffView.json()) as RunningStatement;
  expect(statement.lines.map((l) => l.homeowner)).toEqual([
    "Meenakshi Sundaram",
    "Arjun Pillai",
    "Divya Krishnan",
  ]);
  // ₹4,999 a month is before GST: 9 % of it, rounded once, is each half (₹449.91), so ₹5,898.82
  expect(statement).toMatchObject({ registrations: 3, overQuota: 0, total: 589_882 });
  // staff see the same on the partner's page of the console
  const staffContext = await browser.newContext({ baseURL });
  const desk = await staffContext.newPage();
  await loginAs(desk, DEMO.admin);
  await openPage(desk, `/admin/partners/${partner.id}`);
  const staffRunning = desk.getByTestId("running-statement");
  await expect(staffRunning).toContainText("3 homes registered");
  await staffRunning.getByText("The month's registrations (3)").click();
  await expect(staffRunning.getByRole("listitem").filter({ hasText: policy.policyNumber })).toHaveCount(1);
  await staffContext.close();
  // and issuing this month is refused until it has ended
  const early = await staff.post(`/api/admin/partners/${partner.id}/statements`, {
    data: { month: todayInIndia().slice(0, 7) },
  });
  expect(early.status()).toBe(400);
  // last month, ended and within the contract, is issued: the monthly fee, none of these homes
  const issued = await staff.post(`/api/admin/partners/${partner.id}/statements`, {
    data: { month: previousMonth() },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  await openPage(owner, "/partner");
  const list = owner.getByRole("list", { name: "Monthly statements" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText(formatMonth(previousMonth()));
  await expect(list).toContainText("0 homes registered");
  await expect(list.getByRole("link", { name: /PDF/ })).toBeVisible();
  await shots(owner, "journey-issued", owner.getByRole("heading", { name: "Statements", exact: true }));
  await wholePage(owner, "journey-owner");
  await wholePage(member, "journey-member");

  await Promise.all([owner.context().close(), member.context().close(), homeownerContext.close()]);
  await staff.dispose();
});
