import { Suspense } from "react";
import type { SsrContext } from "wouter";
import { Route, Router, Switch } from "wouter";
import { HydrationMarker } from "./components/layout/hydration-marker.tsx";
import { PageErrorBoundary, RootErrorBoundary } from "./components/layout/page-error.tsx";
import { PageLoading } from "./components/layout/page-loading.tsx";
import { SiteLayout } from "./components/layout/site-layout.tsx";
import { ToasterHost } from "./components/ui/toaster-host.tsx";
import { TooltipProvider } from "./components/ui/tooltip.tsx";
import { ChatLauncher } from "./features/chat/chat-launcher.tsx";
import { notFoundRoute, routes } from "./routes.tsx";

const NotFound = notFoundRoute.page;

/** The whole site; the entries wrap it in a QueryClientProvider (one per request on the server). */
export function App({
  ssrPath,
  ssrSearch,
  ssrContext,
}: {
  ssrPath?: string;
  ssrSearch?: string;
  ssrContext?: SsrContext;
}) {
  return (
    <TooltipProvider>
      <RootErrorBoundary>
        <Router ssrPath={ssrPath} ssrSearch={ssrSearch} ssrContext={ssrContext}>
          <SiteLayout ChatLauncher={ChatLauncher}>
            <PageErrorBoundary>
              <Suspense fallback={<PageLoading />}>
                <Switch>
                  {routes.map(({ path, page: Page }) => (
                    <Route key={path} path={path}>
                      {(params) => <Page params={params as Record<string, string>} />}
                    </Route>
                  ))}
                  <Route>
                    <NotFound params={{}} />
                  </Route>
                </Switch>
                <HydrationMarker />
              </Suspense>
            </PageErrorBoundary>
          </SiteLayout>
        </Router>
      </RootErrorBoundary>
      <ToasterHost />
    </TooltipProvider>
  );
}
