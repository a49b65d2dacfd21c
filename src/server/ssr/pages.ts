import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sameSitePath } from "../../shared/same-site-path.ts";
import type { AppConfig } from "../app.ts";
import type { Db } from "../db/client.ts";
import { CHECKOUT_ROOT } from "../lib/checkout-root.ts";
import { PAGE_CACHE_ENTRIES, PublicCache, withoutTracking } from "../lib/public-cache.ts";
import { perAddress } from "../lib/rate-counters.ts";
import { sendApiNotFound } from "../plugins/errors.ts";
import { callAsVisitor, type PostResult, takeFormPost } from "./form-actions.ts";
import { sendHtml } from "./html-response.ts";
import {
  createDevRenderer,
  failedRead,
  loadBuiltRenderer,
  type PageRenderer,
  PLAIN_ERROR_PAGE,
} from "./renderer.ts";
import { buildRobots, buildSitemap } from "./sitemap.ts";

export interface PagesDeps {
  db: Db;
  config: AppConfig;
}

const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=3600";
const HTML = "text/html; charset=utf-8";
/** pages differ by visitor: browsers revalidate (ETag), shared caches never store them */
const PAGE_HEADERS = { cacheControl: "private, no-cache", vary: "accept-encoding, cookie" };

const isApiPath = (url: string) => url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");

/**
 * Everything that is not the API: built assets, public files, robots.txt, the sitemap and
 * the server-rendered pages. Registered after the API routes, and owns the single
 * not-found handler (API paths keep answering JSON).
 */
export async function registerPages(app: FastifyInstance, { db, config }: PagesDeps) {
  // guests' pages and the sitemap: documents whose keys carry what visitors send (the address)
  const cache = new PublicCache(PAGE_CACHE_ENTRIES);
  const renderer: PageRenderer | null = config.dev
    ? await createDevRenderer(app, CHECKOUT_ROOT)
    : await loadBuiltRenderer(CHECKOUT_ROOT);

  if (!config.dev && renderer) {
    await app.register(fastifyStatic, {
      root: path.join(CHECKOUT_ROOT, "dist/client"),
      prefix: "/",
      // one route per built file: anything else falls through to the page renderer
      wildcard: false,
      index: false,
      globIgnore: ["index.html", "**/*.gz", "**/*.br"],
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header("cache-control", filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : SHORT);
      },
    });
  }

  // links, the sitemap and cache keys use the site's configured address, never the Host a
  // request claims: a forged Host would otherwise reach other visitors through the caches
  const origin = config.publicOrigin;
  const ownHost = new URL(origin).host;

  app.get("/robots.txt", (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", SHORT).send(buildRobots(origin)),
  );

  app.get("/sitemap.xml", (request, reply) =>
    cache.send(request, reply, "sitemap", () => buildSitemap(db, origin), "application/xml; charset=utf-8"),
  );

  /** `post`: the page answers a form posted without scripts (form-actions.ts) */
  type Posted = Exclude<PostResult, { reload: true }>;
  const renderPageOrThrow = async (request: FastifyRequest, reply: FastifyReply, post?: Posted) => {
    if (!renderer) {
      return sendHtml(
        request,
        reply,
        503,
        "<!doctype html><title>Site not built</title><p>The site has not been built yet: run <code>npm run build</code>.</p>",
      );
    }
    // a certificate's verification page is about one policy: never in a search index
    if (/^\/verify(?:[/?]|$)/.test(request.url)) reply.header("x-robots-tag", "noindex");
    const user = post?.user ?? (await request.currentUser());
    // a post that just signed someone in answers with a redirect: the page's own reads are
    // decided for the visitor the request came as
    const actor = await app.actorOf(request);
    // a signed-in page shows the person's own data: no cache may keep it (the back button
    // after a logout on a shared computer would show it to the next person)
    if (user) reply.header("cache-control", "no-store");
    // A guest's page is the same for every guest: rendered once, then served as cached bytes.
    // Signed-in pages carry the user (header, guarded data) and are rendered every time.
    // Campaign links (?utm_source=...) show the page without the tag: one entry, not one per link.
    const cacheable = !user && !config.dev && !post;
    const url = cacheable ? withoutTracking(request.url) : request.url;
    const guestKey = cacheable ? `page:${url}` : null;
    const cached = guestKey ? cache.peek(guestKey) : undefined;
    if (cached) return cache.reply(request, reply, cached, PAGE_HEADERS);
    const result = await renderer.renderDocument({
      url,
      origin,
      user,
      actor,
      formOutcome: post?.outcome,
      // the same route, cache and rules the browser's calls go through
      // (under the site's own name: in production any other Host is refused with a 400)
      load: async (apiPath) => {
        const res = await callAsVisitor(app, request, ownHost, { method: "GET", url: apiPath });
        return { status: res.statusCode, body: res.body, headers: res.headers };
      },
    });
    // a session the post started, or a second factor's pending sign-in
    if (post?.cookies?.length) reply.header("set-cookie", post.cookies);
    if (result.redirectTo) {
      // a page's redirect may carry what the visitor sent (?next=): never to another site
      const to = sameSitePath(result.redirectTo);
      if (!to) request.log.warn({ url: request.url }, "refused a redirect off the site");
      // after a post, 303: the browser follows it with a GET and never posts again
      return reply.redirect(to ?? "/", post ? 303 : 302);
    }
    if (guestKey && result.status === 200) {
      return cache.reply(request, reply, cache.put(guestKey, result.html, HTML), PAGE_HEADERS);
    }
    return sendHtml(request, reply, post && result.status === 200 ? post.status : result.status, result.html);
  };

  /**
   * A page that could not be rendered answers an HTML error page, never the API's JSON:
   * 503 when one of its reads failed (the database is unavailable for a moment: search
   * engines come back later and keep the page), 500 for anything else.
   */
  const renderPage = async (request: FastifyRequest, reply: FastifyReply, post?: Posted) => {
    try {
      return await renderPageOrThrow(request, reply, post);
    } catch (err) {
      request.log.error({ err, url: request.url }, "page could not be rendered");
      const html = renderer
        ? await renderer.renderErrorDocument(request.url, origin).catch(() => PLAIN_ERROR_PAGE)
        : PLAIN_ERROR_PAGE;
      return sendHtml(request, reply, failedRead(err) ? 503 : 500, html);
    }
  };

  app.get("/*", (request, reply) =>
    isApiPath(request.url) ? sendApiNotFound(request, reply) : renderPage(request, reply),
  );

  // A form posted before scripts ran, or without them: the forms a visitor meets first are
  // taken as the script would send them; any other form's post shows its page again. Only
  // here are form-encoded bodies read: the API itself takes JSON alone.
  await app.register(async (forms) => {
    forms.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, body, done) => done(null, new URLSearchParams(body as string)),
    );
    // each post renders a page, which the guest page cache cannot answer: a person fills in
    // a form a few times a minute, a script that posts forms in bulk is slowed down here
    const limit = { rateLimit: perAddress(30 * config.rateLimitFactor, "1 minute") };
    forms.post("/*", { config: limit }, async (request, reply) => {
      if (isApiPath(request.url)) return sendApiNotFound(request, reply);
      const fields = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const post = await takeFormPost(app, request, ownHost, fields);
      if ("reload" in post) return reply.redirect(sameSitePath(request.url) ?? "/", 303);
      return renderPage(request, reply, post);
    });
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return sendApiNotFound(request, reply);
    if (request.method === "GET" || request.method === "HEAD") return renderPage(request, reply);
    return reply.code(404).type("text/plain; charset=utf-8").send("404 Page Not Found");
  });
}
