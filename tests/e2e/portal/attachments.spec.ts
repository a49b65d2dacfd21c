import { expect, type Page, request, test } from "@playwright/test";
import sharp from "sharp";
import { currentToast, DEMO, DEMO_PASSWORD, loginAs, registerFreshCustomer } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";

// uploads and image work on a small shared machine: room, not flakiness
test.describe.configure({ timeout: 90_000 });

/** a phone-like photo made here: a gradient with a mark, so the thumbnail shows something */
async function photo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#8b5a2b"/><stop offset="1" stop-color="#e0c9a6"/></linearGradient></defs>
    <rect width="1600" height="1200" fill="url(#g)"/><circle cx="800" cy="600" r="300" fill="#3b2f2f"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** a fresh customer with one active policy, issued by staff, signed in on `page` */
async function customerWithPolicy(page: Page, baseURL: string) {
  const customer = await registerFreshCustomer(page, "Lakshmi");
  const staff = await request.newContext({ baseURL });
  const login = await staff.post("/api/login", { data: { username: DEMO.admin, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const plan = ((await (await staff.get("/api/plans/B2C")).json()) as { plan: { id: number } }[])[0].plan.id;
  const issued = await staff.post("/api/admin/purchases", {
    data: {
      userId: customer.id,
      planId: plan,
      propertyAddress: "12 Lake View Road, Anna Nagar",
      propertyCity: "Chennai",
      propertyState: "Tamil Nadu",
      startDate: new Date().toISOString().slice(0, 10),
      status: "active",
    },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  await staff.dispose();
  return customer;
}

test("a customer raises a claim with a photo from a phone; the thumbnail shows, and staff see it", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await customerWithPolicy(page, baseURL!);
  await openPage(page, "/tickets/new");
  const form = page.getByRole("form", { name: "New support ticket" });
  await form.getByLabel("Property policy").selectOption({ index: 1 });
  const subject = `Wardrobe shutter cracked ${Date.now()}`;
  await form.getByLabel("Room or item affected").fill("Bedroom wardrobe");
  await form.getByLabel("Subject").fill(subject);
  await form
    .getByLabel("Description")
    .fill("The left shutter of the bedroom wardrobe has a crack near the hinge.");

  // a file that is not a photo is refused at once, inline
  await page.getByTestId("attachment-input").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a photo"),
  });
  await expect(form.getByRole("alert")).toContainText(
    '"notes.txt" is not a photo (JPEG, PNG or WebP) or a PDF.',
  );

  await page.getByTestId("attachment-input").setInputFiles({
    name: "wardrobe.jpg",
    mimeType: "image/jpeg",
    buffer: await photo(),
  });
  const chosen = page.getByTestId("chosen-files");
  await expect(chosen).toContainText("wardrobe.jpg");
  await expect(chosen).toContainText(/\d+ KB/);
  await expect(chosen.getByRole("button", { name: "Remove wardrobe.jpg" })).toBeVisible();
  // nothing wider than the phone's screen
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const uploaded = page.waitForResponse((r) => /\/api\/tickets\/\d+\/attachments$/.test(r.url()));
  await form.getByRole("button", { name: "Submit Ticket" }).click();
  expect((await uploaded).status()).toBe(201);
  await expect(currentToast(page)).toContainText("Support ticket created");
  await expect(page).toHaveURL("/dashboard");

  const tickets = (await (await page.request.get("/api/tickets")).json()) as {
    id: number;
    subject: string;
  }[];
  const ticket = tickets.find((x) => x.subject === subject)!;
  await openPage(page, `/tickets/${ticket.id}`);
  const thumb = page.getByTestId("attachment-thumbnail").first();
  await expect(thumb).toBeVisible();
  await expect(thumb).toHaveAttribute("alt", "wardrobe.jpg");
  // the thumbnail really loaded (a broken image has no natural width)
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const link = page.getByRole("link", { name: "wardrobe.jpg" });
  const full = await page.request.get((await link.getAttribute("href"))!);
  expect(full.status()).toBe(200);
  expect(full.headers()["content-type"]).toBe("image/jpeg");

  // staff see the same photo on the console's ticket page
  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staffPage = await staff.newPage();
  await loginAs(staffPage, DEMO.admin);
  await openPage(staffPage, `/admin/tickets/${ticket.id}`);
  const staffThumb = staffPage.getByTestId("attachment-thumbnail").first();
  await expect(staffThumb).toBeVisible();
  await expect
    .poll(() => staffThumb.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await staff.close();
});

test("a reply carries a photo into the conversation; another customer cannot open it", async ({
  page,
  browser,
  baseURL,
}) => {
  await customerWithPolicy(page, baseURL!);
  const policies = (await (await page.request.get("/api/purchases")).json()) as {
    purchase: { id: number };
  }[];
  const created = await page.request.post("/api/tickets", {
    data: {
      purchaseId: policies[0].purchase.id,
      subject: "Kitchen drawer channel bent",
      description: "The lowest kitchen drawer drops at the front when opened.",
    },
  });
  const ticketId = ((await created.json()) as { id: number }).id;
  await openPage(page, `/tickets/${ticketId}`);
  const reply = page.getByRole("form", { name: "Reply to support" });
  await reply.getByLabel("Your reply").fill("Here is a photo of the bent channel.");
  await reply.getByTestId("attachment-input").setInputFiles({
    name: "channel.jpg",
    mimeType: "image/jpeg",
    buffer: await photo(),
  });
  await reply.getByRole("button", { name: "Send Reply" }).click();
  const message = page
    .getByTestId("ticket-message")
    .filter({ hasText: "Here is a photo of the bent channel." });
  const thumb = message.getByTestId("attachment-thumbnail");
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(reply.getByTestId("chosen-files")).toHaveCount(0);

  const src = (await thumb.getAttribute("src"))!;
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await loginAs(otherPage, DEMO.customer2);
  expect((await otherPage.request.get(src)).status()).toBe(404);
  await other.close();
});
