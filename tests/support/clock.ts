import { vi } from "vitest";

/**
 * 20:00 UTC of the day before now: a moment when India (UTC+05:30) is already on the next
 * day, so a date taken from UTC and one taken from India's calendar differ. It lies in the
 * past, so sessions signed in just now are not yet idle at it.
 */
export function eveningBeforeInUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 20));
}

/** runs `act` with the process's clock (Date only) set to `moment`, then puts the real clock back */
export async function at<T>(moment: Date, act: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(moment);
  try {
    return await act();
  } finally {
    vi.useRealTimers();
  }
}
