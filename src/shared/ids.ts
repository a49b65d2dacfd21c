/**
 * Record ids are PostgreSQL `integer`s: 1 to 2,147,483,647. Anything else (0, -1, 1.5,
 * 2147483648, "0x1", "1e3", " 1") cannot name a row, so it is refused as bad input before
 * it reaches a query, where it would fail as a database error. Plain code without zod, so
 * the page table can use it without adding zod to the landing page's scripts.
 */
const MAX_ID = 2_147_483_647;

/** The id in a path segment, a query value or a JSON number; null when it cannot be one. */
export function parseId(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isInteger(raw) && raw >= 1 && raw <= MAX_ID ? raw : null;
  if (typeof raw !== "string" || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= MAX_ID ? n : null;
}
