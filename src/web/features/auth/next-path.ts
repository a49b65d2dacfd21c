// relative, not @shared: the Vitest config (shared with the server tests) has no aliases
import { paths } from "../../../shared/paths.ts";

/**
 * Where to send a visitor after signing in. Only a path on this site is accepted: an
 * absolute URL, a protocol-relative `//host` or a backslash trick (`/\host`, which some
 * browsers read as `//host`) would turn the login page into an open redirect.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2048) return null;
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  // control characters and whitespace have no place in our own paths
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of the check
  if (/[\u0000-\u001f\u007f\s\\]/.test(next)) return null;
  try {
    const url = new URL(next, "http://same.invalid");
    if (url.origin !== "http://same.invalid") return null;
    // going back to the login page after logging in would be a loop
    if (url.pathname === paths.auth) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** /auth?next=/tickets/3 */
export function authPathFor(next: string): string {
  const safe = safeNextPath(next);
  return safe && safe !== paths.home ? `${paths.auth}?next=${encodeURIComponent(safe)}` : paths.auth;
}

/** The `next` of a login page's query string, checked; `/` when absent or unsafe. */
export function nextFromSearch(search: string): string {
  const next = new URLSearchParams(search).get("next");
  return safeNextPath(next) ?? paths.home;
}
