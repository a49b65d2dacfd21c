import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Pages differ per visitor (the header knows who is signed in), so they are compressed
 * per response at a fast setting and never stored by shared caches.
 */
export async function sendHtml(request: FastifyRequest, reply: FastifyReply, status: number, html: string) {
  reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("vary", "accept-encoding, cookie");
  // a signed-in visitor's page has said no-store already (pages.ts)
  if (!reply.hasHeader("cache-control")) reply.header("cache-control", "private, no-cache");
  const accept = String(request.headers["accept-encoding"] ?? "");
  const body = Buffer.from(html);
  if (request.method === "HEAD" || body.length < 1024) return reply.send(body);
  if (/\bbr\b/.test(accept)) {
    const compressed = await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header("content-encoding", "br").send(compressed);
  }
  if (/\bgzip\b/.test(accept)) {
    return reply.header("content-encoding", "gzip").send(await gzipAsync(body, { level: 6 }));
  }
  return reply.send(body);
}
