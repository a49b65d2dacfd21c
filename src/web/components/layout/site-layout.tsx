import { paths } from "@shared/paths.ts";
import { ChatLauncher } from "@web/features/chat/chat-launcher.tsx";
import { type ReactNode, useEffect } from "react";
import { useLocation } from "wouter";
import { CityLinks } from "./city-links.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { LocalityLists } from "./locality-lists.tsx";

/** a customer's own pages, where 'Get a quote' has nothing to offer */
const isPortalPath = (path: string) => /^\/(dashboard|purchases|tickets)(\/|$)/.test(path);

/** The chrome every page shares: header, city and locality links, footer, chat. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of location by design
  useEffect(() => {
    // a new page starts at the top, unless the address points at a section
    if (!window.location.hash) window.scrollTo({ top: 0 });
  }, [location]);
  return (
    <div id="top" className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <CityLinks />
      <LocalityLists />
      <Footer />
      {/* staff have no use for it, and in the console it would sit over the lists' controls */}
      {location.startsWith(paths.admin) ? null : <ChatLauncher showQuote={!isPortalPath(location)} />}
    </div>
  );
}
