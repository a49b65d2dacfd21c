import { type Actor, decideAccess } from "@shared/access.ts";
import { FORM_OUTCOME_KEY, type FormOutcome } from "@shared/form-actions.ts";
import { isStaffRole, type PublicUser } from "@shared/schemas/auth.ts";
import { type DehydratedState, dehydrate, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";
import { renderToReadableStream, renderToStaticMarkup, renderToString } from "react-dom/server";
import type { SsrContext } from "wouter";
import { App } from "./app.tsx";
import { isAppPath, LazyAppShell } from "./components/layout/app-paths.ts";
import { SERVER_ERROR_HEAD, ServerErrorPage } from "./components/layout/page-error.tsx";
import { twoFactorStatusQuery } from "./features/auth/two-factor-api.ts";
import { ApiError, pageFromAnswer } from "./lib/api.ts";
import { fullTitle, type HeadCollector, HeadContext, type PageHead, SITE_NAME } from "./lib/head.tsx";
import { createQueryClient } from "./lib/query-client.ts";
import { USER_QUERY_KEY } from "./lib/use-user.ts";
import { CHROME_DATA, findRoute, notFoundRoute } from "./routes.tsx";

/** How the server hands an API answer to the renderer (it injects the request into itself). */
interface ApiAnswer {
  status: number;
  body: string;
  /** the answer's headers: a paged list's total and next page travel in them */
  headers?: Record<string, string | string[] | number | undefined>;
}

export interface RenderRequest {
  /** path and query of the page, e.g. /city/chennai?x=1 */
  url: string;
  /** the site's own scheme and host (PUBLIC_ORIGIN), for canonical and Open Graph addresses */
  origin: string;
  user: PublicUser | null;
  /** the visitor as the server's access decision sees them (null for a guest) */
  actor: Actor | null;
  /** the server's answer to a form posted to this page without scripts */
  formOutcome?: FormOutcome;
  load(apiPath: string): Promise<ApiAnswer>;
}

export interface RenderResult {
  status: number;
  /** set when the page asked to go elsewhere (a guard's <Redirect>) */
  redirectTo?: string;
  head: string;
  html: string;
  /** the dehydrated query cache, already escaped for a <script type="application/json"> */
  state: string;
  /** source modules of the page, for the server to preload their chunks */
  chunks: string[];
}

export async function render({
  url,
  origin,
  user,
  actor,
  formOutcome,
  load,
}: RenderRequest): Promise<RenderResult> {
  const { pathname, search } = new URL(url, "http://localhost");
  const match = findRoute(pathname);
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, user);
  // in the page's state, so the browser hydrates the same form the server rendered
  if (formOutcome) queryClient.setQueryData(FORM_OUTCOME_KEY, formOutcome);

  // a page's reads are made only for a visitor its access lets in, by the same decision as
  // every API call and page guard: nobody else gets them made in their name (the guard
  // sends them away, or to the two-factor set-up)
  const allowed = !match || decideAccess(actor, { access: match.route.access }).allowed;
  const pageReads = allowed
    ? ((await match?.route.data?.(match.params, new URLSearchParams(search))) ?? [])
    : [];
  // staff's page guards ask whether two-factor sign-in is still to be set up: answered
  // here, so the page is rendered on the server as the browser will show it
  const guardReads =
    match && match.route.access !== "public" && isStaffRole(actor?.role) ? [twoFactorStatusQuery()] : [];
  const reads = [...CHROME_DATA, ...guardReads, ...pageReads];
  await Promise.all(
    reads.map(async ({ queryKey, meta }) => {
      const answer = await load(queryKey[0]);
      if (answer.status >= 200 && answer.status < 300) {
        const body = JSON.parse(answer.body);
        const header = (name: string) => {
          const value = answer.headers?.[name];
          return value === undefined ? null : String(value);
        };
        queryClient.setQueryData(queryKey, meta?.paged ? pageFromAnswer(body, header) : body);
      } else {
        // cached as a failed query, so the page renders its not-found state on both sides
        await queryClient.prefetchQuery({
          queryKey,
          queryFn: () => Promise.reject(ApiError.fromAnswer(answer.status, answer.body)),
        });
      }
    }),
  );

  const page = match?.route.page ?? notFoundRoute.page;
  await page.preload();
  if (isAppPath(pathname)) await LazyAppShell.preload();

  const collector: HeadCollector = {};
  const ssrContext: SsrContext = {};
  const html = await renderHtml(
    <StrictMode>
      <HeadContext.Provider value={collector}>
        <QueryClientProvider client={queryClient}>
          <App ssrPath={pathname} ssrSearch={search.replace(/^\?/, "")} ssrContext={ssrContext} />
        </QueryClientProvider>
      </HeadContext.Provider>
    </StrictMode>,
  );

  const head: PageHead = collector.head ?? { description: SITE_NAME, path: pathname };
  return {
    status: ssrContext.redirectTo ? 302 : (head.status ?? 200),
    redirectTo: ssrContext.redirectTo,
    head: renderHead(head, origin),
    html,
    state: jsonForScript(stableState(dehydrate(queryClient))),
    chunks: match?.route.chunks ?? notFoundRoute.chunks,
  };
}

