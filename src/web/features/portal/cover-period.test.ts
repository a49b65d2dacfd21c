import { describe, expect, it } from "vitest";
import { coverState } from "./cover-period.ts";

describe("coverState", () => {
  it("says how much cover is left in years and months", () => {
    expect(coverState("2025-09-28", "2035-09-27", "2026-11-22")).toMatchObject({
      phase: "running",
      label: "8 years 10 months left",
    });
    expect(coverState("2025-01-01", "2027-01-01", "2026-01-01").label).toBe("1 year left");
  });

  it("counts months and days near the end, then the last day", () => {
    expect(coverState("2020-01-01", "2026-03-10", "2026-01-05").label).toBe("2 months 5 days left");
    expect(coverState("2020-01-01", "2026-01-10", "2026-01-05").label).toBe("5 days left");
    expect(coverState("2020-01-01", "2026-01-05", "2026-01-05").label).toBe("Last day of cover");
  });

  it("handles cover that has not started or has ended", () => {
    expect(coverState("2026-12-06", "2036-12-05", "2026-11-22")).toMatchObject({
      phase: "upcoming",
      elapsedPercent: 0,
      label: "Starts in 14 days",
    });
    expect(coverState("2019-06-01", "2024-05-31", "2026-11-22")).toMatchObject({
      phase: "ended",
      elapsedPercent: 100,
    });
  });
});
