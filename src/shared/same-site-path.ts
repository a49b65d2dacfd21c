const BASE = "http://same-site.invalid";

/**
 * `target` as a path on this site (dot segments resolved), or null when it is not one.
 * Used for every redirect to an address a visitor can choose (a login page's `?next=`):
 * anything else would be an open redirect, sending someone from our address to a
 * phishing site.
 *
 * The target is normalised first and checked after: `/.//evil.example` starts with a
 * single slash, but resolves to `//evil.example`, which a browser reads as another host.
 */
export function sameSitePath(target: string | null | undefined): string | null {
  if (!target || target.length > 2048) return null;
  // Browsers drop tabs and line breaks from an address and read a backslash as a slash,
  // so `/\t/host` and `/\host` both become `//host`; our own paths have none of them.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of the check
  if (/[\u0000-\u001f\u007f\s\\]/.test(target)) return null;
  if (!target.startsWith("/") || target.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname.startsWith("//")) return null;
  // an encoded slash or backslash is never part of our own paths, and some proxies and
  // browsers decode it into a real one: `/%2F%2Fhost` could still leave the site
  if (/%(?:2f|5c)/i.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
