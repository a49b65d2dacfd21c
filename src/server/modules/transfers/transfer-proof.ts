import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  PROOF_OF_SALE_REQUIRED,
  PROOF_REFERENCE_MAX,
  TransferProofSchema,
} from "../../../shared/schemas/transfer.ts";
import type { Db } from "../../db/client.ts";
import { policyTransfers } from "../../db/schema.ts";
import { badRequest, notFound } from "../../errors.ts";
import { route } from "../../lib/endpoint.ts";
import { perUser } from "../../lib/rate-counters.ts";
import { sendStored, type UploadStore } from "../attachments/attachments.routes.ts";
import { storeAndRecord } from "../attachments/attachments.service.ts";
import { prepareFiles, type ReceivedFile, receiveUpload, removeAll } from "../attachments/receive.ts";
import { getAdminTransfer } from "./transfers.queries.ts";
import { decideTransfer } from "./transfers.service.ts";

const TRANSFER_NOT_FOUND = "Transfer not found";

/**
 * What the approval was sent with: a JSON `{ reference }`, or a form with a `reference`
 * field and at most one `file` (read and checked as a ticket's attachments are).
 */
async function readProof(req: FastifyRequest, tmpDir: string) {
  if (!req.isMultipart()) {
    const parsed = TransferProofSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
    return { reference: parsed.data.reference, files: [] as ReceivedFile[] };
  }
  const { files, fields } = await receiveUpload(req, tmpDir, {
    maxFiles: 1,
    optional: true,
    // bytes, not characters: room for the longest reference in any script
    fieldSize: PROOF_REFERENCE_MAX * 4,
  });
  const parsed = TransferProofSchema.safeParse({ reference: fields.reference });
  if (!parsed.success) {
    await removeAll(files.map((f) => f.tmp));
    throw badRequest(parsed.error.issues[0].message, { reference: parsed.error.issues[0].message });
  }
  return { reference: parsed.data.reference, files };
}

/**
 * Staff approve a transfer on a proof of sale, and read the document back. Registered by the
 * attachments plugin, which owns the multipart reader and the storage of uploaded files.
 */
export function transferProofRoutes(
  app: FastifyInstance,
  { db, files: store, rateLimitFactor }: { db: Db; files: UploadStore; rateLimitFactor: number },
) {
  const { storage, tmpDir } = store;
  route(
    app,
    "POST /api/admin/transfers/:id/approve",
    async (req) => {
      const id = req.params.id;
      // before a byte of the upload is read: an unknown transfer is a 404
      const [exists] = await db
        .select({ id: policyTransfers.id })
        .from(policyTransfers)
        .where(eq(policyTransfers.id, id));
      if (!exists) throw notFound(TRANSFER_NOT_FOUND);
      const { reference, files } = await readProof(req, tmpDir);
      try {
        if (files.length === 0) {
          if (!reference) throw badRequest(PROOF_OF_SALE_REQUIRED);
          await decideTransfer(db, req.actor, id, { approve: { reference, file: null } });
        } else {
          // the document is stored first and removed again if the approval is refused (409)
          await storeAndRecord(storage, await prepareFiles(files), ([file]) =>
            decideTransfer(db, req.actor, id, { approve: { reference, file } }),
          );
        }
      } finally {
        await removeAll(files.map((f) => f.tmp));
      }
      return getAdminTransfer(db, id);
    },
    { rateLimit: perUser(60 * rateLimitFactor, "10 minutes") },
  );

  route(app, "GET /api/admin/transfers/:id/proof", async (req, reply) => {
    const [row] = await db
      .select({
        key: policyTransfers.proofStorageKey,
        name: policyTransfers.proofName,
        type: policyTransfers.proofType,
        size: policyTransfers.proofSize,
      })
      .from(policyTransfers)
      .where(eq(policyTransfers.id, req.params.id));
    if (!row?.key || !row.type || !row.name) throw notFound("This transfer has no proof-of-sale document.");
    return sendStored(reply, storage, row.key, row.type, row.name, row.size);
  });
}
