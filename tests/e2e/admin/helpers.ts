import { randomBytes } from "node:crypto";
import {
  type APIRequestContext,
  type Browser,
  expect as baseExpect,
  type Page,
  request,
} from "@playwright/test";
import type { OutboxEmail, OutboxItem } from "../../../src/shared/schemas/outbox.ts";
import type { Policy } from "../../../src/shared/schemas/policy.ts";
import type { Ticket } from "../../../src/shared/schemas/ticket.ts";
import { DEMO, DEMO_PASSWORD, registerFreshCustomer, toastRegion, uniqueUsername } from "../fixtures/auth.ts";
import { sentMail } from "../fixtures/mailbox.ts";

/**
 * Each admin test builds its own customer, policy and ticket, so the tests neither depend
 * on nor disturb the shared demo data (other suites count the demo customer's tickets).
 */

/** The admin flows wait on several API round trips; allow for a busy CI machine. */
export const expect = baseExpect.configure({ timeout: 15_000 });

export const tag = () => randomBytes(3).toString("hex");

/** An API client signed in as the given user (cookies kept in the context). */
export async function apiAs(baseURL: string, username: string, password = DEMO_PASSWORD) {
  const api = await request.newContext({ baseURL });
  const res = await api.post("/api/login", { data: { username, password } });
  expect(res.status(), `login as ${username}`).toBe(200);
  return api;
}

