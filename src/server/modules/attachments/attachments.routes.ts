import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { UploadsConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import { route } from "../../lib/endpoint.ts";
import { perUser } from "../../lib/rate-counters.ts";
import { requireUser } from "../../plugins/session.ts";
import { homeItemRoutes } from "../home-items/home-items.routes.ts";
import { checkMessage, checkUploadAllowed, findAttachment, saveAttachments } from "./attachments.service.ts";
import { prepareFiles, receiveUpload, removeAll } from "./receive.ts";
import { type FileStorage, LocalStorage, S3Storage } from "./storage.ts";

/**
 * Photos and PDFs on tickets, and the home record's handover photos. The multipart reader
 * is registered here only, so no other route accepts a multipart body.
 */
export async function attachmentRoutes(
  app: FastifyInstance,
  { db, rateLimitFactor, uploads }: { db: Db; rateLimitFactor: number; uploads?: UploadsConfig },
) {
  // without a configured place (the tests' apps), a directory of this process's own
  const dir = uploads?.dir ?? path.join(mkdtempSync(path.join(tmpdir(), "hipws-uploads-")), "uploads");
  const tmpDir = path.join(dir, ".incoming");
  let storage: FileStorage;
  if (uploads?.s3) {
    const s3 = new S3Storage(uploads.s3);
    app.addHook("onClose", async () => s3.close());
    storage = s3;
  } else {
    storage = new LocalStorage(dir);
  }

  // an over-size file is cut off at the limit and said by its name once its part has ended
  await app.register(multipart, { throwFileSizeLimit: false });

  route(
    app,
    "POST /api/tickets/:id/attachments",
    async (req, reply) => {
      const actor = await requireUser(req);
      const ticketId = req.params.id;
      // before a byte of the upload is read: someone else's ticket is a 404
      await checkUploadAllowed(db, actor, ticketId);
      const { files, fields } = await receiveUpload(req, tmpDir);
      try {
        const messageId = await checkMessage(db, actor, ticketId, fields.messageId);
        const prepared = await prepareFiles(files);
        const saved = await saveAttachments(db, storage, actor, ticketId, messageId, prepared);
        return reply.code(201).send(saved);
      } finally {
        await removeAll(files.map((f) => f.tmp));
      }
    },
    // like writing a message: a script posting files in bulk is slowed per user
    { rateLimit: perUser(30 * rateLimitFactor, "10 minutes") },
  );

  // the home record's handover photos share this storage, reader and way of answering
  homeItemRoutes(app, { db, rateLimitFactor, storage, tmpDir, sendStored });

  route(app, "GET /api/tickets/:id/attachments/:attachmentId", async (req, reply) => {
    const actor = await requireUser(req);
    const row = await findAttachment(db, actor, req.params.id, req.params.attachmentId);
    if (!row) throw notFound("File not found");
    return sendStored(reply, storage, row.storageKey, row.type, row.name, row.size);
  });

  route(app, "GET /api/tickets/:id/attachments/:attachmentId/thumbnail", async (req, reply) => {
    const actor = await requireUser(req);
    const row = await findAttachment(db, actor, req.params.id, req.params.attachmentId);
    if (!row?.thumbnailKey) throw notFound("File not found");
    return sendStored(reply, storage, row.thumbnailKey, "image/webp", `thumbnail-${row.name}`, null);
  });
}

/**
 * A stored file to its reader. Uploaded bytes are never trusted as a page: the type is
 * fixed (nosniff), the CSP allows nothing and sandboxes it, and a PDF is a download. Only
 * the reader's own browser may keep it, briefly.
 */
async function sendStored(
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  type: string,
  name: string,
  size: number | null,
) {
  const body = await storage.get(key);
  if (!body) throw notFound("File not found");
  const inline = type.startsWith("image/");
  reply
    .code(200)
    .header("Content-Type", type)
    .header("Content-Disposition", contentDisposition(inline ? "inline" : "attachment", name))
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Security-Policy", "default-src 'none'; sandbox")
    .header("Cache-Control", "private, max-age=300");
  if (size !== null) reply.header("Content-Length", String(size));
  return reply.send(body);
}

/** RFC 6266: an ASCII fallback name, and the real one in UTF-8 */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
