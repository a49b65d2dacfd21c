import "./lib/zod-config.ts";
import { hydrate, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { isAppPath, LazyAppShell } from "./components/layout/app-paths.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { findRoute, notFoundRoute } from "./routes.tsx";

/** id of the <script type="application/json"> that carries the server's query cache */
const STATE_ELEMENT_ID = "__APP_STATE__";

const stateElement = document.getElementById(STATE_ELEMENT_ID);
const dehydratedState = stateElement?.textContent ? JSON.parse(stateElement.textContent) : undefined;
const queryClient = createQueryClient();
if (dehydratedState) hydrate(queryClient, dehydratedState);

// load the current page's code before hydrating, so React adopts the server's HTML as is
const page = findRoute(window.location.pathname)?.route.page ?? notFoundRoute.page;
const frame = isAppPath(window.location.pathname) ? LazyAppShell.preload() : Promise.resolve();
Promise.all([page.preload(), frame]).finally(() => {
  // Hydrating inside a transition lets React yield to the browser every few milliseconds
  // instead of holding the main thread for the whole tree (on Lighthouse's simulated phone
  // the home page's hydration was one task of 190-270 ms); input that arrives meanwhile is
  // still handled first.
  startTransition(() => {
    hydrateRoot(
      document.getElementById("root") as HTMLElement,
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
});
