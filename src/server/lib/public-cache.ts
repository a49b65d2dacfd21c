import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Public answers (plans, FAQs, blog, cities...) and guests' pages are serialized and
 * compressed once and then served as bytes with an ETag, the hash of those bytes.
 *
 * Entries live 60 s and nothing drops them earlier: no API edits the public content (it
 * comes from the seed and from staff working on the database directly), so an edit shows
 * on each app process within 60 s. An API that edits content must drop the entries its
 * change affects, on every process.
 */
export interface CachedAnswer {
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
  contentType: string;
  expires: number;
}

const TTL_MS = 60_000;
/** API answers are a few KB each */
export const ANSWER_CACHE_ENTRIES = 2_000;
/**
 * A guest's page is about 150 KB of HTML, kept with its brotli and gzip forms: 300 of them
 * (the site has about 110 public pages) stay under 60 MB. Pages have a store of their own,
 * so addresses made up by visitors or crawlers can push out only other pages, never the
 * API answers every page is built from.
 */
export const PAGE_CACHE_ENTRIES = 300;
const PUBLIC_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

/**
 * Query parameters that only tell analytics where a visitor came from (campaign tags, ad
 * click ids): the page is the same without them.
 */
const TRACKING_PARAM =
  /^(?:utm_.+|gclid|gclsrc|gbraid|wbraid|dclid|fbclid|msclkid|yclid|twclid|ttclid|igshid|li_fat_id|mc_cid|mc_eid|_ga|_gl|srsltid)$/i;

/** A page address without its tracking parameters: "/b2c?utm_source=mail&x=1" is "/b2c?x=1". */
export function withoutTracking(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of new Set(params.keys())) if (TRACKING_PARAM.test(name)) params.delete(name);
  const rest = params.toString();
  return rest ? `${url.slice(0, q)}?${rest}` : url.slice(0, q);
}

export class PublicCache {
  private entries = new Map<string, CachedAnswer>();
  private pending = new Map<string, Promise<CachedAnswer>>();

  /**
   * @param maxEntries keys carry request data (a slug, a query string, the Host of the
   * sitemap), so the store is bounded: past this many, the oldest entry goes.
   */
  constructor(private readonly maxEntries: number) {}

  async get(key: string, load: () => Promise<unknown>, contentType = "application/json; charset=utf-8") {
    const hit = this.peek(key);
    if (hit) return hit;
    let p = this.pending.get(key);
    if (!p) {
      p = load()
        .then((value) => this.put(key, value, contentType))
        .finally(() => this.pending.delete(key));
      this.pending.set(key, p);
    }
    return p;
  }

  /** the fresh entry under key, if any */
  peek(key: string): CachedAnswer | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expires > Date.now() ? hit : undefined;
  }

  /** store an answer someone else produced (a rendered page) */
  put(key: string, value: unknown, contentType: string): CachedAnswer {
    const body = Buffer.from(typeof value === "string" ? value : JSON.stringify(value));
    const entry: CachedAnswer = {
      body,
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      contentType,
      expires: Date.now() + TTL_MS,
    };
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      // Maps iterate in insertion order: drop the oldest
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, entry);
    return entry;
  }

  /** answer with the cached bytes: 304 on a matching If-None-Match, compressed when the client accepts it */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<unknown>,
    contentType?: string,
  ) {
    return this.reply(request, reply, await this.get(key, load, contentType));
  }

  reply(
    request: FastifyRequest,
    reply: FastifyReply,
    entry: CachedAnswer,
    headers: { cacheControl: string; vary: string } = {
      cacheControl: PUBLIC_CACHE_CONTROL,
      vary: "accept-encoding",
    },
  ) {
    reply
      .header("etag", entry.etag)
      .header("cache-control", headers.cacheControl)
      .header("vary", headers.vary);
    if (request.headers["if-none-match"] === entry.etag) return reply.code(304).send();
    reply.header("content-type", entry.contentType);
    const accept = String(request.headers["accept-encoding"] ?? "");
    if (entry.body.length > 1024) {
      if (/\bbr\b/.test(accept)) {
        entry.br ??= brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
        return reply.header("content-encoding", "br").send(entry.br);
      }
      if (/\bgzip\b/.test(accept)) {
        entry.gzip ??= gzipSync(entry.body, { level: 9 });
        return reply.header("content-encoding", "gzip").send(entry.gzip);
      }
    }
    return reply.send(entry.body);
  }
}
