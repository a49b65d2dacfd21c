import { z } from "zod";
import { VerificationSchema, VerifyCodeParams, VerifyLookupQuery } from "../schemas/certificate.ts";
import { IdParams } from "../schemas/ids.ts";
import { defineEndpoints } from "./define.ts";

/**
 * A policy's certificate as a PDF, and the public check that a certificate is real. The
 * checks answer the same to everyone, are rate limited per visitor, and say only "not
 * found" for a code or number they do not know.
 */
export const certificateEndpoints = defineEndpoints({
  /** the holder's (or, for staff, any) active or expired policy as a PDF; 404 for anyone else, 409 while pending or once cancelled */
  "GET /api/purchases/:id/certificate.pdf": {
    access: "user",
    params: IdParams,
    response: z.unknown(),
    download: "file",
  },
  /** the verification page's data for the code on a certificate; 404 for an unknown code */
  "GET /api/verify/:code": { access: "public", params: VerifyCodeParams, response: VerificationSchema },
  /** the same from a policy number and the property's PIN code; 404 "no match" when either is wrong */
  "GET /api/verify": { access: "public", query: VerifyLookupQuery, response: VerificationSchema },
});
