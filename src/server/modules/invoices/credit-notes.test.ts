import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../../../tests/support/pdf-text.ts";
import { appForFile, createInvoicingTestApp } from "../../../../tests/support/test-app.ts";
import { todayInIndia } from "../../../shared/dates.ts";
import { formatDate } from "../../../shared/format.ts";
import { gstinCheckChar, isValidGstin } from "../../../shared/gstin.ts";
import type { CreditNoteListItem, InvoiceListItem } from "../../../shared/schemas/invoice.ts";
import type { Policy } from "../../../shared/schemas/policy.ts";
import { financialYear } from "./gst.ts";

/**
 * Credit notes (corrections of an invoice that itself never changes) and the customer's
 * GSTIN on invoices, as the holder, staff and anyone else see them.
 */
const t = appForFile(createInvoicingTestApp);

async function invoiced(state: "Tamil Nadu" | "Karnataka") {
  const res = await t.call("POST", "/api/admin/purchases", t.admin, {
    userId: t.customerId,
    planId: t.plans.Premium.id,
    propertyAddress: "12 Lake View Road, Flat 3B",
    propertyCity: state === "Tamil Nadu" ? "Chennai" : "Bengaluru",
    propertyState: state,
    propertyPincode: state === "Tamil Nadu" ? "600040" : "560001",
    startDate: todayInIndia(),
  });
  const policy = res.json<Policy>();
  const [inv] = (await t.call("GET", `/api/purchases/${policy.id}/invoices`, t.customer)).json<
    InvoiceListItem[]
  >();
  return { policy, inv, creditUrl: `/api/admin${inv.url.slice("/api".length)}/credit-notes` };
}

const money = (paise: number) =>
  `Rs. ${new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2 }).format(paise / 100)}`;

