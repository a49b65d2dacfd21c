import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
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
  /** every header of each way the entry is answered early (`answerEarly`), worked out on first use */
  early: Partial<Record<"plain" | "br" | "gzip" | "304", OutgoingHttpHeaders>>;
}

type Encoding = "br" | "gzip";

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
  /** request addresses whose answer is known to be an entry's, by the entry's key (`remember`) */
  private addresses = new Map<string, string>();

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
      early: {},
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
    const encoding = encodingFor(entry, request);
    if (encoding) return reply.header("content-encoding", encoding).send(encoded(entry, encoding));
    return reply.send(entry.body);
  }

  /**
   * Notes that a GET of `url` (the address exactly as requested) answers the entry under
   * `key`, so that the next one can be answered early. Only addresses that answered are
   * noted, and no more of them than the store holds entries.
   */
  remember(url: string, key: string) {
    if (this.addresses.get(url) === key) return;
    if (this.addresses.size >= this.maxEntries) this.addresses.clear();
    this.addresses.set(url, key);
  }

  /**
   * Answers a GET of a remembered address from its fresh entry, straight to the socket,
   * as the first request hook: the same status, headers and bytes as the routed answer
   * (`reply` above), without the routing's later steps (parsing the parameters, the
   * handler and its promises, setting each header one by one, Fastify's send). Every
   * other request, and this one once its entry is stale, goes the usual way (false).
   *
   * @param base the headers every API answer starts with (security headers, no-store)
   */
  answerEarly(request: FastifyRequest, reply: FastifyReply, base: Record<string, string>): boolean {
    const key = this.addresses.get(request.url);
    const entry = key === undefined ? undefined : this.peek(key);
    if (!entry) return false;
    const early = entry.early;
    const res = reply.hijack().raw;
    if (request.headers["if-none-match"] === entry.etag) {
      early["304"] ??= {
        ...base,
        etag: entry.etag,
        "cache-control": PUBLIC_CACHE_CONTROL,
        vary: "accept-encoding",
      };
      res.writeHead(304, early["304"]).end();
      return true;
    }
    const encoding = encodingFor(entry, request);
    const body = encoding ? encoded(entry, encoding) : entry.body;
    early[encoding ?? "plain"] ??= {
      ...base,
      etag: entry.etag,
      "cache-control": PUBLIC_CACHE_CONTROL,
      vary: "accept-encoding",
      "content-type": entry.contentType,
      ...(encoding ? { "content-encoding": encoding } : {}),
      "content-length": String(body.length),
    };
    res.writeHead(200, early[encoding ?? "plain"]).end(body);
    return true;
  }
}

/** compressed only past 1 KB, and only as the client says it accepts: brotli first, then gzip */
function encodingFor(entry: CachedAnswer, request: FastifyRequest): Encoding | undefined {
  if (entry.body.length <= 1024) return undefined;
  const accept = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accept)) return "br";
  if (/\bgzip\b/.test(accept)) return "gzip";
  return undefined;
}

/** the entry's bytes in that encoding, compressed the first time they are asked for */
function encoded(entry: CachedAnswer, encoding: Encoding): Buffer {
  if (encoding === "br") {
    entry.br ??= brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
    return entry.br;
  }
  entry.gzip ??= gzipSync(entry.body, { level: 9 });
  return entry.gzip;
}