export interface Customer {
  id: number;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** Registers a fresh customer through the API and returns their details. */
export async function freshCustomer(baseURL: string, firstName = "Lakshmi"): Promise<Customer> {
  const api = await request.newContext({ baseURL });
  const username = uniqueUsername("adm");
  const password = "fresh-pass-1";
  const res = await api.post("/api/register", {
    data: {
      firstName,
      lastName: "Narayanan",
      username,
      email: `${username}@example.com`,
      password,
      phone: "9840098400",
      address: "12 Temple Street, Mylapore",
      city: "Chennai",
      state: "Tamil Nadu",
      pincode: "600004",
      role: "customer",
    },
  });
  expect(res.status(), "register a fresh customer").toBe(201);
  const user = (await res.json()) as Customer;
  await api.dispose();
  return { ...user, username, password };
}

export async function b2cPlanId(api: APIRequestContext, name: string): Promise<number> {
  const plans = (await (await api.get("/api/plans/B2C")).json()) as { plan: { id: number; name: string } }[];
  const plan = plans.find((p) => p.plan.name === name);
  expect(plan, `B2C plan ${name}`).toBeTruthy();
  return plan!.plan.id;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Staff issue a policy starting today on a home in Chennai to `userId`, as the console's
 * Issue Policy does; pending unless `status` says otherwise.
 */
export async function issuePolicy(
  baseURL: string,
  userId: number,
  home: { plan: string; address: string; pincode?: string; status?: "active" },
): Promise<Policy> {
  const admin = await apiAs(baseURL, DEMO.admin);
  const issued = await admin.post("/api/admin/purchases", {
    data: {
      userId,
      planId: await b2cPlanId(admin, home.plan),
      propertyAddress: home.address,
      propertyCity: "Chennai",
      propertyState: "Tamil Nadu",
      ...(home.pincode ? { propertyPincode: home.pincode } : {}),
      startDate: today(),
      ...(home.status ? { status: home.status } : {}),
    },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const policy = (await issued.json()) as Policy;
  await admin.dispose();
  return policy;
}

/** A fresh customer holding one active Premium policy and one open ticket on it. */
export async function customerWithTicket(baseURL: string, subject = `Hinge loose on wardrobe ${tag()}`) {
  const customer = await freshCustomer(baseURL);
  const purchase = await issuePolicy(baseURL, customer.id, {
    plan: "Premium",
    address: "12 Temple Street, Mylapore",
    status: "active",
  });

  const own = await apiAs(baseURL, customer.username, customer.password);
  const created = await own.post("/api/tickets", {
    data: {
      purchaseId: purchase.id,
      subject,
      description: "The left shutter's top hinge has come loose and the door drags on the rail.",
      priority: "medium",
    },
  });
  expect(created.status()).toBe(201);
  const ticket = (await created.json()) as Ticket;
  await own.dispose();
  return { customer, purchase, ticket, subject };
}

/**
 * A fresh customer called `firstName`, signed in on `page`, with an active policy and one
 * ticket on it, so no other test's data moves: answers the ticket's id.
 */
export async function signedInCustomerWithTicket(page: Page, baseURL: string, firstName: string) {
  const customer = await registerFreshCustomer(page, firstName);
  const { id: purchaseId } = await issuePolicy(baseURL, customer.id, {
    plan: "Essential",
    address: "12 Kutchery Road, Mylapore",
    status: "active",
  });
  const created = await page.request.post("/api/tickets", {
    data: {
      purchaseId,
      subject: "Wardrobe shutter hinge broken",
      description: "The left shutter of the bedroom wardrobe hangs from one hinge.",
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** A second browser context signed in as someone else, e.g. the customer of the ticket. */
export async function contextAs(
  browser: Browser,
  baseURL: string,
  username: string,
  password = DEMO_PASSWORD,
) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const res = await page.request.post("/api/login", { data: { username, password } });
  expect(res.status(), `login as ${username}`).toBe(200);
  return { context, page };
}

/** Waits for the toast with this title (and description, when given). */
export async function expectToast(page: Page, title: string, description?: string) {
  const region = toastRegion(page);
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(region.getByText(description, { exact: true })).toBeVisible();
}

/**
 * The e-mail of `template` sent to `to`, found in the Outbox as staff would, once the queue
 * has written it; and the site address its link to `linkPath` names, as a path the test
 * server answers, read from the e-mail as the mail server received it (the Outbox's copy has
 * its links removed).
 */
export async function outboxMail(
  staffApi: APIRequestContext,
  to: string,
  template: string,
  linkPath?: string,
) {
  let found: OutboxItem | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (await staffApi.get("/api/admin/outbox?limit=200")).json()) as OutboxItem[];
        found = list.find((e) => e.to === to && e.template === template && e.status === "done");
        return Boolean(found);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const mail = (await (await staffApi.get(`/api/admin/outbox/${found!.id}`)).json()) as OutboxEmail;
  if (!linkPath) return { mail, link: undefined };
  const sent = await sentMail(mail.messageId!);
  // the token, and what else the link carries after it (a transfer's invited address)
  const link = new RegExp(`https?://[^\\s"<>]+${linkPath}#token=[A-Za-z0-9_-]+(?:&[^\\s"<>]*)?`).exec(
    sent.text,
  )?.[0];
  expect(link, `a ${linkPath} link in the ${template} e-mail`).toBeTruthy();
  const url = new URL(link!);
  return { mail, link: `${url.pathname}${url.hash}` };
}

/**
 * Opens a console section from the navigation bar: a link of its own, or an entry in its
 * group's menu (`group`), which is opened first.
 */
export async function openSection(page: Page, name: string | RegExp, group?: string) {
  const nav = page.getByRole("navigation", { name: "Admin" });
  if (group) await groupButton(page, group).click();
  await nav.getByRole("link", { name }).click();
}

/**
 * A group's button in the console's bar, by the first word of its name: a phone shows a
 * shorter name ("Customers" for "Customers & policies"), and a badge may follow it.
 */
export const groupButton = (page: Page, group: string) =>
  page
    .getByRole("navigation", { name: "Admin" })
    .locator("summary")
    .filter({ hasText: group.split(" ")[0] });

/** a Wednesday at least a week ahead, as a visit's date field takes it */
export function nextWednesday(): string {
  const d = new Date(Date.now() + 7 * 86_400_000);
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