/**
 * The page the server answers when it could not render one: plain HTML, no state and no
 * scripts, which needs neither the database nor the rest of the app to work.
 */
export function renderErrorPage(url: string, origin: string): { head: string; html: string } {
  const { pathname, search } = new URL(url, "http://localhost");
  // one leading slash: "//host" in a link would lead to another site
  const path = pathname.replace(/^\/+/, "/");
  return {
    head: renderHead({ ...SERVER_ERROR_HEAD, path, noindex: true }, origin),
    html: renderToStaticMarkup(<ServerErrorPage url={path + search} />),
  };
}

/**
 * The app as HTML, or the error a component threw. A page that fails must fail here, so
 * the server answers with an error page and its status; renderToString instead answers a
 * throw (or a suspension) inside a Suspense boundary with that boundary's fallback, marked
 * for the browser to render it again. Only such a page is rendered a second time, by the
 * streaming renderer, which waits for what suspended and reports what threw; it is not used
 * for every page because it takes about twice as long (20 ms against 10 ms for the home page).
 */
async function renderHtml(app: ReactNode): Promise<string> {
  const html = renderToString(app);
  if (!html.includes(CLIENT_RENDERED_BOUNDARY)) return html;
  let failure: { error: unknown } | undefined;
  const stream = await renderToReadableStream(app, {
    // the whole page in one piece: no boundary is sent later with an inline script to put it in place
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      failure ??= { error };
    },
  });
  await stream.allReady;
  const complete = await new Response(stream).text();
  if (failure) throw failure.error;
  return complete;
}

/** how React marks a boundary it gave up rendering on the server */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

/**
 * The query cache as it travels to the browser, the same bytes for the same content. The
 * times each read was filled and dehydrated are left out, and the reads are put in one
 * order (they arrive in whatever order the database answers). Otherwise every render of an
 * unchanged page would differ, and with it the page's ETag, so a browser revalidating a
 * guest page would download it again instead of getting a 304. The browser never uses the
 * times: its reads never go stale (staleTime is infinite), so 0 changes nothing there.
 */
function stableState(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries
      .map((q) => ({
        ...q,
        dehydratedAt: 0,
        state: { ...q.state, dataUpdatedAt: 0, errorUpdatedAt: 0 },
      }))
      .sort((a, b) => (a.queryHash < b.queryHash ? -1 : a.queryHash > b.queryHash ? 1 : 0)),
  };
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** JSON that is safe inside a <script> element: no "</script>" or "<!--" can form. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Site paths inside structured data become absolute addresses. */
function absolutize(value: unknown, origin: string): unknown {
  if (typeof value === "string") return value.startsWith("/") ? origin + value : value;
  if (Array.isArray(value)) return value.map((v) => absolutize(v, origin));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, absolutize(v, origin)]));
  }
  return value;
}

function renderHead(head: PageHead, origin: string): string {
  const title = fullTitle(head);
  const canonical = origin + head.path;
  const image = head.image ? new URL(head.image, origin).href : `${origin}/og-image.png`;
  const tags = [
    `<title>${escapeAttr(title)}</title>`,
    `<meta name="description" content="${escapeAttr(head.description)}" />`,
    `<meta name="robots" content="${head.noindex ? "noindex" : "index, follow"}" />`,
    `<link rel="canonical" href="${escapeAttr(canonical)}" />`,
    `<meta property="og:site_name" content="${escapeAttr(SITE_NAME)}" />`,
    `<meta property="og:locale" content="en_IN" />`,
    `<meta property="og:type" content="${head.type ?? "website"}" />`,
    `<meta property="og:title" content="${escapeAttr(title)}" />`,
    `<meta property="og:description" content="${escapeAttr(head.description)}" />`,
    `<meta property="og:url" content="${escapeAttr(canonical)}" />`,
    `<meta property="og:image" content="${escapeAttr(image)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ];
  for (const data of head.jsonLd ?? []) {
    tags.push(`<script type="application/ld+json">${jsonForScript(absolutize(data, origin))}</script>`);
  }
  return tags.join("\n    ");
}
