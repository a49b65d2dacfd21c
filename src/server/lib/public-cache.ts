import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Public answers (plans, FAQs, blog, cities...) are serialized and compressed once and
 * then served as bytes with an ETag. Entries live for a short time so several app
 * processes sharing one PostgreSQL converge, and are dropped at once when this process
 * changes the data.
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
/** keys can carry request data (a slug, the Host of the sitemap): bound what they can grow to */
const MAX_ENTRIES = 2_000;
export const PUBLIC_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

export class PublicCache {
  private entries = new Map<string, CachedAnswer>();
  private pending = new Map<string, Promise<CachedAnswer>>();

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
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(key)) {
      // Maps iterate in insertion order: drop the oldest
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, entry);
    return entry;
  }

  /** drop every entry whose key starts with prefix (or all) */
  invalidate(prefix = "") {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
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
