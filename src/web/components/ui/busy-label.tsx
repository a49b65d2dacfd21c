import { errorMessage } from "@web/lib/api.ts";
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

/**
 * Why the last try at a button's action failed, in a line beside the button that screen
 * readers announce; nothing while it has not failed. The server's message when it sent
 * one, else `fallback`. It sits with BusyLabel because every form that shows it has a
 * BusyLabel too, so it costs those pages no extra file to download.
 */
export function ActionError({
  action,
  fallback,
  className = "text-sm text-danger",
}: {
  action: { isError: boolean; error: unknown };
  fallback: string;
  className?: string;
}) {
  return action.isError ? (
    <p role="alert" className={className}>
      {errorMessage(action.error, fallback)}
    </p>
  ) : null;
}
