import { describe, expect, it } from "vitest";
import { addBusinessMinutes, businessMinutesBetween, indiaDay } from "./business-hours.ts";

// Tamil Nadu holidays around the cases below (the seeded list has them all)
const holidays = new Set(["2026-01-15", "2026-01-16", "2026-01-17", "2026-12-25"]);
const ist = (s: string) => new Date(`${s}+05:30`);
const add = (start: string, minutes: number) => addBusinessMinutes(ist(start), minutes, holidays);

describe("addBusinessMinutes (Mon-Fri 9-18, Sat 9-16, India time)", () => {
  it("counts inside one working day", () => {
    // Monday 23 November 2026
    expect(add("2026-11-23T10:00:00", 60)).toEqual(ist("2026-11-23T11:00:00"));
  });

  it("starts at opening time when raised before it", () => {
    expect(add("2026-11-23T07:00:00", 60)).toEqual(ist("2026-11-23T10:00:00"));
  });

  it("starts the next morning when raised after closing", () => {
    expect(add("2026-11-23T19:00:00", 60)).toEqual(ist("2026-11-24T10:00:00"));
  });

  it("is due at closing time when the target ends exactly there", () => {
    expect(add("2026-11-23T17:00:00", 60)).toEqual(ist("2026-11-23T18:00:00"));
    expect(add("2026-11-23T18:00:00", 1)).toEqual(ist("2026-11-24T09:01:00"));
  });

  it("stops at 16:00 on Saturday and skips Sunday", () => {
    // Saturday 28 November: one hour left that day, then Monday 30 November
    expect(add("2026-11-28T15:00:00", 120)).toEqual(ist("2026-11-30T10:00:00"));
    expect(add("2026-11-28T16:30:00", 30)).toEqual(ist("2026-11-30T09:30:00"));
    expect(add("2026-11-29T12:00:00", 30)).toEqual(ist("2026-11-30T09:30:00"));
  });

  it("skips a holiday", () => {
    // Thursday 24 December, Christmas on Friday: on to Saturday 26 December
    expect(add("2026-12-24T17:00:00", 120)).toEqual(ist("2026-12-26T10:00:00"));
  });

  it("skips the three Pongal holidays and the Sunday after them", () => {
    // Wednesday 14 January 2026, then Thursday to Sunday closed
    expect(add("2026-01-14T17:00:00", 120)).toEqual(ist("2026-01-19T10:00:00"));
  });

  it("makes Elite's one business day the same time the next weekday", () => {
    expect(add("2026-11-23T10:00:00", 540)).toEqual(ist("2026-11-24T10:00:00"));
  });

  it("makes five business days end on Saturday morning when raised on Monday morning", () => {
    expect(add("2026-11-23T10:00:00", 2700)).toEqual(ist("2026-11-28T10:00:00"));
  });

  it("does not depend on the machine's time zone: instants are compared in UTC", () => {
    // 04:30 UTC is 10:00 in India
    expect(addBusinessMinutes(new Date("2026-11-23T04:30:00Z"), 60, holidays).toISOString()).toBe(
      "2026-11-23T05:30:00.000Z",
    );
  });

  it("refuses a calendar with no working day in a year", () => {
    const everyDay = new Set<string>();
    for (
      let d = new Date("2026-01-01T00:00:00Z");
      d.getUTCFullYear() < 2028;
      d.setUTCDate(d.getUTCDate() + 1)
    )
      everyDay.add(d.toISOString().slice(0, 10));
    expect(() => addBusinessMinutes(ist("2026-03-02T10:00:00"), 60, everyDay)).toThrow(/holiday list/);
  });
});

describe("businessMinutesBetween", () => {
  const between = (a: string, b: string) => businessMinutesBetween(ist(a), ist(b), holidays);

  it("counts a weekend as Saturday's hours only", () => {
    // Friday 17:00 to Monday 10:00: 60 on Friday, 420 on Saturday, 60 on Monday
    expect(between("2026-11-27T17:00:00", "2026-11-30T10:00:00")).toBe(540);
  });

  it("counts nothing on a holiday, outside hours, or backwards", () => {
    expect(between("2026-12-25T09:00:00", "2026-12-25T18:00:00")).toBe(0);
    expect(between("2026-11-23T18:00:00", "2026-11-24T09:00:00")).toBe(0);
    expect(between("2026-11-24T12:00:00", "2026-11-23T12:00:00")).toBe(0);
  });

  it("undoes addBusinessMinutes from any start", () => {
    // a fixed walk over starts at odd minutes through November and December 2026
    let start = ist("2026-11-01T00:07:00").getTime();
    for (let i = 0; i < 200; i++) {
      start += 7 * 3_600_000 + 13 * 60_000;
      const minutes = (i * 97) % 3000;
      const due = addBusinessMinutes(new Date(start), minutes, holidays);
      expect(businessMinutesBetween(new Date(start), due, holidays)).toBeCloseTo(minutes, 6);
    }
  });
});

describe("indiaDay", () => {
  it("is India's date, which starts at 18:30 UTC the evening before", () => {
    expect(indiaDay(new Date("2026-11-22T18:29:00Z"))).toBe("2026-11-22");
    expect(indiaDay(new Date("2026-11-22T18:30:00Z"))).toBe("2026-11-23");
  });
});
