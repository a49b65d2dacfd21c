import { createHash } from "node:crypto";

/**
 * The only inline script a page carries: it applies the stored theme before first paint,
 * so a visitor who chose dark never sees a light flash. It mirrors src/web/lib/theme.ts
 * (key "theme", class "dark" on <html>). Its hash below is what the production CSP allows.
 */
export const THEME_SCRIPT =
  '(function(){try{if(localStorage.getItem("theme")==="dark")document.documentElement.classList.add("dark")}catch(e){}})()';

const sha256Source = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

/**
 * CSP `script-src` sources ('sha256-…') of the inline scripts the pages carry; production
 * allows no other inline script. (The page state travels as type="application/json", which
 * is data, not script, and needs no hash.)
 */
export const INLINE_SCRIPT_HASHES: string[] = [sha256Source(THEME_SCRIPT)];
