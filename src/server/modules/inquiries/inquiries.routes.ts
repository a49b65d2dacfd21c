import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { InquirySchema } from "../../../shared/schemas/inquiry.ts";
import type { Db } from "../../db/client.ts";
import { createInquiry } from "./inquiries.service.ts";

/** Where a form was sent from, kept for follow-up: a same-site path only. */
function sourcePath(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).pathname.slice(0, 200);
  } catch {
    return null;
  }
}

export async function inquiryRoutes(
  app: FastifyInstance,
  { db, rateLimitFactor }: { db: Db; rateLimitFactor: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/inquiries",
    {
      config: {
        access: "public",
        rateLimit: { max: Math.ceil(10 * rateLimitFactor), timeWindow: "1 minute" },
      },
      schema: { body: InquirySchema },
    },
    async (req, reply) => {
      const inquiry = await createInquiry(db, req.body, sourcePath(req.headers.referer));
      return reply.code(201).send({ id: inquiry.id, message: "Message sent successfully!" });
    },
  );
}
