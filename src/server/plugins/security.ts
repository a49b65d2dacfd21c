import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { badRequest, forbidden } from "../errors.ts";

export interface SecurityOptions {
  production: boolean;
  dev: boolean;
  /** the site's own origin (PUBLIC_ORIGIN): the only Host production answers, the only Origin of a write */
  publicOrigin: string;
  /** sha256 sources of the inline scripts the pages carry */
  inlineScriptHashes: string[];
  /**
   * paths answered whatever the Host (the probes and metrics: called by the process's own
   * address, and they build no link or cached page from the Host)
   */
  anyHostPaths?: ReadonlySet<string>;
  /**
   * Answers a GET of the API before routing when it can (the public content cache), given
   * the headers an API answer starts with; true when it answered. Runs after the Host check.
   */
  answerEarly?: (request: FastifyRequest, reply: FastifyReply, apiHeaders: Record<string, string>) => boolean;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Browser features the site never uses, turned off for it and anything it embeds: a script
 * that got in some other way still cannot reach the camera, microphone, location or a
 * payment sheet. (Helmet has no option for this header.) Only features Chromium knows:
 * it reports an unknown one as an error on every page.
 */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");

function helmetOptions(opts: SecurityOptions): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Vite's dev server injects inline modules and eval for hot reload; production allows neither
        scriptSrc: opts.dev
          ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
          : ["'self'", ...opts.inlineScriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: opts.dev ? ["'self'", "ws:"] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(opts.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: opts.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
  };
}

/**
 * Helmet's headers depend only on the configuration, never on the request: they are
 * worked out once here (by running helmet against a recording response) instead of
 * rebuilding the policy on every request, which profiling showed as a large share of a
 * cached API answer's cost.
 */
function securityHeaders(opts: SecurityOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(opts))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (err?: unknown) => {
      if (err) throw err;
    },
  );
  headers["permissions-policy"] = PERMISSIONS_POLICY;
  return headers;
}

export async function registerSecurity(app: FastifyInstance, opts: SecurityOptions) {
  const headers = securityHeaders(opts);
  // API answers are private unless a route says otherwise (the public content cache
  // answers "public, max-age=..."): no browser or proxy keeps a customer's data
  const apiHeaders = { ...headers, "cache-control": "no-store" };
  // In production the site answers only to its own name. Another Host would be put into
  // links and the page cache's keys by any code that trusted it, so nothing gets that far.
  const ownHost = opts.production ? new URL(opts.publicOrigin).host : null;

  // One synchronous hook for every request: the headers, the Host check and the
  // cross-site check. As three hooks, two of them async, they cost a public cached answer
  // a noticeable share of its time (docs/performance.md).
  // A public cached answer (opts.answerEarly) is written whole here, its headers included.
  app.addHook("onRequest", (request, reply, done) => {
    const api = request.url.startsWith("/api");
    if (ownHost !== null) {
      const host = request.host;
      if (host !== ownHost && host?.toLowerCase() !== ownHost && !opts.anyHostPaths?.has(request.url)) {
        reply.headers(api ? apiHeaders : headers);
        return done(badRequest("Unknown host"));
      }
    }
    if (api && request.method === "GET" && opts.answerEarly?.(request, reply, apiHeaders)) return;
    reply.headers(api ? apiHeaders : headers);
    if (!SAFE_METHODS.has(request.method) && isCrossSite(request, opts)) {
      return done(forbidden("Cross-site requests are not allowed"));
    }
    done();
  });
}

/**
 * Cross-site writes are refused: the session cookie is SameSite=Lax, and this closes the
 * rest. The whole origin must match, scheme included: a page served over plain http on
 * the same name (anyone on the network can forge one) is another site.
 */
function isCrossSite(request: FastifyRequest, opts: SecurityOptions): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site") return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  // outside production the site is reached under any name (localhost, 127.0.0.1, a LAN
  // address): the origin it was reached at is its own as well
  return !(origin === opts.publicOrigin || (!opts.production && origin === ownOrigin(request)));
}

const ownOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`.toLowerCase();