describe("credit notes", () => {
  it("credit part of an invoice, taxed like it, numbered in their own series of at most 16 characters", async () => {
    const { policy, inv, creditUrl } = await invoiced("Tamil Nadu");
    const res = await t.call("POST", creditUrl, t.admin, {
      amount: 500000,
      reason: "Goodwill discount on renewal",
    });
    expect(res.statusCode).toBe(201);
    const note = res.json<CreditNoteListItem>();
    expect(note.number).toMatch(new RegExp(`^CN/${financialYear(todayInIndia())}/\\d{6}$`));
    expect(note.number.length).toBeLessThanOrEqual(16);
    expect(note).toMatchObject({ total: 500000, invoiceNumber: inv.number, date: todayInIndia() });

    const second = (
      await t.call("POST", creditUrl, t.admin, { amount: 100, reason: "Rounding correction" })
    ).json<CreditNoteListItem>();
    expect(Number(second.number.split("/")[2])).toBe(Number(note.number.split("/")[2]) + 1);

    const list = (await t.call("GET", `/api/purchases/${policy.id}/credit-notes`, t.customer)).json<
      CreditNoteListItem[]
    >();
    expect(list.map((n) => n.number)).toEqual([note.number, second.number]);
    // the invoice list keeps its shape and what was charged
    expect((await t.call("GET", `/api/purchases/${policy.id}/invoices`, t.customer)).json()).toEqual([inv]);

    const pdf = await t.call("GET", note.url, t.customer);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-disposition"]).toBe(
      `attachment; filename="${note.number.replaceAll("/", "-")}.pdf"`,
    );
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, " ");
    expect(text).toContain("Credit Note");
    expect(text).toContain(note.number);
    expect(text).toContain(`${inv.number} of ${formatDate(inv.date)}`);
    expect(text).toContain("Goodwill discount on renewal");
    // one half of the tax, rounded once, then doubled: ₹381.36 each, ₹4,237.28 taxable
    const cgst = 38_136;
    const taxable = 500000 - 2 * cgst;
    expect(text).toContain("CGST @ 9%");
    expect(text).toContain(money(taxable));
    expect(text).toContain(money(cgst));
    expect(text).toContain(money(500000));
    expect(text).toContain("Rupees Five Thousand only");
  });

  it("outside Tamil Nadu the credit is IGST, as on the invoice", async () => {
    const { creditUrl } = await invoiced("Karnataka");
    const note = (
      await t.call("POST", creditUrl, t.admin, { amount: 11800, reason: "Partial refund" })
    ).json<CreditNoteListItem>();
    const text = pdfText((await t.call("GET", note.url, t.admin)).rawPayload).replace(/\s+/g, " ");
    expect(text).toContain("IGST @ 18%");
    expect(text).not.toContain("CGST");
    expect(text).toContain(money(10000));
    expect(text).toContain(money(1800));
  });

  it("never more than is left of the invoice, even two at once; a bad amount or reason is named", async () => {
    const { inv, creditUrl } = await invoiced("Tamil Nadu");
    const half = Math.floor(inv.total / 2) + 1;
    const [a, b] = await Promise.all([
      t.call("POST", creditUrl, t.admin, { amount: half, reason: "Cancelled within the cooling-off period" }),
      t.call("POST", creditUrl, t.admin, { amount: half, reason: "Cancelled within the cooling-off period" }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const refused = a.statusCode === 400 ? a : b;
    expect(refused.json().errors.amount).toBe(`At most ${money(inv.total - half)}`);
    const rest = await t.call("POST", creditUrl, t.admin, {
      amount: inv.total - half,
      reason: "The rest of it",
    });
    expect(rest.statusCode).toBe(201);
    const none = await t.call("POST", creditUrl, t.admin, { amount: 1, reason: "One paisa more" });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("This invoice has already been credited in full");

    const bad = await t.call("POST", creditUrl, t.admin, { amount: -5, reason: "no" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["amount", "reason"]);
  });

  it("only staff issue them; only the holder and staff read them; rows are never changed", async () => {
    const { policy, creditUrl } = await invoiced("Tamil Nadu");
    expect(
      (await t.call("POST", creditUrl, t.customer, { amount: 100, reason: "Please refund" })).statusCode,
    ).toBe(403);
    const note = (
      await t.call("POST", creditUrl, t.admin, { amount: 100, reason: "Goodwill" })
    ).json<CreditNoteListItem>();
    expect(
      (await t.call("GET", `/api/purchases/${policy.id}/credit-notes`, t.otherCustomer)).statusCode,
    ).toBe(404);
    expect((await t.call("GET", note.url, t.otherCustomer)).statusCode).toBe(404);
    expect((await t.call("GET", note.url)).statusCode).toBe(401);
    await expect(t.database.db.execute(sql`update credit_notes set total = total + 1`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`update invoices set customer_gstin = 'x'`)).rejects.toThrow();
  });
});

describe("the customer's GSTIN", () => {
  it("is checked by its published check character", () => {
    expect(isValidGstin("27AAPFU0939F1ZV")).toBe(true);
    expect(isValidGstin("29AAGCB7383J1Z4")).toBe(true);
    expect(isValidGstin("27AAPFU0939F1ZA")).toBe(false); // wrong check character
    expect(isValidGstin("27AAPFU0939F1Z")).toBe(false); // 14 characters
    expect(isValidGstin("00AAPFU0939F1ZV")).toBe(false); // no such state
    expect(isValidGstin("27AAPF00939F1ZV")).toBe(false); // not a PAN
    expect(gstinCheckChar("33ABCDE1234F1Z")).toBe("7");
  });

  it("given in the profile, is printed on invoices issued after, not on earlier ones", async () => {
    const before = await invoiced("Tamil Nadu");
    const me = (await t.call("GET", "/api/user", t.customer)).json<Record<string, unknown>>();
    const profile = {
      firstName: me.firstName,
      lastName: me.lastName,
      email: me.email,
      phone: me.phone ?? "",
    };
    const bad = await t.call("PATCH", "/api/user", t.customer, { ...profile, gstin: "33ABCDE1234F1Z5" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.gstin).toMatch(/valid 15-character GSTIN/);

    const ok = await t.call("PATCH", "/api/user", t.customer, { ...profile, gstin: " 33abcde1234f1z7 " });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().gstin).toBe("33ABCDE1234F1Z7");
    // a profile form without the field leaves it alone
    expect((await t.call("PATCH", "/api/user", t.customer, profile)).json().gstin).toBe("33ABCDE1234F1Z7");

    const after = await invoiced("Tamil Nadu");
    const text = (url: string) =>
      t.call("GET", url, t.customer).then((r) => pdfText(r.rawPayload).replace(/\s+/g, " "));
    expect(await text(after.inv.url)).toContain("GSTIN 33ABCDE1234F1Z7");
    expect(await text(before.inv.url)).not.toContain("33ABCDE1234F1Z7");

    expect(
      (await t.call("PATCH", "/api/user", t.customer, { ...profile, gstin: "" })).json().gstin,
    ).toBeNull();
  });
});
