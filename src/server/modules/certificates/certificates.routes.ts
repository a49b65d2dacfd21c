import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import { PdfCache } from "../../lib/pdf-cache.ts";
import { perAddress } from "../../lib/rate-counters.ts";
import type { FileStorage } from "../attachments/storage.ts";
import { logoBytes } from "../partners/partner-brand.ts";
import { CERTIFICATE_VERSION, renderCertificatePdf } from "./certificate-pdf.ts";
import {
  type CertificateFacts,
  certificateFacts,
  verifyByCode,
  verifyByNumber,
} from "./certificates.service.ts";

/** Checks a visitor may make in a minute, before the rate-limit factor: a person checks a few certificates, never hundreds. */
export const VERIFY_CHECKS_PER_MINUTE = 30;

const WARM_UP: CertificateFacts = {
  id: 0,
  policyNumber: "HIPW-2000-000000",
  verifyCode: "warm-up",
  status: "active",
  startDate: "2000-01-01",
  endDate: "2009-12-31",
  city: "Chennai",
  pincode: "600006",
  planName: "Sample",
  durationYears: 10,
  covered: ["Sample item"],
  holderFirstName: "Sample",
  holderLastName: "Holder",
  transferredAt: null,
  partner: null,
  version: "warm-up",
};

export async function certificateRoutes(
  app: FastifyInstance,
  {
    db,
    origin,
    rateLimitFactor,
    storage,
  }: { db: Db; origin: string; rateLimitFactor: number; storage: FileStorage },
) {
  const cache = new PdfCache();
  // A process's first PDF loads PDFKit and reads its font metrics, a few hundred ms more:
  // one sample certificate, made off any request's path a moment after the server starts
  // listening, takes that cost up front without holding up start-up or its first requests.
  // Only a listening server does this: an app answering through inject() (the tests) loads
  // PDFKit when it first makes a PDF, if ever.
  let warmUp: NodeJS.Timeout | undefined;
  app.addHook("onListen", async () => {
    warmUp = setTimeout(() => void renderCertificatePdf(WARM_UP, origin).catch(() => undefined), 1000);
    warmUp.unref();
  });
  app.addHook("onClose", async () => clearTimeout(warmUp));

  route(app, "GET /api/purchases/:id/certificate.pdf", async (req, reply) => {
    const facts = await certificateFacts(db, req.actor, req.params.id);
    const key = `${facts.id}:${facts.version}:${CERTIFICATE_VERSION}`;
    const { pdf, hit } = await cache.get(key, async () =>
      renderCertificatePdf(facts, origin, await logoBytes(storage, facts.partner?.logoStorageKey ?? null)),
    );
    // Cache-Control stays the no-store every signed-in answer has: the PDF names the holder
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="${facts.policyNumber}.pdf"`)
      .header("x-certificate-cache", hit ? "hit" : "miss")
      .send(pdf);
  });

  // the verification page's reads: per visitor (the page's own render passes the visitor's
  // address along), and kept out of search engines like the page itself
  const perVisitor = { rateLimit: perAddress(VERIFY_CHECKS_PER_MINUTE * rateLimitFactor, "1 minute") };
  route(
    app,
    "GET /api/verify/:code",
    async (req, reply) => {
      reply.header("x-robots-tag", "noindex");
      return verifyByCode(db, req.params.code);
    },
    perVisitor,
  );
  route(
    app,
    "GET /api/verify",
    async (req, reply) => {
      reply.header("x-robots-tag", "noindex");
      return verifyByNumber(db, req.query);
    },
    perVisitor,
  );
}
