import { createHash } from "node:crypto";

/**
 * The first inline script a page carries: it applies the theme before first paint, so a
 * dark-theme visitor never sees a light flash. A stored choice wins; without one the
 * device's dark-mode setting (`prefers-color-scheme`) decides. It mirrors
 * src/web/lib/theme.ts (key "theme", class "dark" on <html>). Its hash below is what the
 * production CSP allows.
 */
export const THEME_SCRIPT =
  '(function(){try{var t=localStorage.getItem("theme");if(t==="dark"||(t!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches))document.documentElement.classList.add("dark")}catch(e){}})()';

/**
 * Adds the page's scripts (kept inert in <template id="app-scripts">) to the document once
 * the browser reports the first contentful paint: that entry arrives after the frame is on
 * screen, whereas a timeout after requestAnimationFrame fired before the frame was
 * presented, and the first small chunks then still raced the paint. A hidden tab paints
 * nothing, so it loads them at once; where paint timing is missing, after the next frame;
 * and in any case within 3 s, so a page is never left without its scripts. Cloned, not
 * moved: a script the parser created inside a template never runs when moved.
 */
export const SCRIPT_LOADER = [
  "(function(){",
  'var t=document.getElementById("app-scripts");if(!t)return;',
  "var done=false;",
  "function go(){if(done)return;done=true;document.head.appendChild(t.content.cloneNode(true))}",
  'if(document.visibilityState!=="visible")return go();',
  "setTimeout(go,3000);",
  "try{new PerformanceObserver(function(l,o){",
  'if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}',
  '}).observe({type:"paint",buffered:true})}',
  "catch(e){requestAnimationFrame(function(){setTimeout(go,0)})}",
  "})()",
].join("");

const sha256Source = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

/**
 * CSP `script-src` sources ('sha256-…') of the inline scripts the pages carry; production
 * allows no other inline script. (The page state travels as type="application/json", which
 * is data, not script, and needs no hash.)
 */
export const INLINE_SCRIPT_HASHES: string[] = [sha256Source(THEME_SCRIPT), sha256Source(SCRIPT_LOADER)];
