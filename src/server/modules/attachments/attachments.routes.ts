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
import { partnerLogoRoutes } from "../partners/partner-logo.ts";
import { policyItemRoutes } from "../policy-items/policy-items.routes.ts";
import { transferProofRoutes } from "../transfers/transfer-proof.ts";
import { checkMessage, checkUploadAllowed, findAttachment, saveAttachments } from "./attachments.service.ts";
import { prepareFiles, receiveUpload, removeAll } from "./receive.ts";
import { type FileStorage, LocalStorage, S3Storage } from "./storage.ts";

/**
 * Photos and PDFs on tickets, the policy items' handover photos, partners' logos and
 * transfers' proofs of sale. The multipart reader
 * is registered here only, so no other route accepts a multipart body.
 */
export async function attachmentRoutes(
  app: FastifyInstance,
  { db, rateLimitFactor, files }: { db: Db; rateLimitFactor: number; files: UploadStore },
) {
  const { storage, tmpDir } = files;

  // an over-size file is cut off at the limit and said by its name once its part has ended
  await app.register(multipart, { throwFileSizeLimit: false });

  route(
    app,
    "POST /api/tickets/:id/attachments",
    async (req, reply) => {
      const actor = req.actor;
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

  // the policy items' handover photos share this storage, reader and way of answering
  policyItemRoutes(app, { db, rateLimitFactor, storage, tmpDir });
  // and so do partners' logos
  partnerLogoRoutes(app, { db, files, rateLimitFactor });
  // and so do the proofs of sale staff approve transfers on
  transferProofRoutes(app, { db, files, rateLimitFactor });

  route(app, "GET /api/tickets/:id/attachments/:attachmentId", async (req, reply) => {
    const actor = req.actor;
    const row = await findAttachment(db, actor, req.params.id, req.params.attachmentId);
    if (!row) throw notFound("File not found");
    return sendStored(reply, storage, row.storageKey, row.type, row.name, row.size);
  });

  route(app, "GET /api/tickets/:id/attachments/:attachmentId/thumbnail", async (req, reply) => {
    const actor = req.actor;
    const row = await findAttachment(db, actor, req.params.id, req.params.attachmentId);
    if (!row?.thumbnailKey) throw notFound("File not found");
    return sendStored(reply, storage, row.thumbnailKey, "image/webp", `thumbnail-${row.name}`, null);
  });
}

/** The storage of uploaded files, and the folder uploads are received into before they are checked */
export interface UploadStore {
  storage: FileStorage;
  tmpDir: string;
}

/**
 * Opens the storage every upload shares (ticket files, handover photos, partners' logos):
 * DATA_DIR/uploads or S3; without a configured place (the tests' apps), a directory of this
 * process's own. Made once with the app, so the modules that read files (the certificate
 * reads a partner's logo) and the ones that write them use the same place.
 */
export function openUploadStore(app: FastifyInstance, uploads?: UploadsConfig): UploadStore {
  const dir = uploads?.dir ?? path.join(mkdtempSync(path.join(tmpdir(), "hipws-uploads-")), "uploads");
  const tmpDir = path.join(dir, ".incoming");
  if (uploads?.s3) {
    const s3 = new S3Storage(uploads.s3);
    app.addHook("onClose", async () => s3.close());
    return { storage: s3, tmpDir };
  }
  return { storage: new LocalStorage(dir), tmpDir };
}

/**
 * A stored file to its reader. Uploaded bytes are never trusted as a page: the type is
 * fixed (nosniff), the CSP allows nothing and sandboxes it, and a PDF is a download. Only
 * the reader's own browser may keep it, briefly.
 */
export async function sendStored(
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  type: string,
  name: string,
  size: number | null,
  cacheControl = "private, max-age=300",
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
    .header("Cache-Control", cacheControl);
  if (size !== null) reply.header("Content-Length", String(size));
  return reply.send(body);
}

/** RFC 6266: an ASCII fallback name, and the real one in UTF-8 */
function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
