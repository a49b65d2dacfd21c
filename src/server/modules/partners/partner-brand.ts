import { createHash } from "node:crypto";
import { buffer } from "node:stream/consumers";
import { type PartnerBrand, partnerLogoPath, whiteLabelLine } from "../../../shared/schemas/partner-brand.ts";
import type { FileStorage } from "../attachments/storage.ts";

/**
 * A logo's version, from its storage key (a new random key per upload): part of its public
 * address and of the certificate's cache key, so a new logo is fetched and printed at once.
 */
export const logoVersion = (storageKey: string) =>
  createHash("sha256").update(storageKey).digest("base64url").slice(0, 12);

/** The partner's name, logo address and white-label sentence, as its homeowners see them */
export function partnerBrand(p: { id: number; name: string; logoStorageKey: string | null }): PartnerBrand {
  return {
    name: p.name,
    logoUrl: p.logoStorageKey ? partnerLogoPath(p.id, logoVersion(p.logoStorageKey)) : null,
    line: whiteLabelLine(p.name),
  };
}

/** The logo's bytes (a PNG) for a certificate, or null when there is none or it cannot be read */
export async function logoBytes(storage: FileStorage, storageKey: string | null): Promise<Buffer | null> {
  if (!storageKey) return null;
  const body = await storage.get(storageKey);
  return body ? buffer(body) : null;
}
