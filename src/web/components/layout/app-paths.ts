import { lazyPage } from "@web/lib/lazy-page.tsx";
import type { ReactNode } from "react";

/** The pages of someone signed in: the customer's portal and the staff console. */
export const isAppPath = (path: string) => /^\/(dashboard|purchases|tickets|admin|partner)(\/|$)/.test(path);

/**
 * The signed-in pages' frame, in its own chunk: the public pages never download it. Both
 * entries preload it before rendering a signed-in page, so it never suspends there.
 */
export const LazyAppShell = lazyPage<{ children: ReactNode; after?: ReactNode }>(() =>
  import("./app-shell.tsx").then((m) => ({ default: m.AppShell })),
);
