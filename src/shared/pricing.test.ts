import { describe, expect, it } from "vitest";
import { splitExclusive, splitInclusive, splitPrice, TAX_NOTE } from "./pricing.ts";

describe("a homeowner's price, GST included", () => {
  it("keeps the price as the total and halves the tax into equal CGST and SGST within Tamil Nadu", () => {
    expect(splitInclusive(4_599_900, 18, true)).toEqual({
      taxable: 3_898_220,
      cgst: 350_840,
      sgst: 350_840,
      igst: 0,
      total: 4_599_900,
    });
  });
  it("charges the same tax as IGST for another state", () => {
    expect(splitInclusive(4_599_900, 18, false)).toEqual({
      taxable: 3_898_220,
      cgst: 0,
      sgst: 0,
      igst: 701_680,
      total: 4_599_900,
    });
  });
  it("never splits the halves by a paisa, and always adds up to the price", () => {
    // ₹9,999 once gave CGST ₹762.63 and SGST ₹762.64
    expect(splitInclusive(999_900, 18, true)).toMatchObject({ cgst: 76_264, sgst: 76_264, taxable: 847_372 });
    for (const total of [1, 3, 99, 2_499_900, 7_999_900, 1_234_567]) {
      for (const rate of [0, 5, 12, 18, 28]) {
        const s = splitInclusive(total, rate, true);
        expect(s.cgst).toBe(s.sgst);
        expect(s.taxable + s.cgst + s.sgst).toBe(total);
        expect(splitInclusive(total, rate, false).igst).toBe(s.cgst * 2);
      }
    }
  });
});

describe("a partner's price, before GST", () => {
  it("is the taxable value, with GST added in two equal halves", () => {
    expect(splitExclusive(999_900, 18, true)).toEqual({
      taxable: 999_900,
      cgst: 89_991,
      sgst: 89_991,
      igst: 0,
      total: 1_179_882,
    });
    // 9 % of ₹0.05 is rounded once, then doubled: never 1 paisa on one side and 0 on the other
    expect(splitExclusive(5, 18, true)).toMatchObject({ cgst: 0, sgst: 0, total: 5 });
    expect(splitExclusive(6, 18, false)).toMatchObject({ igst: 2, total: 8 });
  });
  it("is told apart from a homeowner's price by its audience, and says so", () => {
    expect(splitPrice("b2b", 100_000, 18, false).total).toBe(118_000);
    expect(splitPrice("b2c", 118_000, 18, false).taxable).toBe(100_000);
    expect(TAX_NOTE).toEqual({ b2c: "Price includes GST", b2b: "plus GST" });
  });
});
