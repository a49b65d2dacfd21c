import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import type { FastifyInstance } from "fastify";
import { fileTypeFromFile } from "file-type";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import { LOGO_MAX_BYTES, LOGO_TYPES } from "../../../shared/schemas/partner.ts";
import type { Db } from "../../db/client.ts";
import { badRequest, notFound } from "../../errors.ts";
import { route } from "../../lib/endpoint.ts";
import { perUser } from "../../lib/rate-counters.ts";
import { sendStored, type UploadStore } from "../attachments/attachments.routes.ts";
import {
  imageSlot,
  openPicture,
  type ReceivedFile,
  receiveUpload,
  removeAll,
} from "../attachments/receive.ts";
import type { FileStorage } from "../attachments/storage.ts";
import { partnerLogoKey, pointAtLogo, requirePartner } from "./partner-logo.service.ts";
import { getAdminPartner } from "./partners.queries.ts";

/** the longest side a stored logo keeps: sharp on a certificate, small in an e-mail */
const LOGO_SIDE = 600;

/**
 * The uploaded logo made into what is stored: checked by its bytes (PNG, JPEG or WebP),
 * decoded under the same "bomb" limit as photos, and written again as a PNG (transparency
 * kept, metadata dropped) of at most 600 pixels a side. PNG because PDFKit prints PNG and
 * JPEG but not WebP, and every mail client shows it.
 */
async function prepareLogo(f: ReceivedFile): Promise<string> {
  const detected = await fileTypeFromFile(f.tmp);
  if (!LOGO_TYPES.some((t) => t === detected?.mime)) {
    throw badRequest(`"${f.name}" is not a PNG, JPEG or WebP picture.`);
  }
  const open = await openPicture(f);
  const out = `${f.tmp}.logo.png`;
  try {
    await imageSlot(() =>
      open()
        .rotate()
        .resize(LOGO_SIDE, LOGO_SIDE, { fit: "inside", withoutEnlargement: true })
        .png()
        .toFile(out),
    );
  } catch {
    await rm(out, { force: true });
    throw badRequest(`"${f.name}" could not be read as an image.`);
  }
  return out;
}

/**
 * Staff replace a partner's logo. The new file is stored first under a new key, then the
 * partner row is pointed at it (audited); the old file is removed only once that change is
 * committed, so a failure leaves the old logo in place.
 */
async function setLogo(db: Db, storage: FileStorage, actor: PublicUser, partnerId: number, file: string) {
  const key = `logo-${randomUUID()}.png`;
  await storage.put(key, file, "image/png");
  let previous: string | null = null;
  try {
    previous = await pointAtLogo(db, actor.id, partnerId, key);
  } catch (err) {
    await storage.delete(key);
    throw err;
  }
  if (previous) await storage.delete(previous).catch(() => undefined);
}

/**
 * A partner's logo: staff upload it (through the attachments plugin, which owns the
 * multipart reader and the storage), and anyone may read it by the partner's id. A logo is
 * a public brand mark, printed on certificates and shown in e-mails and on the verification
 * page, so it is cached publicly; its address carries its version, so a new logo is a new address.
 */
export function partnerLogoRoutes(
  app: FastifyInstance,
  { db, files, rateLimitFactor }: { db: Db; files: UploadStore; rateLimitFactor: number },
) {
  const { storage, tmpDir } = files;
  route(
    app,
    "PUT /api/admin/partners/:id/logo",
    async (req) => {
      const actor = req.actor;
      await requirePartner(db, req.params.id);
      const { files: received } = await receiveUpload(req, tmpDir, { maxBytes: LOGO_MAX_BYTES, maxFiles: 1 });
      const made: string[] = [];
      try {
        const logo = await prepareLogo(received[0]);
        made.push(logo);
        await setLogo(db, storage, actor, req.params.id, logo);
      } finally {
        await removeAll([...received.map((f) => f.tmp), ...made]);
      }
      return getAdminPartner(db, req.params.id);
    },
    // like other uploads: a script posting files in bulk is slowed per user
    { rateLimit: perUser(30 * rateLimitFactor, "10 minutes") },
  );

  route(app, "GET /api/partners/:id/logo", async (req, reply) => {
    const key = await partnerLogoKey(db, req.params.id);
    if (!key) throw notFound("No logo");
    // a day in any cache; a new logo has a new address (its version), so nobody waits for this one to expire
    return sendStored(reply, storage, key, "image/png", "logo.png", null, "public, max-age=86400");
  });
}
