import { z } from "zod";

/**
 * The white-label line on everything a partner's homeowner reads about their policy (the
 * certificate, the e-mails, the verification page): the partner gives the warranty, and we
 * service it, so claims still come to us.
 */
export const whiteLabelLine = (partnerName: string) =>
  `Warranty provided by ${partnerName}, serviced by Home Interior Project Warranty Solutions`;

/** A partner's name and logo as a policy of theirs shows them; `logoUrl` null until a logo is uploaded */
export const PartnerBrandSchema = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  /** the white-label sentence, written out */
  line: z.string(),
});
export type PartnerBrand = z.infer<typeof PartnerBrandSchema>;

/** the public address of a partner's logo; `version` changes with each upload, so caches keep it for long */
export const partnerLogoPath = (partnerId: number, version: string) =>
  `/api/partners/${partnerId}/logo?v=${encodeURIComponent(version)}`;
