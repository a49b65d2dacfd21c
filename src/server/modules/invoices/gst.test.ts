import { describe, expect, it } from "vitest";
import { amountInWords, financialYear, indianNumberInWords, invoiceNumber, isTamilNadu } from "./gst.ts";

describe("amount in words, in Indian numbering", () => {
  it("says the plan prices as a customer reads them", () => {
    expect(amountInWords(4_599_900)).toBe("Rupees Forty-Five Thousand Nine Hundred Ninety-Nine only");
    expect(amountInWords(2_499_900)).toBe("Rupees Twenty-Four Thousand Nine Hundred Ninety-Nine only");
    expect(amountInWords(7_999_900)).toBe("Rupees Seventy-Nine Thousand Nine Hundred Ninety-Nine only");
  });
  it("counts in lakhs and crores, not millions", () => {
    expect(indianNumberInWords(100_000)).toBe("One Lakh");
    expect(indianNumberInWords(4_599_999)).toBe(
      "Forty-Five Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine",
    );
    expect(indianNumberInWords(10_000_000)).toBe("One Crore");
    expect(indianNumberInWords(123_456_789)).toBe(
      "Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine",
    );
    expect(indianNumberInWords(1_000_000_000_000)).toBe("One Lakh Crore");
  });
  it("handles the small and round numbers", () => {
    expect(indianNumberInWords(0)).toBe("Zero");
    expect(indianNumberInWords(7)).toBe("Seven");
    expect(indianNumberInWords(19)).toBe("Nineteen");
    expect(indianNumberInWords(20)).toBe("Twenty");
    expect(indianNumberInWords(101)).toBe("One Hundred One");
    expect(indianNumberInWords(1000)).toBe("One Thousand");
    expect(indianNumberInWords(100_100)).toBe("One Lakh One Hundred");
  });
  it("names paise when there are any", () => {
    expect(amountInWords(3_898_220)).toBe(
      "Rupees Thirty-Eight Thousand Nine Hundred Eighty-Two and Twenty Paise only",
    );
    expect(amountInWords(5)).toBe("Rupees Zero and Five Paise only");
  });
  it("refuses what is not a whole number", () => {
    expect(() => indianNumberInWords(-1)).toThrow(RangeError);
    expect(() => indianNumberInWords(1.5)).toThrow(RangeError);
  });
});

describe("financial year and invoice number", () => {
  it("runs April to March", () => {
    expect(financialYear("2026-03-31")).toBe("25-26");
    expect(financialYear("2026-04-01")).toBe("26-27");
    expect(financialYear("2026-12-31")).toBe("26-27");
    expect(financialYear("2099-05-01")).toBe("99-00");
  });
  it("is at most 16 characters, as GST rules allow", () => {
    const n = invoiceNumber("26-27", 123);
    expect(n).toBe("HIP/26-27/000123");
    expect(n.length).toBeLessThanOrEqual(16);
    expect(n).toMatch(/^[A-Za-z0-9/-]+$/);
  });
});

describe("place of supply", () => {
  it("is Tamil Nadu for Tamil Nadu PIN codes, whatever the state field says", () => {
    expect(isTamilNadu("600040", "Tamil Nadu")).toBe(true);
    expect(isTamilNadu("641001", "TN")).toBe(true);
    expect(isTamilNadu("600 040", "")).toBe(true);
  });
  it("is another state for other PIN codes, Puducherry's included", () => {
    expect(isTamilNadu("560001", "Karnataka")).toBe(false);
    expect(isTamilNadu("605001", "Puducherry")).toBe(false);
    expect(isTamilNadu("609602", "Puducherry")).toBe(false);
    expect(isTamilNadu("400001", "Tamil Nadu")).toBe(false);
  });
  it("falls back on the state without a PIN code", () => {
    expect(isTamilNadu(null, "Tamil Nadu")).toBe(true);
    expect(isTamilNadu(null, "tamil nadu ")).toBe(true);
    expect(isTamilNadu(null, "Kerala")).toBe(false);
  });
});
