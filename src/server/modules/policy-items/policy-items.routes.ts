import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import { route } from "../../lib/endpoint.ts";
import { perUser } from "../../lib/rate-counters.ts";
import { sendStored } from "../attachments/attachments.routes.ts";
import { prepareFiles, receiveUpload, removeAll } from "../attachments/receive.ts";
import type { FileStorage } from "../attachments/storage.ts";
import {
  addItem,
  checkPhotoUploadAllowed,
  findPhoto,
  listItems,
  removeItem,
  removePhoto,
  savePhotos,
  updateItem,
} from "./policy-items.service.ts";

export interface PolicyItemRouteDeps {
  db: Db;
  rateLimitFactor: number;
  /** the attachments module's storage and upload folder: photos are stored the one way */
  storage: FileStorage;
  tmpDir: string;
}

/**
 * Policy items. Registered by the attachments plugin (which owns the storage and the
 * multipart reader), so the photos go through the same upload path as ticket attachments and
 * are answered the same safe way (sendStored).
 */
export function policyItemRoutes(
  app: FastifyInstance,
  { db, rateLimitFactor, storage, tmpDir }: PolicyItemRouteDeps,
) {
  // a person recording their policy's items adds a few dozen items at most
  const writes = { rateLimit: perUser(60 * rateLimitFactor, "10 minutes") };

  route(app, "GET /api/purchases/:id/items", async (req) => listItems(db, req.actor, req.params.id));
  route(
    app,
    "POST /api/purchases/:id/items",
    async (req) => addItem(db, req.actor, req.params.id, req.body),
    writes,
  );
  route(
    app,
    "PUT /api/purchases/:id/items/:itemId",
    async (req) => updateItem(db, req.actor, req.params.id, req.params.itemId, req.body),
    writes,
  );
  route(
    app,
    "DELETE /api/purchases/:id/items/:itemId",
    async (req) => removeItem(db, storage, req.actor, req.params.id, req.params.itemId),
    writes,
  );

  route(
    app,
    "POST /api/purchases/:id/items/:itemId/photos",
    async (req) => {
      const actor = req.actor;
      const { id, itemId } = req.params;
      // before a byte of the upload is read: someone else's policy is a 404
      await checkPhotoUploadAllowed(db, actor, id, itemId);
      const { files } = await receiveUpload(req, tmpDir);
      try {
        const prepared = await prepareFiles(files);
        return await savePhotos(db, storage, actor, id, itemId, prepared);
      } finally {
        await removeAll(files.map((f) => f.tmp));
      }
    },
    // like ticket attachments: a script posting files in bulk is slowed per user
    { rateLimit: perUser(30 * rateLimitFactor, "10 minutes") },
  );
  route(app, "GET /api/purchases/:id/items/:itemId/photos/:photoId", async (req, reply) => {
    const { id, itemId, photoId } = req.params;
    const row = await findPhoto(db, req.actor, id, itemId, photoId);
    if (!row) throw notFound("File not found");
    return sendStored(reply, storage, row.storageKey, row.type, row.name, row.size);
  });
  route(app, "GET /api/purchases/:id/items/:itemId/photos/:photoId/thumbnail", async (req, reply) => {
    const { id, itemId, photoId } = req.params;
    const row = await findPhoto(db, req.actor, id, itemId, photoId);
    if (!row?.thumbnailKey) throw notFound("File not found");
    return sendStored(reply, storage, row.thumbnailKey, "image/webp", `thumbnail-${row.name}`, null);
  });
  route(
    app,
    "DELETE /api/purchases/:id/items/:itemId/photos/:photoId",
    async (req) => removePhoto(db, storage, req.actor, req.params.id, req.params.itemId, req.params.photoId),
    writes,
  );
}
