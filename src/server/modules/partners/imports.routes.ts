import multipart, { type MultipartFile } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { todayInIndia } from "../../../shared/dates.ts";
import { IMPORT_MAX_BYTES } from "../../../shared/schemas/partner-import.ts";
import type { Db } from "../../db/client.ts";
import { AppError, badRequest } from "../../errors.ts";
import { route } from "../../lib/endpoint.ts";
import { type CursorCodec, listQuery } from "../../lib/keyset.ts";
import { perUser } from "../../lib/rate-counters.ts";
import { templateCsv, tooLarge } from "./imports.parse.ts";
import { commitImport, getImport, listImportsPage, previewImport } from "./imports.service.ts";
import { partnerMembership } from "./partner-access.ts";

/** the CSV's bytes, read by the content-type parser; kept off `request.body` so no hook walks 10 MB */
const csvBodies = new WeakMap<FastifyRequest, Buffer>();

/** the types browsers and tools send a .csv file as (Windows names .csv an Excel file; some tools name no type) */
const CSV_TYPES = [
  "text/csv",
  "application/csv",
  "text/plain",
  "application/vnd.ms-excel",
  "application/octet-stream",
];

/**
 * A partner's CSV imports of handovers. Their own plugin scope: the file comes as the body
 * or as a multipart `file` part, up to IMPORT_MAX_BYTES (the site's other bodies stay
 * limited to 64 KB, and multipart stays off everywhere else but uploads).
 */
export async function partnerImportRoutes(
  app: FastifyInstance,
  { db, codec, rateLimitFactor }: { db: Db; codec: CursorCodec; rateLimitFactor: number },
) {
  await app.register(multipart, { throwFileSizeLimit: false });
  app.addContentTypeParser(CSV_TYPES, (request, payload, done) => {
    const declared = Number(request.headers["content-length"] ?? 0);
    if (declared > IMPORT_MAX_BYTES) return done(tooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (err: Error | null) => {
      if (settled) return;
      settled = true;
      if (err) {
        // the rest is read and dropped, so the answer reaches the client
        payload.removeAllListeners("data");
        payload.resume();
        return done(err);
      }
      csvBodies.set(request, Buffer.concat(chunks));
      done(null, null);
    };
    payload.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > IMPORT_MAX_BYTES) finish(tooLarge());
      else chunks.push(chunk);
    });
    payload.on("end", () => finish(null));
    payload.on("error", (err: Error) => finish(err));
  });

  route(app, "GET /api/partner/imports/template.csv", async (_req, reply) => {
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="handovers-template.csv"')
      .header("cache-control", "no-store")
      .send(templateCsv(todayInIndia()));
  });
  route(app, "GET /api/partner/imports", async (req) => {
    const m = partnerMembership(req);
    return listImportsPage(db, codec, m.partnerId, listQuery(req.query, "created", {}));
  });
  // reading and checking 10,000 rows costs about a second of the server's time: limited per user
  route(
    app,
    "POST /api/partner/imports",
    async (req) => {
      const m = partnerMembership(req);
      return previewImport(db, m, await readFile(req));
    },
    { rateLimit: perUser(60 * rateLimitFactor, "1 hour") },
  );
  route(app, "GET /api/partner/imports/:id", async (req) =>
    getImport(db, partnerMembership(req), req.params.id),
  );
  route(app, "POST /api/partner/imports/:id/commit", async (req) =>
    commitImport(db, partnerMembership(req), req.params.id),
  );
}

/** the file from the body, or from the multipart form's `file` part */
async function readFile(req: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  const body = csvBodies.get(req);
  if (body) return { bytes: body, fileName: "" };
  if (!req.isMultipart()) {
    throw badRequest('Please send the CSV file as the body (Content-Type: text/csv) or as a form\'s "file".');
  }
  let part: MultipartFile | undefined;
  let bytes: Buffer;
  try {
    part = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
    if (part?.fieldname !== "file") {
      throw badRequest('Please choose a CSV file (a form part named "file").');
    }
    bytes = await part.toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    // the form's own failures (cut off, malformed, too many parts), said plainly
    throw badRequest("The upload did not complete. Please choose the file again.");
  }
  if (part.file.truncated) throw tooLarge();
  if (bytes.length === 0) throw badRequest("The file is empty. Please choose the CSV of your handovers.");
  return { bytes, fileName: part.filename.replace(/[^\p{L}\p{N} ._()-]/gu, "_") };
}
