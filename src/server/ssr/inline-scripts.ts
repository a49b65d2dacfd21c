/**
 * CSP `script-src` sources ('sha256-…') of the inline scripts the pages carry; production
 * allows no other inline script.
 */
export const INLINE_SCRIPT_HASHES: string[] = [];
