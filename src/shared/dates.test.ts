import { describe, expect, it } from "vitest";
import { addDays, hasEnded, indiaInstant, policyEndDate, previousMonth, todayInIndia } from "./dates.ts";

describe("policy dates", () => {
  it("reads today in India's calendar, not the machine's or UTC's", () => {
    // 20:00 UTC on 1 Jan is already 2 Jan in India (UTC+5:30)
    expect(todayInIndia(new Date("2026-01-01T20:00:00Z"))).toBe("2026-01-02");
    // 00:30 in India is still the previous day in UTC
    expect(todayInIndia(new Date("2026-03-15T19:00:00Z"))).toBe("2026-03-16");
    expect(todayInIndia(new Date("2026-03-15T18:29:59Z"))).toBe("2026-03-15");
  });

  it("ends cover after its last day", () => {
    expect(hasEnded("2026-03-15", "2026-03-15")).toBe(false);
    expect(hasEnded("2026-03-15", "2026-03-16")).toBe(true);
  });

  it("ends cover the day before the anniversary", () => {
    expect(policyEndDate("2026-01-01", 5)).toBe("2030-12-31");
    expect(policyEndDate("2024-02-29", 1)).toBe("2025-02-28");
    expect(policyEndDate("not a date", 5)).toBe("");
  });
});

describe("day sums and months", () => {
  it("adds and takes away calendar days across months, years and 29 February", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDays("2026-03-01", -60)).toBe("2025-12-31");
  });

  it("names the month before a day's, and by default the month before this one in India", () => {
    expect(previousMonth("2026-03-31")).toBe("2026-02");
    expect(previousMonth("2026-01-01")).toBe("2025-12");
    expect(previousMonth()).toBe(previousMonth(todayInIndia()));
  });

  it("finds the instant India's clocks show a time: midnight in India is 18:30 UTC the day before", () => {
    expect(indiaInstant("2026-01-01").toISOString()).toBe("2025-12-31T18:30:00.000Z");
    expect(indiaInstant("2026-07-15", "09:30").toISOString()).toBe("2026-07-15T04:00:00.000Z");
    expect(todayInIndia(indiaInstant("2026-03-01"))).toBe("2026-03-01");
  });
});
