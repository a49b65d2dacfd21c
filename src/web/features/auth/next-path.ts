// relative, not @shared: the Vitest config (shared with the server tests) has no aliases
import { paths } from "../../../shared/paths.ts";
import { sameSitePath } from "../../../shared/same-site-path.ts";

/**
 * Where to send a visitor after signing in: only a path on this site, normalised (see
 * sameSitePath), and never the login page itself, which would be a loop.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  const path = sameSitePath(next);
  if (!path || path.split(/[?#]/)[0] === paths.auth) return null;
  return path;
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
