import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A button's icon and words while its request runs: a spinner in place of the icon, and
 * `busyText` ("Sending...") in place of the label when given, so a second press is not
 * mistaken for a lost first.
 * The button itself stays the caller's (variant, size, disabled while busy).
 */
export function BusyLabel({
  busy,
  icon,
  busyText,
  children,
}: {
  busy: boolean;
  icon: ReactNode;
  busyText?: string;
  children: ReactNode;
}) {
  return busy ? (
    <>
      <Loader2 aria-hidden="true" className="animate-spin" />
      {busyText ?? children}
    </>
  ) : (
    <>
      {icon}
      {children}
    </>
  );
}
