import { formatDateTime } from "@shared/format.ts";

/**
 * "14 Jan 2026, 3:05 pm" that, in a column too narrow for it, breaks only between the day
 * and the time: the parent decides whether it may wrap at all (staff tables let it below
 * `lg`, so their date columns stay narrow on a tablet).
 */
export function DayThenTime({ value }: { value: string }) {
  const text = formatDateTime(value);
  const cut = text.lastIndexOf(", ");
  if (cut < 0) return text;
  return (
    <>
      <span className="whitespace-nowrap">{text.slice(0, cut + 1)}</span>{" "}
      <span className="whitespace-nowrap">{text.slice(cut + 2)}</span>
    </>
  );
}
