import { describe, expect, it } from "vitest";
import { COMPANY } from "../../lib/company.ts";
import { replyPromise } from "./new-ticket-notice.tsx";

// Friday 27 November 2026, 10:30 in India
const now = new Date("2026-11-27T05:00:00Z");

describe("when a new ticket's reply is due, as the customer reads it", () => {
  it("names the day and the hour in India time, from the ticket's service-level clock", () => {
    expect(replyPromise("2026-11-30T07:30:00Z", now)).toBe("We'll reply by Mon 1 pm (India time).");
    expect(replyPromise("2026-11-27T10:30:00Z", now)).toBe("We'll reply by today 4 pm (India time).");
    expect(replyPromise("2026-11-28T05:00:00Z", now)).toBe("We'll reply by tomorrow 10:30 am (India time).");
    // beyond the week the date is said too
    expect(replyPromise("2026-12-14T07:30:00Z", now)).toBe("We'll reply by Mon 14 Dec, 1 pm (India time).");
  });

  it("promises business hours when no clock runs", () => {
    expect(replyPromise(null, now)).toBe(
      `We'll reply as soon as we can in business hours (${COMPANY.shortHours}).`,
    );
  });
});
