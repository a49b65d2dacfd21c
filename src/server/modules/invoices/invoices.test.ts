import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/db-rows.ts";
import { withDatabaseName } from "../../../../tests/support/global-setup.ts";
import { sellHome } from "../../../../tests/support/home-sale.ts";
import { pdfText } from "../../../../tests/support/pdf-text.ts";
import {
  appForFile,
  buildTestApp,
  createInvoicingTestApp,
  TEST_GST,
  type TestApp,
} from "../../../../tests/support/test-app.ts";
import { todayInIndia } from "../../../shared/dates.ts";
import type { InvoiceListItem } from "../../../shared/schemas/invoice.ts";
import type { Policy } from "../../../shared/schemas/policy.ts";
import { openDatabase } from "../../db/client.ts";
import { financialYear } from "./gst.ts";

/**
 * Tax invoices as the holder, staff and anyone else see them: one per policy issued or
 * activated, numbered without gaps in the financial year, taxed by the home's state, and
 * downloadable as a PDF by the holder and staff only.
 */
const t = appForFile(createInvoicingTestApp);

const get = (url: string, cookie?: string) => t.call("GET", url, cookie);

const HOMES = {
  chennai: { propertyCity: "Chennai", propertyState: "Tamil Nadu", propertyPincode: "600040" },
  bengaluru: { propertyCity: "Bengaluru", propertyState: "Karnataka", propertyPincode: "560001" },
};

async function issue(home: keyof typeof HOMES, status: "active" | "pending" = "active", app = t.app) {
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/purchases",
    headers: { cookie: t.admin },
    payload: {
      userId: t.customerId,
      planId: t.plans.Premium.id,
      propertyAddress: "12 Lake View Road, Flat 3B",
      ...HOMES[home],
      startDate: todayInIndia(),
      status,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json<Policy>();
}

const invoicesOf = async (id: number, cookie = t.customer) =>
  (await get(`/api/purchases/${id}/invoices`, cookie)).json<InvoiceListItem[]>();

const serial = (number: string) => Number(number.split("/")[2]);

describe("an invoice for every policy issued", () => {
  it("within Tamil Nadu: CGST and SGST, half each, out of the GST-inclusive price", async () => {
    const policy = await issue("chennai");
    const list = await invoicesOf(policy.id);
    expect(list).toHaveLength(1);
    const [inv] = list;
    expect(inv.number).toMatch(new RegExp(`^HIP/${financialYear(todayInIndia())}/\\d{6}$`));
    expect(inv.date).toBe(todayInIndia());
    // the plan's price is the price paid, tax included
    expect(inv.total).toBe(t.plans.Premium.price * 100);
    expect(inv.url).toMatch(new RegExp(`^/api/purchases/${policy.id}/invoices/\\d+$`));

    const pdf = await get(inv.url, t.customer);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(
      `attachment; filename="${inv.number.replaceAll("/", "-")}.pdf"`,
    );
    // made once, then served from memory: an invoice never changes
    expect(pdf.headers["x-pdf-cache"]).toBe("miss");
    const again = await get(inv.url, t.customer);
    expect(again.headers["x-pdf-cache"]).toBe("hit");
    expect(again.rawPayload.equals(pdf.rawPayload)).toBe(true);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, " ");
    expect(text).toContain("TAX INVOICE");
    expect(text).toContain(inv.number);
    expect(text).toContain(`GSTIN ${TEST_GST.gstin}`);
    expect(text).toContain("SAC 998724");
    expect(text).toContain(policy.policyNumber);
    expect(text).toContain("Karthik Subramanian");
    expect(text).toContain("Chennai 600040");
    expect(text).toContain("CGST @ 9%");
    expect(text).toContain("SGST @ 9%");
    expect(text).not.toContain("IGST");

    const money = (paise: number) =>
      `Rs. ${new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2 }).format(paise / 100)}`;
    // GST included in the price: one half of it (9 % of the taxable value) rounded once, then doubled
    const cgst = Math.round((inv.total * 9) / 118);
    const taxable = inv.total - 2 * cgst;
    expect(text).toContain(money(taxable));
    expect(text).toContain(money(cgst));
    expect(text).toContain(money(inv.total));
    if (t.plans.Premium.price === 45999) {
      expect(text).toContain("Rs. 38,982.20");
      expect(text).toContain("Rupees Forty-Five Thousand Nine Hundred Ninety-Nine only");
    }
  });

  it("for a home in another state: IGST at the full rate", async () => {
    const policy = await issue("bengaluru");
    const [inv] = await invoicesOf(policy.id);
    const text = pdfText((await get(inv.url, t.admin)).rawPayload).replace(/\s+/g, " ");
    expect(text).toContain("IGST @ 18%");
    expect(text).not.toContain("CGST");
    expect(text).toContain("Karnataka");
    const taxable = Math.round((inv.total * 100) / 118);
    expect(text).toContain(
      `Rs. ${new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2 }).format((inv.total - taxable) / 100)}`,
    );
  });

  it("a pending policy gets its invoice when staff activate it, not before", async () => {
    const policy = await issue("chennai", "pending");
    expect(await invoicesOf(policy.id)).toEqual([]);
    const res = await t.call("POST", `/api/admin/purchases/${policy.id}/activate`, t.admin);
    expect(res.statusCode).toBe(200);
    expect(await invoicesOf(policy.id)).toHaveLength(1);
  });

  it("numbers follow one another without a gap, even when issued at the same moment", async () => {
    const [before] = await queryRows<{ n: string }>(
      t.database.db,
      sql`select number as n from invoices order by id desc limit 1`,
    );
    const last = serial(before.n);
    // a second app on the same database stands for a second server process
    let second: TestApp["app"] | undefined;
    let secondDb: Awaited<ReturnType<typeof openDatabase>> | undefined;
    if (t.database.kind === "postgres") {
      const [{ d: name }] = await queryRows<{ d: string }>(
        t.database.db,
        sql`select current_database() as d`,
      );
      secondDb = await openDatabase({ databaseUrl: withDatabaseName(process.env.TEST_DATABASE_URL!, name) });
      second = await buildTestApp(secondDb, { gst: TEST_GST });
    }
    try {
      const policies = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          issue(i % 2 ? "chennai" : "bengaluru", "active", i % 2 && second ? second : t.app),
        ),
      );
      const numbers = (await Promise.all(policies.map((p) => invoicesOf(p.id, t.admin)))).map(
        (l) => l[0].number,
      );
      const serials = numbers.map(serial).sort((a, b) => a - b);
      expect(serials).toEqual(Array.from({ length: 8 }, (_, i) => last + 1 + i));
    } finally {
      await second?.close();
      await secondDb?.close();
    }
  });

  it("is never changed: the database refuses an update", async () => {
    await expect(t.database.db.execute(sql`update invoices set total = total + 100`)).rejects.toThrow();
  });
});

