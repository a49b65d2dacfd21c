import type { ComponentType } from "react";
import type { PageProps } from "./lib/lazy-page.tsx";

/**
 * The portal's and the console's pages, code-split by Vite. This table is its own chunk,
 * loaded by the first signed-in page a visitor opens: the list of each page's chunks that
 * Vite writes beside a dynamic import grows with every console page, and kept in the
 * entry it would count against every public page's download.
 */
const SIGNED_IN_PAGE_MODULES = import.meta.glob<{ default: ComponentType<PageProps> }>([
  "./pages/portal/*-page.tsx",
  "./pages/admin/*-page.tsx",
  "./pages/partner/*-page.tsx",
]);

/** a signed-in page's module from its file under src/web/pages */
export function loadSignedInPage(file: string) {
  const load = SIGNED_IN_PAGE_MODULES[`./pages/${file}`];
  if (!load) throw new Error(`No page module src/web/pages/${file}`);
  return load();
}
