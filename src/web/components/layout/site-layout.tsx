import { paths } from "@shared/paths.ts";
import { useUser } from "@web/lib/use-user.ts";
import { type ComponentType, type ReactNode, Suspense, useEffect } from "react";
import { useLocation } from "wouter";
import { isAppPath, LazyAppShell } from "./app-paths.ts";
import { CityLinks } from "./city-links.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { LocalityLists } from "./locality-lists.tsx";
import { PageLoading } from "./page-loading.tsx";
import { SkipLink } from "./skip-link.tsx";

/**
 * The chrome every page shares: header, city and locality links, footer, chat. The chat
 * button is a feature of its own, so the app hands it in rather than this shared layout
 * importing it.
 */
export function SiteLayout({
  children,
  ChatLauncher,
}: {
  children: ReactNode;
  ChatLauncher: ComponentType<{ showQuote?: boolean }>;
}) {
  const [location] = useLocation();
  const { user } = useUser();
  // someone signed in is likely to open their pages next: fetch their frame ahead of time
  useEffect(() => {
    if (user) void LazyAppShell.preload();
  }, [user]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of location by design
  useEffect(() => {
    // a new page starts at the top, unless the address points at a section
    if (!window.location.hash) window.scrollTo({ top: 0 });
  }, [location]);
  // Signed-in pages get their own frame; the public pages keep the site's chrome. Staff
  // have no chat button: in the console it would sit over the lists' controls.
  if (isAppPath(location)) {
    return (
      <Suspense fallback={<PageLoading />}>
        <LazyAppShell after={location.startsWith(paths.admin) ? null : <ChatLauncher showQuote={false} />}>
          {children}
        </LazyAppShell>
      </Suspense>
    );
  }
  return (
    <div id="top" className="flex min-h-screen flex-col">
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <CityLinks />
      <LocalityLists />
      <Footer />
      <ChatLauncher />
    </div>
  );
}