describe("who may see invoices", () => {
  it("the holder and staff; anyone else is told the policy does not exist", async () => {
    const policy = await issue("chennai");
    const [inv] = await invoicesOf(policy.id);
    expect((await get(`/api/purchases/${policy.id}/invoices`, t.admin)).statusCode).toBe(200);
    expect((await get(`/api/purchases/${policy.id}/invoices`, t.otherCustomer)).statusCode).toBe(404);
    expect((await get(inv.url, t.otherCustomer)).statusCode).toBe(404);
    expect((await get(inv.url)).statusCode).toBe(401);
    expect((await get(`/api/purchases/${policy.id}/invoices`)).statusCode).toBe(401);
    // an invoice under another policy's address is not found either
    const other = await issue("chennai");
    const [otherInv] = await invoicesOf(other.id);
    const mixed = `/api/purchases/${policy.id}/invoices/${otherInv.url.split("/").pop()}`;
    expect((await get(mixed, t.customer)).statusCode).toBe(404);
    expect((await get(`/api/purchases/${policy.id}/invoices/abc`, t.customer)).statusCode).toBe(400);
    expect(inv.number).not.toBe(otherInv.number);
  });

  it("after a sale, the buyer sees only invoices billed to them: never the seller's, nor its credit notes", async () => {
    const policy = await issue("chennai");
    const [sellers] = await invoicesOf(policy.id);
    const credited = await t.call(
      "POST",
      `/api/admin/purchases/${policy.id}/invoices/${sellers.url.split("/").pop()}/credit-notes`,
      t.admin,
      { amount: 1000, reason: "Goodwill discount" },
    );
    expect(credited.statusCode, credited.body).toBe(201);
    await sellHome(t.database.db, policy.id, t.demo.customer2.id);

    // the buyer holds the policy now, and reads it
    expect((await get(`/api/purchases/${policy.id}`, t.otherCustomer)).statusCode).toBe(200);
    expect(await invoicesOf(policy.id, t.otherCustomer)).toEqual([]);
    const pdf = await get(sellers.url, t.otherCustomer);
    expect(pdf.statusCode).toBe(404);
    expect(pdf.body).not.toContain("%PDF");
    const notes = await get(`/api/purchases/${policy.id}/credit-notes`, t.otherCustomer);
    expect(notes.json()).toEqual([]);
    expect((await get(credited.json().url, t.otherCustomer)).statusCode).toBe(404);
    // staff still see the whole history of the policy
    expect((await invoicesOf(policy.id, t.admin)).map((i) => i.number)).toEqual([sellers.number]);
    expect((await get(sellers.url, t.admin)).statusCode).toBe(200);
    expect((await get(credited.json().url, t.admin)).statusCode).toBe(200);
  });
});
