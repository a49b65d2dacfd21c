/**
 * The office's opening hours, India time (IST, UTC+5:30 all year): Monday to Friday
 * 9:00-18:00, Saturday 9:00-16:00, closed on Sundays. Service-level clocks run only in
 * them, technicians visit only in them and the chat says whether the office is open by
 * them. Index 0 is Sunday, as `Date.getUTCDay` counts; each day is [opening, closing) hour.
 */
export const OPENING_HOURS: readonly (readonly [number, number] | null)[] = [
  null,
  [9, 18],
  [9, 18],
  [9, 18],
  [9, 18],
  [9, 18],
  [9, 16],
];
