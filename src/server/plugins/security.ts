import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { forbidden } from "../errors.ts";

export interface SecurityOptions {
  production: boolean;
  dev: boolean;
  /** sha256 sources of the inline scripts the pages carry */
  inlineScriptHashes: string[];
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export async function registerSecurity(app: FastifyInstance, opts: SecurityOptions) {
  await app.register(helmet, {
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
  });

  // Cross-site writes are refused: the session cookie is SameSite=Lax, and this closes the rest.
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const site = request.headers["sec-fetch-site"];
    if (site === "cross-site" || site === "same-site") throw forbidden("Cross-site requests are not allowed");
    const origin = request.headers.origin;
    if (origin && origin !== "null") {
      let originHost: string;
      try {
        originHost = new URL(origin).host;
      } catch {
        throw forbidden("Cross-site requests are not allowed");
      }
      const host = request.headers["x-forwarded-host"] ?? request.headers.host;
      if (originHost !== host) throw forbidden("Cross-site requests are not allowed");
    } else if (origin === "null") {
      throw forbidden("Cross-site requests are not allowed");
    }
  });
}
